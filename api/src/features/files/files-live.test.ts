import {
  insertFixtureProject,
  startTestApi,
  uploadFixtureFile,
  type TestApi,
  type TestUser,
} from '../../test-support/test-api';
import { openLive as openLiveStream } from '../../test-support/live-reader';

/**
 * Issue 34: a file finished or deleted reaches the other side's open Files list live (an event of the log the
 * live channel carries), only those who may see the project hear of it, and it rings nobody's bell.
 */
let api: TestApi;
let projectA: string;
beforeAll(async () => {
  api = await startTestApi();
  projectA = await insertFixtureProject(api.db, api.clientA, { state: 'active' });
}, 60_000);
afterAll(() => api?.close());

/** The live stream as the portals read it; resolves with the `project` events of one action once one arrives. */
async function openLive(user: TestUser) {
  const live = await openLiveStream(api, user);
  return {
    waitFor: (action: string, timeoutMs?: number) => live.waitFor((e) => e.action === action, timeoutMs),
    close: live.close,
  };
}

const notificationsOf = (eventIds: number[]) =>
  api.db.query<{ user_id: string }>('select user_id from notifications where event_id = any($1::bigint[])', [
    eventIds,
  ]);

it('an upload and a delete reach the admin live, not client B, and notify no one', async () => {
  const admin = await openLive(api.admin);
  const clientB = await openLive(api.clientB);
  try {
    const fileId = await uploadFixtureFile(api, api.clientA, projectA, { name: 'brief.pdf' });
    const uploaded = await admin.waitFor('file_uploaded');
    expect(uploaded).toEqual([expect.objectContaining({ projectId: projectA, actorRole: 'CLIENT' })]);

    const deleted = await api.call('DELETE', `/api/files/${fileId}`, { token: api.clientA.token });
    expect(deleted.status).toBe(200);
    expect(await admin.waitFor('file_deleted')).toEqual([expect.objectContaining({ projectId: projectA })]);

    const logged = await api.db.query<{
      id: number;
      action: string;
      details: { fileId: string; name: string };
    }>(
      `select id::int as id, action, details from project_events
        where project_id = $1 and action like 'file_%' order by id`,
      [projectA],
    );
    expect(logged.map((e) => [e.action, e.details])).toEqual([
      ['file_uploaded', { fileId, name: 'brief.pdf' }],
      ['file_deleted', { fileId, name: 'brief.pdf' }],
    ]);
    expect(await notificationsOf(logged.map((e) => e.id))).toEqual([]);
    expect(await clientB.waitFor('file_uploaded', 300)).toEqual([]);
  } finally {
    admin.close();
    clientB.close();
  }
});

it('a cancelled upload (never listed) is no event', async () => {
  const announced = await api.call('POST', `/api/projects/${projectA}/files`, {
    token: api.clientA.token,
    body: { name: 'draft.pdf', size: 10 },
  });
  const before = await api.db.query('select id from project_events where project_id = $1', [projectA]);
  expect(
    (await api.call('DELETE', `/api/files/${announced.body.file.id}`, { token: api.clientA.token })).status,
  ).toBe(200);
  const after = await api.db.query('select id from project_events where project_id = $1', [projectA]);
  expect(after).toHaveLength(before.length);
});

it("the admin's upload reaches the client live", async () => {
  const client = await openLive(api.clientA);
  try {
    await uploadFixtureFile(api, api.admin, projectA, { name: 'design.png', content: 'png bytes' });
    expect(await client.waitFor('file_uploaded')).toEqual([
      expect.objectContaining({ projectId: projectA, actorRole: 'ADMIN' }),
    ]);
  } finally {
    client.close();
  }
});
