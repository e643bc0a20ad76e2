import pino from 'pino';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/app-env';
import { insertFixtureProject, startTestApi, type TestApi } from '../../test-support/test-api';
import { createLiveHub } from './live-hub';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const admin: Caller = {
  id: '00000000-0000-4000-8000-0000000000ad',
  email: 'hub@example.test',
  fullName: null,
  role: 'ADMIN',
};

/**
 * The test database with a listening connection the test can lose: while `cut`, notifications are lost, as
 * they are while the connection is down; `reconnect()` is its coming back (the hub's onGap).
 */
function withLosableListener(db: Database) {
  const state = { cut: false, reconnect: () => undefined as void };
  const losable: Database = {
    ...db,
    async listen(channel, handler, onGap) {
      state.reconnect = () => onGap?.();
      return db.listen(channel, (payload) => {
        if (!state.cut) handler(payload);
      });
    },
  };
  return { db: losable, state };
}

async function until(accept: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Time for the notifications of what was just committed to arrive (on PostgreSQL they come a little later). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const insertEvent = async (projectId: string, id?: number) =>
  (
    await api.db.query<{ id: number }>(
      id === undefined
        ? `insert into project_events (project_id, actor_role, action) values ($1, 'CLIENT', 'client_edit') returning id::int`
        : `insert into project_events (id, project_id, actor_role, action) overriding system value
           values ($2, $1, 'CLIENT', 'client_edit') returning id::int`,
      id === undefined ? [projectId] : [projectId, id],
    )
  )[0]!.id;

/** A hub over a listener the test can cut, started, with the admin subscribed: what it was sent, and resyncs. */
async function adminFollowingHub() {
  const { db, state } = withLosableListener(api.db);
  const hub = createLiveHub({ db, logger: pino({ level: 'silent' }) });
  await hub.start();
  const received: number[] = [];
  const resync = jest.fn();
  hub.subscribe(admin, { send: (event) => received.push(event.id), resync });
  return { hub, state, received, resync };
}

describe('the live hub across a lost listening connection', () => {
  it('replays what it missed, also an event committed late below the last id it had, each once', async () => {
    const { hub, state, received, resync } = await adminFollowingHub();
    try {
      const projectId = await insertFixtureProject(api.db, await api.user('hub-gap'));
      const [reserved] = await api.db.query<{ id: number }>(
        `select nextval(pg_get_serial_sequence('project_events', 'id'))::int as id`,
      );
      const earlierId = reserved!.id;
      const laterId = await insertEvent(projectId);
      await until(() => received.includes(laterId));
      state.cut = true;
      await insertEvent(projectId, earlierId);
      const whileAway = await insertEvent(projectId);
      await settle();
      state.cut = false;
      state.reconnect();
      await until(() => received.includes(earlierId) && received.includes(whileAway));
      await settle();
      expect(received).toEqual([laterId, earlierId, whileAway]);
      expect(resync).not.toHaveBeenCalled();
    } finally {
      await hub.stop();
    }
  });

  it('tells its subscribers to resync when the catch-up cannot replay everything', async () => {
    const { hub, state, received, resync } = await adminFollowingHub();
    try {
      const projectId = await insertFixtureProject(api.db, await api.user('hub-overflow'));
      state.cut = true;
      await api.db.query(
        `insert into project_events (project_id, actor_role, action)
         select $1, 'CLIENT', 'client_edit' from generate_series(1, 600)`,
        [projectId],
      );
      await settle();
      state.cut = false;
      state.reconnect();
      await until(() => resync.mock.calls.length > 0);
      expect(resync).toHaveBeenCalledTimes(1);
      expect(received.length).toBeLessThanOrEqual(500);
    } finally {
      await hub.stop();
    }
  });
});
