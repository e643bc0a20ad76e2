import type { LiveProjectEvent } from '@agency/domain';
import {
  insertFixtureProject,
  startTestApi,
  uploadFixtureFile,
  type TestApi,
  type TestUser,
} from '../../test-support/test-api';

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

/** GET /api/live as the portals read it, collecting `project` events. */
async function openLive(user: TestUser) {
  const controller = new AbortController();
  const response = await fetch(`${api.url}/api/live`, {
    headers: { authorization: `Bearer ${user.token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const events: LiveProjectEvent[] = [];
  let ready = false;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type === 'ready') ready = true;
          if (type === 'project' && data) events.push(JSON.parse(data) as LiveProjectEvent);
        }
      }
    } catch {
      // aborted
    }
  })();
  const until = async (accept: () => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (!accept() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await until(() => ready);
  return {
    waitFor: async (action: string, timeoutMs?: number) => {
      await until(() => events.some((e) => e.action === action), timeoutMs);
      return events.filter((e) => e.action === action);
    },
    close: () => controller.abort(),
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
