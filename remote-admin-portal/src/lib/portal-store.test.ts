import { ACTIVE, aProject, aTicket, fakePortalApi, REFUSED } from '../testing/render-dashboard';
import { setTestAppConfig } from '../../../tools/jest/test-utils';
import { renderHook, waitFor } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { createPortalStore, dashboardStore, listKey } from '@agency/portal';

beforeEach(() => setTestAppConfig());

const query = (view: 'pending' | 'active' | 'refused') => ({
  view,
  q: '',
  tier: '' as const,
  sort: 'newest' as const,
  cursor: null,
  limit: 10,
});

describe('portal store', () => {
  it('keeps the cached object when an answer brings nothing new, so memoized cards skip it', async () => {
    const project = aProject({ title: 'Same' });
    fakePortalApi({ projects: [project] });
    const store = createPortalStore();
    await store.loadPage(query('pending'));
    const cached = store.getState().projects.get(project.id);
    store.upsertProject({ ...project });
    expect(store.getState().projects.get(project.id)).toBe(cached);
    await store.loadPage(query('pending'), { force: true });
    expect(store.getState().projects.get(project.id)).toBe(cached);
  });

  it('a project that changes list marks the lists it left and joined as stale; the others stay current', async () => {
    const project = aProject({ admin_approval_status: 'accepted' });
    fakePortalApi({ projects: [project] });
    const store = createPortalStore();
    await store.loadPage(query('pending'));
    const before = store.getState().versions;
    store.upsertProject({ ...project, ...ACTIVE });
    const after = store.getState().versions;
    expect(after.pending).toBe(before.pending + 1);
    expect(after.active).toBe(before.active + 1);
    expect(after.refused).toBe(before.refused);
    expect(after.completed).toBe(before.completed);
  });

  it('answers read together reach subscribers once, when all are in', async () => {
    fakePortalApi({ projects: [aProject()] });
    const store = createPortalStore();
    const seen: Array<[boolean, boolean]> = [];
    store.subscribe(() => {
      const { counts, pages } = store.getState();
      seen.push([counts !== null, pages.get(listKey(query('pending')))?.status === 'ready']);
    });
    await store.together(() => [store.loadCounts(), store.loadPage(query('pending'))]);
    expect(seen).toEqual([[true, true]]);
    store.invalidateLists();
    expect(seen).toHaveLength(2);
  });

  it("a dashboard's store prepared when its module runs has its first reads under way; the first dashboard mounted takes it", async () => {
    const api = fakePortalApi({ projects: [aProject()] });
    useAuthStore.setState({ role: 'CLIENT' });
    const dashboard = dashboardStore('pending', 'CLIENT');
    const { result } = renderHook(() => dashboard.useStore());
    await waitFor(() => expect(result.current.getState().counts).not.toBeNull());
    expect(result.current.getState().pages.get(listKey(query('pending')))?.status).toBe('ready');
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(1);
    // Another dashboard (the page opened again) makes its own store and reads for it.
    const again = renderHook(() => dashboard.useStore());
    expect(again.result.current).not.toBe(result.current);
    await waitFor(() => expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(2));
  });

  it('a page is fetched once per version of its view', async () => {
    const api = fakePortalApi({ projects: [aProject(), aProject(REFUSED)] });
    const store = createPortalStore();
    await store.loadPage(query('pending'));
    await store.loadPage(query('pending'));
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(1);
    expect(store.getState().pages.get(listKey(query('pending')))?.page?.total).toBe(1);
    store.invalidateLists();
    await store.loadPage(query('pending'));
    expect(api.routes().filter((r) => r === 'GET /api/projects')).toHaveLength(2);
  });

  it("skips refetching its own change when it comes back live, but not the other side's", async () => {
    const project = aProject();
    const api = fakePortalApi({ projects: [project] });
    const store = createPortalStore();
    store.expectEcho(project.id);
    store.handleLive({
      id: 1,
      projectId: project.id,
      action: 'admin_accept',
      actorRole: 'ADMIN',
      from: null,
      to: null,
      at: '',
      notifies: false,
    });
    store.handleLive({
      id: 2,
      projectId: project.id,
      action: 'client_accept',
      actorRole: 'CLIENT',
      from: null,
      to: null,
      at: '',
      notifies: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.routes()).toEqual([`GET /api/projects/${project.id}`]);
  });

  it("skips its own change's echo once: another admin session's change to the same project right after is fetched", async () => {
    const project = aProject();
    const api = fakePortalApi({ projects: [project] });
    const store = createPortalStore();
    const adminChange = (id: number) =>
      store.handleLive({
        id,
        projectId: project.id,
        action: 'admin_edit',
        actorRole: 'ADMIN',
        from: null,
        to: null,
        at: '',
        notifies: false,
      });
    store.expectEcho(project.id);
    adminChange(1);
    adminChange(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.routes()).toEqual([`GET /api/projects/${project.id}`]);
  });

  it('a board reads every page of its tickets, oldest first; one ticket replaced leaves the others as they were', async () => {
    const project = aProject(ACTIVE);
    const tickets = Array.from({ length: 130 }, (_, i) => aTicket(project, { title: `T${i}` }));
    fakePortalApi({ projects: [project], tickets });
    const store = createPortalStore();
    await store.loadBoard(project.id, 'main');
    const board = store.getState().boards.get(`${project.id}|main`)!;
    expect(board.tickets).toHaveLength(130);
    expect(board.tickets[0]!.title).toBe('T0');
    store.putTicket({ ...board.tickets[5]!, status: 'done' });
    const next = store.getState().boards.get(`${project.id}|main`)!;
    expect(next.tickets[5]!.status).toBe('done');
    expect(next.tickets[4]).toBe(board.tickets[4]);
  });
});
