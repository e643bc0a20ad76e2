import {
  ADMIN_APPROVAL_STATUSES,
  CLIENT_APPROVAL_STATUSES,
  PROJECT_STATUSES,
  PROJECT_VIEWS,
  shortReference,
  isCompletedProject,
  type ProjectState,
  type ProjectView,
} from '@agency/domain';
import { startTestApi, type TestApi } from '../../test-support/test-api';
import { COMPLETED_ONLY_SQL, VIEW_SQL } from './project-views';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function insertProject(
  owner: { id: string; email: string },
  fields: Partial<ProjectState> & { title?: string; tier?: number | null; description?: string } = {},
) {
  await api.db.query('insert into profiles (id, email) values ($1, $2) on conflict (id) do nothing', [
    owner.id,
    owner.email,
  ]);
  const [row] = await api.db.query<{ id: string }>(
    `insert into projects (title, description, tier, client_id, client_email, status, admin_approval_status, client_approval_status, overall_status, cancelled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      fields.title ?? 'A project',
      fields.description ?? 'Something to build',
      fields.tier === undefined ? 3 : fields.tier,
      owner.id,
      owner.email,
      fields.status ?? 'pending',
      fields.admin_approval_status ?? 'pending',
      fields.client_approval_status ?? 'pending',
      fields.overall_status ?? 'pending',
      fields.cancelled ?? false,
    ],
  );
  return row!.id;
}

describe('the SQL of each view is its shared predicate', () => {
  it('selects exactly what PROJECT_VIEWS accepts, for every combination of the status columns', async () => {
    const owner = await api.user('combinations');
    const states: Array<{ id: string; state: ProjectState }> = [];
    for (const status of PROJECT_STATUSES)
      for (const admin of ADMIN_APPROVAL_STATUSES)
        for (const client of CLIENT_APPROVAL_STATUSES)
          for (const overall of PROJECT_STATUSES)
            for (const cancelled of [false, true]) {
              const state: ProjectState = {
                tier: 3,
                status,
                admin_approval_status: admin,
                client_approval_status: client,
                overall_status: overall,
                is_active: false,
                cancelled,
                cancellation_reason: null,
              };
              states.push({ id: await insertProject(owner, state), state });
            }
    expect(states).toHaveLength(432);
    const ids = states.map((s) => s.id);
    const selected = async (sql: string) =>
      (
        await api.db.query<{ id: string }>(
          `select id from projects where id = any($1) and (${sql}) order by id`,
          [ids],
        )
      ).map((r) => r.id);
    for (const [view, predicate] of Object.entries(PROJECT_VIEWS) as [
      ProjectView,
      (p: ProjectState) => boolean,
    ][]) {
      expect([view, await selected(VIEW_SQL[view])]).toEqual([
        view,
        states
          .filter((s) => predicate(s.state))
          .map((s) => s.id)
          .sort(),
      ]);
    }
    expect(await selected(COMPLETED_ONLY_SQL)).toEqual(
      states
        .filter((s) => isCompletedProject(s.state))
        .map((s) => s.id)
        .sort(),
    );
  });
});

describe('lists that scale', () => {
  const page = (token: string, query: string) => api.call('GET', `/api/projects?${query}`, { token });

  it('pages a view keyset-wise: stable while projects are added between pages', async () => {
    const client = await api.user('pager');
    const created: string[] = [];
    for (let i = 0; i < 25; i++)
      created.unshift(await insertProject(client, { title: `Project ${String(i).padStart(2, '0')}` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await page(client.token, `view=pending&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      if (pages === 0) expect(response.body.total).toBe(25);
      seen.push(...response.body.projects.map((p: { id: string }) => p.id));
      cursor = response.body.nextCursor;
      pages++;
      // A new request arrives while the client reads: it shows up on the first page, never shifts later ones.
      await insertProject(client, { title: `Late arrival ${pages}` });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(created);
  });

  it('pages by title in the order the database lowercases (letters JavaScript lowercases otherwise included)', async () => {
    const client = await api.user('greek-titles');
    await insertProject(client, { title: 'ΟΔΥΣ b' });
    await insertProject(client, { title: 'ΟΔΥΣ' });
    const first = await page(client.token, 'sort=title&limit=1');
    const second = await page(client.token, `sort=title&limit=1&cursor=${first.body.nextCursor}`);
    expect([...first.body.projects, ...second.body.projects].map((p: { title: string }) => p.title)).toEqual([
      'ΟΔΥΣ',
      'ΟΔΥΣ b',
    ]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('sorts by title and oldest first, filters by tier and search, and shows a client only their own', async () => {
    const client = await api.user('filters');
    const other = await api.user('stranger-filters');
    await insertProject(client, { title: 'beta shop', tier: 1, description: 'An online shop' });
    await insertProject(client, { title: 'Alpha platform', tier: 3, description: 'A SaaS platform' });
    await insertProject(client, {
      title: 'Gamma consult',
      tier: null,
      description: 'Advice on 100% of things',
    });
    await insertProject(other, { title: 'Alpha of another client', tier: 3 });
    const titles = async (query: string, token = client.token) =>
      (await page(token, query)).body.projects.map((p: { title: string }) => p.title);

    expect(await titles('sort=title')).toEqual(['Alpha platform', 'beta shop', 'Gamma consult']);
    expect(
      await titles(
        'sort=title&limit=1&cursor=' + (await page(client.token, 'sort=title&limit=1')).body.nextCursor,
      ),
    ).toEqual(['beta shop']);
    expect(await titles('sort=oldest')).toEqual(['beta shop', 'Alpha platform', 'Gamma consult']);
    expect(await titles('tier=3')).toEqual(['Alpha platform']);
    expect(await titles('tier=general')).toEqual(['Gamma consult']);
    expect(await titles('q=shop')).toEqual(['beta shop']);
    expect(await titles('q=100%25')).toEqual(['Gamma consult']);
    const [shop] = await api.db.query<{ id: string }>(`select id from projects where title = 'beta shop'`);
    expect(await titles(`q=${shortReference(shop!.id)}`)).toEqual(['beta shop']);
    expect(await titles(`q=${shortReference(shop!.id).toLowerCase().replace('-', '')}`)).toEqual([
      'beta shop',
    ]);
    expect(await titles('q=alpha&sort=title', api.admin.token)).toEqual([
      'Alpha of another client',
      'Alpha platform',
    ]);
    expect((await page(client.token, 'view=nonsense')).status).toBe(400);
    expect((await page(client.token, 'limit=1000')).status).toBe(400);
    expect((await page(client.token, 'cursor=bm90LWpzb24')).status).toBe(400);
    const forged = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
    expect((await page(client.token, `cursor=${forged({ seq: 1.5 })}`)).status).toBe(400);
    expect((await page(client.token, `cursor=${forged(null)}`)).status).toBe(400);
  });

  it('counts each view for the caller as its list holds it; a request withdrawn while pending is counted once', async () => {
    const client = await api.user('counted');
    await insertProject(client, {});
    await insertProject(client, {
      status: 'completed',
      admin_approval_status: 'accepted',
      client_approval_status: 'accepted',
      overall_status: 'accepted',
    });
    await insertProject(client, {
      status: 'active',
      admin_approval_status: 'accepted',
      client_approval_status: 'accepted',
      overall_status: 'accepted',
      cancelled: true,
    });
    await insertProject(client, {
      status: 'refused',
      overall_status: 'refused',
      cancelled: true,
    });
    const { body } = await api.call('GET', '/api/project-counts', { token: client.token });
    expect(body.counts).toEqual({
      pending: 1,
      active: 0,
      completed: 2,
      refused: 1,
      finalPayment: 0,
      completedOnly: 1,
    });
    // Each count is the length of its list: the stat cards and the tabs count by one rule.
    for (const view of ['pending', 'active', 'completed', 'refused', 'finalPayment'] as const) {
      const list = await page(client.token, `view=${view}`);
      expect([view, list.body.projects.length, list.body.total]).toEqual([
        view,
        body.counts[view],
        body.counts[view],
      ]);
    }
  });

  it("pages one project's tickets by board", async () => {
    const client = await api.user('boarded');
    const projectId = await insertProject(client, {});
    for (let i = 0; i < 5; i++) {
      await api.db.query(`insert into tickets (title, project_id, board_type) values ($1, $2, $3)`, [
        `Ticket ${i}`,
        projectId,
        i < 3 ? 'main' : 'maintenance',
      ]);
    }
    const first = await api.call('GET', `/api/tickets?projectId=${projectId}&board=main&limit=2`, {
      token: client.token,
    });
    expect(first.body.tickets.map((t: { title: string }) => t.title)).toEqual(['Ticket 2', 'Ticket 1']);
    const second = await api.call(
      'GET',
      `/api/tickets?projectId=${projectId}&board=main&limit=2&cursor=${first.body.nextCursor}`,
      { token: client.token },
    );
    expect(second.body).toEqual({
      tickets: [expect.objectContaining({ title: 'Ticket 0' })],
      nextCursor: null,
    });
    expect(
      (
        await api.call('GET', `/api/tickets?projectId=${projectId}`, {
          token: (await api.user('peeker')).token,
        })
      ).status,
    ).toBe(404);
  });
});
