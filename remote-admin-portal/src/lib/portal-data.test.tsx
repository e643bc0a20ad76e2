import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import type { LiveProjectEvent, Project, Ticket } from '@agency/domain';
import {
  applyLiveEvent,
  boardQuery,
  createPortalClient,
  dashboardClient,
  expectEcho,
  firstPageQuery,
  invalidateLists,
  pageQuery,
  PortalProvider,
  portalKeys,
  putProject,
  putTicket,
  useCounts,
  useFirstReads,
  useProjectPage,
  type QueryClient,
} from '@agency/portal';
import { ACTIVE, aProject, aTicket, fakePortalApi, REFUSED } from '../testing/render-dashboard';
import { setTestAppConfig } from '../../../tools/jest/test-utils';

beforeEach(() => setTestAppConfig());

const query = firstPageQuery;
const cached = (client: QueryClient, id: string) => client.getQueryData<Project>(portalKeys.project(id));
const stale = (client: QueryClient, view: 'pending' | 'active' | 'refused' | 'completed') =>
  client.getQueryState(portalKeys.page(query(view)))?.isInvalidated;
const liveEvent = (projectId: string, overrides: Partial<LiveProjectEvent>): LiveProjectEvent => ({
  id: 1,
  projectId,
  action: 'admin_edit',
  actorRole: 'ADMIN',
  from: null,
  to: null,
  at: '',
  notifies: false,
  ...overrides,
});

describe('portal data', () => {
  it('keeps the cached object when an answer brings nothing new, so memoized cards skip it', async () => {
    const project = aProject({ title: 'Same' });
    fakePortalApi({ projects: [project] });
    const client = createPortalClient();
    await client.fetchQuery(pageQuery(client, query('pending')));
    const before = cached(client, project.id);
    putProject(client, { ...project });
    expect(cached(client, project.id)).toBe(before);
    await client.refetchQueries({ queryKey: portalKeys.page(query('pending')) });
    expect(cached(client, project.id)).toBe(before);
  });

  it('a project that changes list marks the lists it left and joined as stale; the others stay current', async () => {
    const project = aProject({ admin_approval_status: 'accepted' });
    fakePortalApi({ projects: [project] });
    const client = createPortalClient();
    for (const view of ['pending', 'active', 'refused', 'completed'] as const)
      await client.fetchQuery(pageQuery(client, query(view)));
    putProject(client, { ...project, ...ACTIVE });
    expect(stale(client, 'pending')).toBe(true);
    expect(stale(client, 'active')).toBe(true);
    expect(stale(client, 'refused')).toBe(false);
    expect(stale(client, 'completed')).toBe(false);
  });

  it('the first reads are shown together: what shows them renders once, with both in', async () => {
    const api = fakePortalApi({ projects: [aProject()] });
    useAuthStore.setState({ role: 'ADMIN' });
    const dashboard = dashboardClient('pending', 'ADMIN');
    const seen: Array<[boolean, boolean]> = [];
    let shown: QueryClient | undefined;
    function Shown() {
      const { counts } = useCounts();
      const page = useProjectPage('pending', 'pending');
      seen.push([counts !== undefined, page.status === 'ready']);
      return <p>{page.ids.length} shown</p>;
    }
    function WhenRead() {
      return useFirstReads() ? <Shown /> : <p>Loading</p>;
    }
    function Dashboard() {
      const client = dashboard.useClient();
      shown = client;
      return (
        <PortalProvider client={client}>
          <WhenRead />
        </PortalProvider>
      );
    }
    render(<Dashboard />);
    expect(await screen.findByText('1 shown')).toBeInTheDocument();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([counts, page]) => counts && page)).toBe(true);
    // A change that marks the lists stale reaches what shows them: the page is read again.
    const lists = () => api.routes().filter((r) => r === 'GET /api/projects').length;
    expect(lists()).toBe(1);
    act(() => invalidateLists(shown!));
    await waitFor(() => expect(lists()).toBe(2));
  });

  it("a dashboard's cache prepared when its module runs has its first reads under way; the first dashboard mounted takes it", async () => {
    const api = fakePortalApi({ projects: [aProject()] });
    useAuthStore.setState({ role: 'CLIENT' });
    const dashboard = dashboardClient('pending', 'CLIENT');
    const { result } = renderHook(() => dashboard.useClient());
    await waitFor(() => expect(result.current.getQueryData(portalKeys.counts)).toBeDefined());
    expect(result.current.getQueryState(portalKeys.page(query('pending')))?.status).toBe('success');
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(1);
    // Another dashboard (the page opened again) makes its own cache and reads for it.
    const again = renderHook(() => dashboard.useClient());
    expect(again.result.current).not.toBe(result.current);
    await waitFor(() => expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(2));
  });

  it('a page is fetched once per version of its view', async () => {
    const api = fakePortalApi({ projects: [aProject(), aProject(REFUSED)] });
    const client = createPortalClient();
    await client.fetchQuery(pageQuery(client, query('pending')));
    await client.fetchQuery(pageQuery(client, query('pending')));
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(1);
    expect(client.getQueryData<{ total: number }>(portalKeys.page(query('pending')))?.total).toBe(1);
    invalidateLists(client);
    await client.fetchQuery(pageQuery(client, query('pending')));
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(2);
  });

  it("skips refetching its own change when it comes back live, but not the other side's", async () => {
    const project = aProject();
    const api = fakePortalApi({ projects: [project] });
    const client = createPortalClient();
    expectEcho(client, project.id);
    applyLiveEvent(client, liveEvent(project.id, { id: 1, action: 'admin_accept' }));
    applyLiveEvent(
      client,
      liveEvent(project.id, { id: 2, action: 'client_accept', actorRole: 'CLIENT', notifies: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.routes()).toEqual([`GET /api/projects/${project.id}`]);
  });

  it("skips its own change's echo once: another admin session's change to the same project right after is fetched", async () => {
    const project = aProject();
    const api = fakePortalApi({ projects: [project] });
    const client = createPortalClient();
    expectEcho(client, project.id);
    applyLiveEvent(client, liveEvent(project.id, { id: 1 }));
    applyLiveEvent(client, liveEvent(project.id, { id: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.routes()).toEqual([`GET /api/projects/${project.id}`]);
  });

  it('a board reads every page of its tickets, oldest first; one ticket replaced leaves the others as they were', async () => {
    const project = aProject(ACTIVE);
    const tickets = Array.from({ length: 130 }, (_, i) => aTicket(project, { title: `T${i}` }));
    fakePortalApi({ projects: [project], tickets });
    const client = createPortalClient();
    const board = await client.fetchQuery(boardQuery(project.id, 'main'));
    expect(board).toHaveLength(130);
    expect(board[0]!.title).toBe('T0');
    putTicket(client, { ...board[5]!, status: 'done' });
    const next = client.getQueryData<Ticket[]>(portalKeys.board(project.id, 'main'))!;
    expect(next[5]!.status).toBe('done');
    expect(next[4]).toBe(board[4]);
  });
});
