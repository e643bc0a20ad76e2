import { PROJECT_VIEWS, type Project, type ProjectView, type Ticket } from '@agency/domain';
import { fakePortalApi, type PortalHandler } from '../../../tools/jest/fake-portal-api';
import { projectFixture } from '../../../tools/jest/project-fixture';
import { setTestAppConfig } from '../../../tools/jest/test-utils';
import { QueryObserver, skipToken, type QueryClient } from '@tanstack/react-query';
import {
  boardQuery,
  createPortalClient,
  firstPageQuery,
  pageQuery,
  portalKeys,
  putProject,
  putTicket,
  refreshProject,
  reloadBoard,
  type ListPage,
  type ListQuery,
} from './portal-data';

beforeEach(() => setTestAppConfig());

const aProject = (id: string, overrides: Partial<Project> = {}): Project =>
  projectFixture({
    id,
    created_at: `2026-01-15T10:00:${id.replace(/\D/g, '').padStart(2, '0')}.000Z`,
    ...overrides,
  });
const REFUSED: Partial<Project> = {
  status: 'refused',
  admin_approval_status: 'refused',
  overall_status: 'refused',
};
const ACTIVE: Partial<Project> = {
  status: 'active',
  admin_approval_status: 'accepted',
  client_approval_status: 'accepted',
  overall_status: 'accepted',
  is_active: true,
};
const aTicket = (id: string, status: Ticket['status']): Ticket => ({
  id,
  title: `Ticket ${id}`,
  description: null,
  project_id: 'p1',
  client_id: 'u1',
  board_type: 'main',
  status,
  assignee: null,
  created_at: '2026-01-16T10:00:00.000Z',
});

/**
 * Requests to a route that read the server's data as they arrive and answer only when the test says: `held[i]()`
 * answers request i (from 0). While `holding` is off, requests answer at once.
 */
function heldRoute(read: (...args: Parameters<PortalHandler>) => unknown) {
  const held: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  const route = {
    held,
    holding: true,
    /** Resolves once `count` requests have come in. */
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        if (held.length >= count) resolve();
        else watchers.push({ count, resolve });
      }),
    handler: (async (...args) => {
      const body = read(...args);
      if (route.holding) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          for (const watcher of watchers) if (held.length >= watcher.count) watcher.resolve();
        });
      }
      return { body };
    }) as PortalHandler,
  };
  return route;
}

const projectList = () =>
  heldRoute((_init, url, api) => {
    const rows = api.state.projects.filter(PROJECT_VIEWS[url.searchParams.get('view') as ProjectView]);
    return { projects: rows, nextCursor: null, total: rows.length };
  });

const clients: QueryClient[] = [];
/** Until no query of the client is reading. */
async function waitForIdle(client: QueryClient) {
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

const newClient = () => {
  const client = createPortalClient();
  clients.push(client);
  return client;
};
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

const pending = firstPageQuery('pending');
const pageOf = (client: QueryClient, query = pending) =>
  client.getQueryState<ListPage>(portalKeys.page(query));
const projectOf = (client: QueryClient, id: string) => client.getQueryData<Project>(portalKeys.project(id));
/** A list on screen: its query is observed, so a change that marks it stale reads it again at once. */
const showPage = (client: QueryClient, query: ListQuery) => {
  const observer = new QueryObserver(client, pageQuery(client, query));
  return observer.subscribe(() => undefined);
};
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('portal data: answers that arrive out of order', () => {
  it("an older list answer arriving last neither replaces the newer page nor undoes a project's change", async () => {
    const list = projectList();
    const api = fakePortalApi(
      { projects: [aProject('p1'), aProject('p2'), aProject('p3')] },
      { 'GET /api/projects': list.handler },
    );
    const client = newClient();
    const stop = showPage(client, pending);
    await list.arrived(1);
    list.held[0]!();
    await until(() => pageOf(client)?.status === 'success');

    // The admin refuses p1, then p2 within a second; each change reaches the client and its Pending tab asks again.
    api.state.projects = api.state.projects.map((p) => (p.id === 'p1' ? { ...p, ...REFUSED } : p));
    putProject(
      client,
      api.state.projects.find((p) => p.id === 'p1')!,
    );
    await list.arrived(2);
    api.state.projects = api.state.projects.map((p) => (p.id === 'p2' ? { ...p, ...REFUSED } : p));
    putProject(
      client,
      api.state.projects.find((p) => p.id === 'p2')!,
    );
    await list.arrived(3);

    list.held[2]!();
    await until(() => pageOf(client)?.fetchStatus === 'idle');
    list.held[1]!();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(projectOf(client, 'p2')?.admin_approval_status).toBe('refused');
    expect(pageOf(client)?.data?.ids).toEqual(['p3']);
    expect(pageOf(client)?.isInvalidated).toBe(false);
    stop();
  });

  it('a list answer read before a push does not overwrite the project the push brought', async () => {
    const list = projectList();
    const api = fakePortalApi(
      { projects: [aProject('p1', { ...ACTIVE, cost: 1000 })] },
      { 'GET /api/projects': list.handler },
    );
    const client = newClient();
    putProject(client, api.state.projects[0]!);
    const read = client.fetchQuery(pageQuery(client, firstPageQuery('active')));
    await list.arrived(1);
    // The cost changes on the server and its push arrives before the list's answer (no list changes membership).
    api.state.projects = [{ ...api.state.projects[0]!, cost: 2500 }];
    putProject(client, api.state.projects[0]!);
    list.held[0]!();
    await read;

    expect(projectOf(client, 'p1')?.cost).toBe(2500);
    expect(pageOf(client, firstPageQuery('active'))?.data?.ids).toEqual(['p1']);
  });
});

describe('portal data: forced reloads while a read is in flight', () => {
  const move = (api: ReturnType<typeof fakePortalApi>, status: Ticket['status']) => {
    api.state.tickets = api.state.tickets.map((t) => ({ ...t, status }));
  };

  it('a board asked again while its read is in flight reads once more after it, however many times it was asked', async () => {
    const tickets = heldRoute((_init, _url, api) => ({ tickets: api.state.tickets, nextCursor: null }));
    const api = fakePortalApi(
      { projects: [aProject('p1', ACTIVE)], tickets: [aTicket('t1', 'not-started')] },
      { 'GET /api/tickets': tickets.handler },
    );
    const client = newClient();
    tickets.holding = false;
    await client.fetchQuery(boardQuery('p1', 'main'));

    // The admin presses → twice on the ticket: each move reaches the client's read-only board.
    tickets.holding = true;
    move(api, 'in-progress');
    void reloadBoard(client, 'p1', 'main');
    await tickets.arrived(1);
    move(api, 'done');
    const second = reloadBoard(client, 'p1', 'main');
    const third = reloadBoard(client, 'p1', 'main');
    tickets.holding = false;
    tickets.held[0]!();
    await Promise.all([second, third]);

    expect(client.getQueryData<Ticket[]>(portalKeys.board('p1', 'main'))?.map((t) => t.status)).toEqual([
      'done',
    ]);
    expect(api.routes().filter((r) => r === 'GET /api/tickets')).toHaveLength(3);
  });

  it('a ticket this tab adds while its board is being read shows, though the read left before it', async () => {
    const tickets = heldRoute((_init, _url, api) => ({ tickets: [...api.state.tickets], nextCursor: null }));
    const api = fakePortalApi(
      { projects: [aProject('p1', ACTIVE)], tickets: [aTicket('t1', 'not-started')] },
      { 'GET /api/tickets': tickets.handler },
    );
    const client = newClient();
    const reading = client.fetchQuery(boardQuery('p1', 'main'));
    await tickets.arrived(1);
    // The ticket is created while the read is held; the read answers with the board as it was before.
    const added = aTicket('t2', 'not-started');
    api.state.tickets.push(added);
    tickets.holding = false;
    putTicket(client, added);
    tickets.held[0]!();
    await reading;
    await waitForIdle(client);

    const shown = client.getQueryData<Ticket[]>(portalKeys.board('p1', 'main'))?.map((t) => t.id);
    expect(shown?.sort()).toEqual(['t1', 't2']);
    expect(api.routes().filter((r) => r === 'GET /api/tickets')).toHaveLength(2);
  });

  it('a board asked again reads it with its own query, whatever a watcher of its key was given', async () => {
    const tickets = heldRoute((_init, _url, api) => ({ tickets: [...api.state.tickets], nextCursor: null }));
    const api = fakePortalApi(
      { projects: [aProject('p1', ACTIVE)], tickets: [aTicket('t1', 'not-started')] },
      { 'GET /api/tickets': tickets.handler },
    );
    const client = newClient();
    const stopBoard = new QueryObserver(client, boardQuery('p1', 'main')).subscribe(() => undefined);
    await tickets.arrived(1);
    // Something on screen only asks whether the board is read; it rendered last, so its options are the query's.
    const stopWatcher = new QueryObserver(client, {
      queryKey: portalKeys.board('p1', 'main'),
      queryFn: skipToken,
    }).subscribe(() => undefined);
    const added = aTicket('t2', 'not-started');
    api.state.tickets.push(added);
    tickets.holding = false;
    putTicket(client, added);
    tickets.held[0]!();
    await until(() => api.routes().filter((r) => r === 'GET /api/tickets').length === 2);
    await waitForIdle(client);

    const board = client.getQueryState<Ticket[]>(portalKeys.board('p1', 'main'));
    expect(board?.data?.map((t) => t.id).sort()).toEqual(['t1', 't2']);
    expect(board?.status).toBe('success');
    stopWatcher();
    stopBoard();
  });

  it('a project changed twice while its first refresh is in flight is read once more', async () => {
    const project = heldRoute((_init, url, api) => ({
      project: api.state.projects.find((p) => url.pathname.endsWith(`/${p.id}`)),
    }));
    const api = fakePortalApi({ projects: [aProject('p1')] }, { 'GET /api/projects/*': project.handler });
    const client = newClient();
    putProject(client, aProject('p1'));

    api.state.projects = [aProject('p1', { admin_approval_status: 'accepted' })];
    void refreshProject(client, 'p1');
    await project.arrived(1);
    api.state.projects = [aProject('p1', REFUSED)];
    const second = refreshProject(client, 'p1');
    project.holding = false;
    project.held[0]!();
    await second;

    expect(projectOf(client, 'p1')?.status).toBe('refused');
    expect(api.routes().filter((r) => r === 'GET /api/projects/p1')).toHaveLength(2);
  });
});

describe('portal data: a read that left before a change this tab was told of', () => {
  it("a project read answering after this tab's change does not undo it, and the project is read once more", async () => {
    const project = heldRoute((_init, url, api) => ({
      project: api.state.projects.find((p) => url.pathname.endsWith(`/${p.id}`)),
    }));
    const api = fakePortalApi({ projects: [aProject('p1')] }, { 'GET /api/projects/*': project.handler });
    const client = newClient();
    putProject(client, aProject('p1'));
    const shown: (string | undefined)[] = [];
    const stopWatching = client.getQueryCache().subscribe(() => shown.push(projectOf(client, 'p1')?.status));

    // A push asks for p1, and the read leaves with the project still pending.
    void refreshProject(client, 'p1');
    await project.arrived(1);
    // The client approves meanwhile: the approval's answer is written before that read answers.
    api.state.projects = [aProject('p1', ACTIVE)];
    putProject(client, api.state.projects[0]!);
    project.holding = false;
    project.held[0]!();
    await until(() => api.routes().filter((r) => r === 'GET /api/projects/p1').length === 2);
    await waitForIdle(client);

    expect(projectOf(client, 'p1')?.status).toBe('active');
    expect(shown.slice(shown.indexOf('active'))).not.toContain('pending');
    stopWatching();
  });

  it('a list read that nothing shows stays stale when a change marked it so while it was out', async () => {
    const list = projectList();
    const api = fakePortalApi({ projects: [aProject('p1')] }, { 'GET /api/projects': list.handler });
    const client = newClient();
    putProject(client, api.state.projects[0]!);
    const active = firstPageQuery('active');
    // The idle prefetch of a tab not shown leaves before the project becomes active...
    const prefetch = client.prefetchQuery(pageQuery(client, active));
    await list.arrived(1);
    api.state.projects = [aProject('p1', ACTIVE)];
    putProject(client, api.state.projects[0]!);
    // ...and answers after: the list it brings is older than the change.
    list.held[0]!();
    await prefetch;
    await until(() => pageOf(client, active)?.isInvalidated === true);
    expect(pageOf(client, active)?.data?.ids).toEqual([]);

    // Opened, the tab reads its list again and shows the project.
    list.holding = false;
    const stop = showPage(client, active);
    await until(() => pageOf(client, active)?.data?.ids.length === 1);
    stop();
  });
});

describe('portal data: page totals', () => {
  it('a later page keeps the count its first page gave (the server counts the first page only)', async () => {
    fakePortalApi({ projects: Array.from({ length: 13 }, (_, i) => aProject(`p${i + 1}`)) });
    const client = newClient();
    const first = await client.fetchQuery(pageQuery(client, pending));
    expect(first.total).toBe(13);

    const second = { ...pending, cursor: first.nextCursor };
    await client.fetchQuery(pageQuery(client, second));
    expect(pageOf(client, second)?.data).toMatchObject({
      ids: ['p3', 'p2', 'p1'],
      total: 13,
      nextCursor: null,
    });
  });
});
