import { hashKey, QueryClient, queryOptions, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import {
  PROJECT_VIEWS,
  type BoardType,
  type LiveProjectEvent,
  type Project,
  type ProjectSort,
  type ProjectView,
  type Ticket,
} from '@agency/domain';
import { ApiError, apiClient } from '@agency/auth/api';
import { applyConversationEvent } from './conversation-data';
import { applyFileEvent } from './files-data';

/**
 * The dashboard's data, on TanStack Query: one query per view page, board, project, count and list, kept until
 * the dashboard closes (nothing goes stale by time: the live channel says what changed). A page holds the ids
 * it lists; each project is its own query that every list and card reads, so an action's answer or a live
 * change replaces one project and marks stale only the pages of the views it joined or left (they refetch while
 * shown). Structural sharing keeps unchanged objects, so memoized cards skip re-rendering.
 */
export type Counts = Record<ProjectView, number> & { completedOnly: number };
export type TierFilter = '' | '1' | '2' | '3' | '4' | 'general';

export interface ListFilters {
  q: string;
  tier: TierFilter;
  sort: ProjectSort;
}
export interface ListQuery extends ListFilters {
  view: ProjectView;
  cursor: string | null;
  limit: number;
}
export interface ListPage {
  ids: string[];
  total: number;
  nextCursor: string | null;
}

export const VIEWS = Object.keys(PROJECT_VIEWS) as ProjectView[];
export const PAGE_SIZE = 10;
export const DEFAULT_FILTERS: ListFilters = { q: '', tier: '', sort: 'newest' };
/** A view's first page as a tab opens on it: no search, no filter, newest first. */
export const firstPageQuery = (view: ProjectView): ListQuery => ({
  view,
  ...DEFAULT_FILTERS,
  cursor: null,
  limit: PAGE_SIZE,
});

/** Every query key of the portals, in one place: a change invalidates by these prefixes. */
export const portalKeys = {
  counts: ['counts'] as const,
  pages: (view?: ProjectView) => (view ? (['page', view] as const) : (['page'] as const)),
  page: (q: ListQuery) =>
    ['page', q.view, q.q.trim().toLowerCase(), q.tier, q.sort, q.cursor ?? '', q.limit] as const,
  project: (id: string) => ['project', id] as const,
  boards: (projectId: string) => ['board', projectId] as const,
  board: (projectId: string, board: BoardType) => ['board', projectId, board] as const,
  activity: (projectId?: string) => (projectId ? ['activity', projectId] : ['activity']) as QueryKey,
  payments: (projectId?: string) => (projectId ? ['payments', projectId] : ['payments']) as QueryKey,
  notifications: ['notifications'] as const,
  revenue: ['revenue'] as const,
  inbox: ['inbox'] as const,
};

/**
 * A change this tab made itself comes back on the live channel once: that one event, within this window, is not
 * fetched again. Any further event for the project (another session's change) still is.
 */
const ECHO_MS = 5000;
interface PortalMeta {
  echoes: Map<string, { count: number; until: number }>;
  /** Reads asked for while one of the same key is in flight: they run once, after it. */
  queued: Map<string, Promise<void>>;
  /** How many times each project was written by what this tab was told (an action's answer, putProject). */
  writes: Map<string, number>;
}
const metas = new WeakMap<QueryClient, PortalMeta>();
const metaOf = (client: QueryClient): PortalMeta => {
  let meta = metas.get(client);
  if (!meta) metas.set(client, (meta = { echoes: new Map(), queued: new Map(), writes: new Map() }));
  return meta;
};

/** A dashboard's cache: data stays until the live channel or an action says it changed. */
export function createPortalClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

const viewsOf = (project: Project | undefined) =>
  new Set(project ? VIEWS.filter((v) => PROJECT_VIEWS[v](project)) : []);

/**
 * What a project's new state changes beyond its own query: the pages of the views it joined or left (or whose
 * order its title sets) and the counts.
 */
function invalidateAround(client: QueryClient, before: Project | undefined, next: Project | undefined) {
  const was = viewsOf(before);
  const now = viewsOf(next);
  const changed = VIEWS.filter(
    (v) =>
      was.has(v) !== now.has(v) ||
      (before !== undefined && next !== undefined && before.title !== next.title && now.has(v)),
  );
  for (const view of changed) markStale(client, { queryKey: portalKeys.pages(view) });
  if (changed.length > 0 || !before) markStale(client, { queryKey: portalKeys.counts });
}

/**
 * Marks queries stale: those on screen read again at once, the others when next shown. A read in flight that
 * nothing on screen watches (a prefetch, a hidden tab's list) may have left before the change, and its answer
 * would clear the mark: the mark is set again once that read has landed.
 */
function markStale(client: QueryClient, filters: QueryFilters): void {
  for (const query of client.getQueryCache().findAll(filters)) {
    if (query.state.fetchStatus !== 'fetching' || query.isActive()) continue;
    void query.promise
      ?.catch(() => undefined)
      .then(() => client.invalidateQueries({ queryKey: query.queryKey, exact: true }));
  }
  void client.invalidateQueries(filters);
}

/** A project as the server now has it (an action's answer or a live change): cards update in place. */
export function putProject(client: QueryClient, project: Project): void {
  const { writes } = metaOf(client);
  writes.set(project.id, (writes.get(project.id) ?? 0) + 1);
  const before = client.getQueryData<Project>(portalKeys.project(project.id));
  client.setQueryData(portalKeys.project(project.id), project);
  invalidateAround(client, before, client.getQueryData<Project>(portalKeys.project(project.id)));
}

/** A project no longer visible (deleted, or not the caller's): it leaves every list. */
export function dropProject(client: QueryClient, projectId: string): void {
  const before = client.getQueryData<Project>(portalKeys.project(projectId));
  if (!before) return;
  client.removeQueries({ queryKey: portalKeys.project(projectId), exact: true });
  invalidateAround(client, before, undefined);
}

/** Marks every list stale (after a gap in the live channel, or a change whose effect is not known). */
export function invalidateLists(client: QueryClient): void {
  markStale(client, { queryKey: portalKeys.pages() });
  markStale(client, { queryKey: portalKeys.counts });
}

/**
 * A change of this tab to a board, written into it. A read of the board in flight (a tab opened just before)
 * may have left before the change and would answer without it, and its echo is not read again: one more read
 * runs after it.
 */
function changeBoard(client: QueryClient, ticket: Ticket, change: (tickets: Ticket[]) => Ticket[]): void {
  const key = portalKeys.board(ticket.project_id, ticket.board_type);
  client.setQueryData<Ticket[]>(key, (tickets) => tickets && change(tickets));
  if (client.getQueryCache().find({ queryKey: key, exact: true })?.state.fetchStatus === 'fetching')
    void reloadBoard(client, ticket.project_id, ticket.board_type);
}

/** One ticket replaced (a move, an edit) or added; the others keep their identity. */
export function putTicket(client: QueryClient, ticket: Ticket): void {
  changeBoard(client, ticket, (tickets) => {
    const at = tickets.findIndex((t) => t.id === ticket.id);
    return at < 0 ? [...tickets, ticket] : tickets.map((t, i) => (i === at ? ticket : t));
  });
}

export function removeTicket(client: QueryClient, ticket: Ticket): void {
  changeBoard(client, ticket, (tickets) => tickets.filter((t) => t.id !== ticket.id));
}

/** This tab is about to change the project: its live echo will not be fetched again. */
export function expectEcho(client: QueryClient, projectId: string): void {
  const { echoes } = metaOf(client);
  const pending = echoes.get(projectId);
  const count = pending && pending.until > Date.now() ? pending.count : 0;
  echoes.set(projectId, { count: count + 1, until: Date.now() + ECHO_MS });
}

/**
 * An action of this tab on a project (or its board): its live echo is expected before the request leaves (it may
 * arrive before the answer), and the project in the answer is written to the cache. A refused request withdraws
 * the expectation, so the next change to the project is not taken for its echo.
 */
export async function changeProject<T>(
  client: QueryClient,
  projectId: string,
  request: () => Promise<T>,
): Promise<T> {
  expectEcho(client, projectId);
  let answer: T;
  try {
    answer = await request();
  } catch (error) {
    withdrawEcho(client, projectId);
    throw error;
  }
  const project = (answer as { project?: Project } | null)?.project;
  if (project) putProject(client, project);
  return answer;
}

function withdrawEcho(client: QueryClient, projectId: string): void {
  const { echoes } = metaOf(client);
  const echo = echoes.get(projectId);
  if (echo && echo.count > 1) echo.count -= 1;
  else echoes.delete(projectId);
}

function takeEcho(client: QueryClient, event: LiveProjectEvent): boolean {
  const { echoes } = metaOf(client);
  const echo = echoes.get(event.projectId);
  if (event.notifies || !echo || echo.until <= Date.now()) return false;
  if (echo.count <= 1) echoes.delete(event.projectId);
  else echo.count -= 1;
  return true;
}

/**
 * Reads `queryKey` again after a change. A read in flight may predate the change, so one more runs after it,
 * however many are asked for meanwhile.
 */
function readAgain(client: QueryClient, queryKey: QueryKey, read: () => Promise<unknown>): Promise<void> {
  const { queued } = metaOf(client);
  const hash = hashKey(queryKey);
  const waiting = queued.get(hash);
  if (waiting) return waiting;
  const query = client.getQueryCache().find({ queryKey, exact: true });
  const inFlight = query?.state.fetchStatus === 'fetching' ? query.promise : undefined;
  const run = () =>
    read().then(
      () => undefined,
      () => undefined,
    );
  if (!inFlight) return run();
  const after = inFlight
    .catch(() => undefined)
    .then(() => {
      queued.delete(hash);
      return run();
    });
  queued.set(hash, after);
  return after;
}

export const projectQuery = (client: QueryClient, projectId: string) =>
  queryOptions({
    queryKey: portalKeys.project(projectId),
    queryFn: async ({ signal }) => {
      const { writes } = metaOf(client);
      const writesBefore = writes.get(projectId) ?? 0;
      try {
        const { project } = await apiClient().getProject({ params: { id: projectId } }, { signal });
        const cached = client.getQueryData<Project>(portalKeys.project(projectId));
        // The project was written while this read was out (an action's answer): the read may have left before
        // that change, so what the cache has stays and the project is read once more, after this read.
        if (cached && (writes.get(projectId) ?? 0) !== writesBefore) {
          void refreshProject(client, projectId);
          return cached;
        }
        invalidateAround(client, cached, project);
        return project;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403))
          dropProject(client, projectId);
        throw error;
      }
    },
    staleTime: 0,
  });

/** Asked after a change: a read already in flight may predate it, so this one reads again after it. */
export function refreshProject(client: QueryClient, projectId: string): Promise<void> {
  return readAgain(client, portalKeys.project(projectId), () =>
    client.fetchQuery(projectQuery(client, projectId)),
  );
}

export const countsQuery = () =>
  queryOptions({
    queryKey: portalKeys.counts,
    queryFn: ({ signal }) =>
      apiClient()
        .projectCounts(undefined, { signal })
        .then(({ counts }) => counts as Counts),
  });

/** One page of a view; the projects it brings are written to their own queries. */
export const pageQuery = (client: QueryClient, query: ListQuery) =>
  queryOptions({
    queryKey: portalKeys.page(query),
    queryFn: async ({ signal }): Promise<ListPage> => {
      const asOf = Date.now();
      const answer = await apiClient().listProjects(
        {
          query: {
            view: query.view,
            sort: query.sort,
            limit: String(query.limit),
            ...(query.q.trim() && { q: query.q.trim() }),
            ...(query.tier && { tier: query.tier }),
            ...(query.cursor && { cursor: query.cursor }),
          },
        },
        { signal },
      );
      // A newer read replaced this one (the view changed meanwhile): its answer is the one kept.
      if (signal.aborted) throw new Error('superseded');
      for (const project of answer.projects) {
        // A project written since this read started (a push, an action's answer) is newer than this answer.
        const written = client.getQueryState(portalKeys.project(project.id))?.dataUpdatedAt ?? 0;
        if (written < asOf) client.setQueryData(portalKeys.project(project.id), project);
      }
      return {
        ids: answer.projects.map((p) => p.id),
        // The server counts a list on its first page only: later pages keep that count.
        total:
          answer.total ??
          (query.cursor
            ? client.getQueryData<ListPage>(portalKeys.page({ ...query, cursor: null }))?.total
            : undefined) ??
          answer.projects.length,
        nextCursor: answer.nextCursor ?? null,
      };
    },
  });

/** A board is shown whole (its columns are capped on screen), so every page is read; oldest first. */
export const boardQuery = (projectId: string, board: BoardType) =>
  queryOptions({
    queryKey: portalKeys.board(projectId, board),
    queryFn: async ({ signal }): Promise<Ticket[]> => {
      const tickets: Ticket[] = [];
      let cursor: string | null | undefined;
      do {
        const answer = await apiClient().listTickets(
          { query: { projectId, board, limit: '100', ...(cursor && { cursor }) } },
          { signal },
        );
        tickets.push(...answer.tickets);
        cursor = answer.nextCursor;
      } while (cursor);
      return tickets.reverse();
    },
  });

/**
 * A board asked again (a live ticket change, Retry): one more read after any in flight. It reads with the
 * board's own query function: a refetch would run the options of whichever watcher of the key rendered last.
 */
export function reloadBoard(client: QueryClient, projectId: string, board: BoardType): Promise<void> {
  return readAgain(client, portalKeys.board(projectId, board), () =>
    client.fetchQuery({ ...boardQuery(projectId, board), staleTime: 0 }),
  );
}

/**
 * A live event, mapped to the same cache updates an action's answer makes, once: this tab's own change (its
 * echo) is already in the cache. Besides the project or board, the queries that show the event are marked
 * stale (those on screen read again): the project's timeline, the bell when it notifies, the revenue after a
 * change that may move money, the inbox after a consultation request.
 */
export function applyLiveEvent(client: QueryClient, event: LiveProjectEvent): void {
  if (applyConversationEvent(client, event)) {
    if (event.notifies && event.action !== 'messages_seen')
      markStale(client, { queryKey: portalKeys.notifications });
    return;
  }
  if (applyFileEvent(client, event)) {
    markStale(client, { queryKey: portalKeys.activity(event.projectId) });
    return;
  }
  const ticket = event.action.startsWith('ticket_');
  markStale(client, { queryKey: portalKeys.activity(event.projectId) });
  if (event.notifies) markStale(client, { queryKey: portalKeys.notifications });
  if (!ticket) markStale(client, { queryKey: portalKeys.revenue });
  if (event.action === 'consultation_requested') markStale(client, { queryKey: portalKeys.inbox });
  if (takeEcho(client, event)) return;
  if (ticket) {
    for (const board of ['main', 'maintenance'] as const)
      if (client.getQueryState(portalKeys.board(event.projectId, board)))
        void reloadBoard(client, event.projectId, board);
    return;
  }
  void refreshProject(client, event.projectId);
}

/** Back after a gap in the live channel: everything is stale, and what is shown is read again. */
export function resyncAll(client: QueryClient): void {
  markStale(client, { predicate: (query) => query.queryKey[0] !== 'project' });
}
