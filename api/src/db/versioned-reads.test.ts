import path from 'node:path';
import { insertFixtureProject, startTestApi } from '../test-support/test-api';
import { openDatabase } from './database';
import { runMigrations } from './migrations';
import { versionedReads } from './postgres-database';

/** A data_version query whose answers the test releases one at a time. */
function fakeVersionQuery() {
  const asked: { resolve: (version: number) => void }[] = [];
  const query = () =>
    new Promise<{ rows: { version: number }[] }>((resolve) =>
      asked.push({ resolve: (version) => resolve({ rows: [{ version }] }) }),
    );
  return { query, asked };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('reads kept per data version (PostgreSQL, several API processes)', () => {
  it('a read is loaded once per version and key, and again once the version moved', async () => {
    const { query, asked } = fakeVersionQuery();
    const readThrough = versionedReads(query);
    let loads = 0;
    const load = async () => ++loads;

    const first = [readThrough('list', load), readThrough('list', load)];
    await tick();
    asked.shift()!.resolve(1);
    expect(await Promise.all(first)).toEqual([1, 1]);

    const same = readThrough('list', load);
    await tick();
    asked.shift()!.resolve(1);
    expect(await same).toBe(1);

    const moved = readThrough('list', load);
    await tick();
    asked.shift()!.resolve(2);
    expect(await moved).toBe(2);
    expect(loads).toBe(2);
  });

  it('requests that arrive while the version is being read wait for a read that started after them', async () => {
    const { query, asked } = fakeVersionQuery();
    const readThrough = versionedReads(query);
    const early = readThrough('list', async () => 'early');
    await tick();
    expect(asked).toHaveLength(1);
    // These arrive while the first answer is on its way: a write may have committed since it was asked.
    const late = [readThrough('list', async () => 'late'), readThrough('other', async () => 'other')];
    await tick();
    expect(asked).toHaveLength(1);
    asked.shift()!.resolve(1);
    expect(await early).toBe('early');
    await tick();
    // One more query serves both late requests, and it sees the write.
    expect(asked).toHaveLength(1);
    asked.shift()!.resolve(2);
    expect(await Promise.all(late)).toEqual(['late', 'other']);
  });

  it('a failed load is not kept', async () => {
    const { query, asked } = fakeVersionQuery();
    const readThrough = versionedReads(query);
    const failing = readThrough('list', () => Promise.reject(new Error('database down')));
    await tick();
    asked.shift()!.resolve(1);
    await expect(failing).rejects.toThrow('database down');
    const retried = readThrough('list', async () => 'read');
    await tick();
    asked.shift()!.resolve(1);
    expect(await retried).toBe('read');
  });

  it('without a version (the query failed or hung), a read goes to the database uncached instead of failing', async () => {
    let fail = true;
    const readThrough = versionedReads(async () => {
      if (fail) throw new Error('connection lost');
      return { rows: [{ version: 1 }] };
    });
    let loads = 0;
    const load = async () => ++loads;
    expect(await readThrough('list', load)).toBe(1);
    expect(await readThrough('list', load)).toBe(2);
    fail = false;
    expect(await readThrough('list', load)).toBe(3);
    expect(await readThrough('list', load)).toBe(3);
  });

  it('a version query that hangs holds the reads behind it for 2 s at most', async () => {
    let calls = 0;
    const readThrough = versionedReads(() =>
      ++calls === 1 ? new Promise(() => undefined) : Promise.resolve({ rows: [{ version: 1 }] }),
    );
    expect(await readThrough('list', async () => 'from the database')).toBe('from the database');
    expect(await readThrough('list', async () => 'kept')).toBe('kept');
    expect(calls).toBe(2);
  });

  it('the data version moves once per committed transaction that changes a cached table, never on rollback', async () => {
    const db = await openDatabase({});
    try {
      await runMigrations(db, path.join(__dirname, '../../migrations'));
      const version = async () =>
        Number((await db.query<{ version: number }>('select version from data_version'))[0]!.version);
      const before = await version();
      await db.transaction(async (tx) => {
        await tx.query(`insert into profiles (id, email) values (gen_random_uuid(), 'a@example.test')`);
        await tx.query(`insert into profiles (id, email) values (gen_random_uuid(), 'b@example.test')`);
        await tx.query(`update profiles set full_name = 'Someone'`);
      });
      expect(await version()).toBe(before + 1);
      await db
        .transaction(async (tx) => {
          await tx.query(`update profiles set full_name = 'Nobody'`);
          throw new Error('changed my mind');
        })
        .catch(() => undefined);
      expect(await version()).toBe(before + 1);
      await db.query(
        `insert into contact_messages (first_name, last_name, email, project_details)
         values ('Ada', 'L', 'a@example.test', 'Hello there')`,
      );
      expect(await version()).toBe(before + 1);
      await db.query('truncate tickets cascade');
      expect(await version()).toBe(before + 2);
    } finally {
      await db.close();
    }
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('a change made through one API process is in the next list read through another', async () => {
    const api = await startTestApi();
    const replica = await startTestApi({ sameDatabaseAs: api });
    try {
      const client = await api.user('versioned-reads');
      const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'pending' });
      const pending = async () =>
        (await replica.call('GET', '/api/projects?view=pending', { token: client.token })).body.projects.map(
          (p: { id: string }) => p.id,
        );
      expect(await pending()).toEqual([projectId]);
      expect(await pending()).toEqual([projectId]);
      await api.call('POST', `/api/projects/${projectId}/refuse`, { token: api.admin.token });
      expect(await pending()).toEqual([]);
    } finally {
      await replica.close();
      await api.close();
    }
  });
});
