import {
  PROJECT_VIEWS,
  type BoardType,
  type LiveProjectEvent,
  type Project,
  type ProjectSort,
  type ProjectView,
  type Ticket,
} from '@agency/domain';
import { ApiError, apiClient, type LiveStatus } from '@agency/auth/api';

/**
 * The dashboard's data: one cache of projects (by id) that every list and card reads, the pages of each list the
 * server gave (ids only), the tab counts and the boards. A change from the server's answer or the live channel
 * replaces one project or one ticket; lists whose membership changed are marked stale and refetch only their
 * page, only while shown. Unchanged objects keep their identity, so memoized cards skip re-rendering.
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
export interface PageEntry {
  status: 'loading' | 'ready' | 'error';
  /** The last answer, kept while a newer one loads. */
  page?: ListPage;
  /** The view's version this answer belongs to: older than the current one = stale. */
  version: number;
}
/** Where a list on screen is: its filters and the cursors of the pages walked through (page n = cursors[n-1]). */
export interface Paging {
  filters: ListFilters;
  cursors: readonly (string | null)[];
}
export interface BoardEntry {
  status: 'loading' | 'ready' | 'error';
  tickets: readonly Ticket[];
}

export interface PortalState {
  projects: ReadonlyMap<string, Project>;
  versions: Readonly<Record<ProjectView, number>>;
  pages: ReadonlyMap<string, PageEntry>;
  counts: Counts | null;
  countsFailed: boolean;
  boards: ReadonlyMap<string, BoardEntry>;
  /** Kept here so a tab left and shown again is where it was (tabs unmount when left, to keep the page small). */
  paging: ReadonlyMap<string, Paging>;
  /** The project picked in a list with a board (Active, Completed), by list. */
  selection: ReadonlyMap<string, string>;
  live: LiveStatus;
}

export type PortalEvent = { type: 'live'; event: LiveProjectEvent } | { type: 'resync' };

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
/**
 * A change this tab made itself comes back on the live channel once: that one event, within this window, is not
 * fetched again. Any further event for the project (another session's change) still is.
 */
const ECHO_MS = 5000;

export const listKey = (q: Omit<ListQuery, 'limit'> & { limit?: number }) =>
  [q.view, q.q.trim().toLowerCase(), q.tier, q.sort, q.cursor ?? '', q.limit ?? PAGE_SIZE].join('|');
export const boardKey = (projectId: string, board: BoardType) => `${projectId}|${board}`;

function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

const viewsOf = (project: Project | undefined) =>
  new Set(project ? VIEWS.filter((v) => PROJECT_VIEWS[v](project)) : []);

export function createPortalStore() {
  let state: PortalState = {
    projects: new Map(),
    versions: Object.fromEntries(VIEWS.map((v) => [v, 0])) as Record<ProjectView, number>,
    pages: new Map(),
    counts: null,
    countsFailed: false,
    boards: new Map(),
    paging: new Map(),
    selection: new Map(),
    live: 'connecting',
  };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: PortalEvent) => void>();
  /** Per project: how many of this tab's own changes have not come back yet, and until when they may. */
  const echoes = new Map<string, { count: number; until: number }>();
  const inflight = new Map<string, { done: Promise<void>; again: boolean }>();
  /**
   * When each cached project was read (a tick of `clock` taken as its request started, or as a push or an action's
   * answer arrived): an answer read earlier does not overwrite it.
   */
  let clock = 0;
  const readAt = new Map<string, number>();
  let countsTimer: ReturnType<typeof setTimeout> | undefined;
  let countsRequest = 0;
  let stopped = false;
  let holding = 0;
  let heldChange = false;

  const notify = () => listeners.forEach((listener) => listener());
  const set = (next: Partial<PortalState>) => {
    if (stopped) return;
    state = { ...state, ...next };
    if (holding > 0) heldChange = true;
    else notify();
  };

  /** Reads an answer into the cache, keeping the cached object when nothing changed. */
  function merge(projects: ReadonlyMap<string, Project>, incoming: Project): Project {
    const current = projects.get(incoming.id);
    return current && sameFields(current, incoming) ? current : incoming;
  }

  /**
   * One read per key at a time. A forced read asked for while one is in flight runs once more after it (that one
   * may have read the data before the change that forced this), however many are asked for meanwhile.
   */
  function once(key: string, { force = false }, run: () => Promise<void>): Promise<void> {
    const running = inflight.get(key);
    if (running) {
      running.again ||= force;
      return running.done;
    }
    const entry = { done: Promise.resolve(), again: false };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await run();
        } while (entry.again);
      } finally {
        inflight.delete(key);
      }
    })();
    inflight.set(key, entry);
    return entry.done;
  }

  const store = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Live events and resyncs, for the parts that keep their own data (bell, timeline, revenue, inbox). */
    onEvent(listener: (event: PortalEvent) => void) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    /**
     * Reads whose answers are shown together: subscribers hear of them once, when all are in. Each answer told
     * apart is one more render of the whole page (the dashboard's counts and its first page arrive within
     * milliseconds of each other, and each render of it costs tens of milliseconds).
     */
    together(reads: () => Promise<unknown>[]): Promise<void> {
      const release = () => {
        holding -= 1;
        if (holding === 0 && heldChange) {
          heldChange = false;
          notify();
        }
      };
      holding += 1;
      try {
        return Promise.allSettled(reads()).then(release);
      } catch (error) {
        release();
        throw error;
      }
    },

    loadCounts(): Promise<void> {
      const mine = ++countsRequest;
      return apiClient()
        .projectCounts()
        .then(
          ({ counts }) => {
            if (mine === countsRequest)
              set({
                counts: state.counts && sameFields(state.counts, counts) ? state.counts : counts,
                countsFailed: false,
              });
          },
          () => {
            if (mine === countsRequest) set({ countsFailed: true });
          },
        );
    },

    /** One page of a view; nothing is fetched when the cached answer is current. */
    loadPage(query: ListQuery, { force = false } = {}): Promise<void> {
      const key = listKey(query);
      const version = state.versions[query.view];
      const cached = state.pages.get(key);
      if (!force && cached && cached.status !== 'error' && cached.version === version)
        return Promise.resolve();
      // A change makes a new version: the read in flight for this one need not run again.
      return once(`page:${key}:${version}`, {}, async () => {
        set({ pages: new Map(state.pages).set(key, { status: 'loading', page: cached?.page, version }) });
        const asOf = ++clock;
        try {
          const answer = await apiClient().listProjects({
            query: {
              view: query.view,
              sort: query.sort,
              limit: String(query.limit),
              ...(query.q.trim() && { q: query.q.trim() }),
              ...(query.tier && { tier: query.tier }),
              ...(query.cursor && { cursor: query.cursor }),
            },
          });
          // The view changed while this was read: the answer for its newer version is (or will be) the one kept.
          if (version < state.versions[query.view]) return;
          const projects = new Map(state.projects);
          for (const project of answer.projects) {
            if ((readAt.get(project.id) ?? 0) > asOf) continue;
            projects.set(project.id, merge(projects, project));
            readAt.set(project.id, asOf);
          }
          const ids = answer.projects.map((p) => p.id);
          const before = state.pages.get(key)?.page;
          const page: ListPage = {
            ids:
              before && before.ids.length === ids.length && before.ids.every((id, i) => id === ids[i])
                ? before.ids
                : ids,
            // The server counts a list on its first page only: later pages keep that count.
            total:
              answer.total ??
              (query.cursor
                ? state.pages.get(listKey({ ...query, cursor: null }))?.page?.total
                : undefined) ??
              ids.length,
            nextCursor: answer.nextCursor ?? null,
          };
          set({ projects, pages: new Map(state.pages).set(key, { status: 'ready', page, version }) });
        } catch {
          if (version < state.versions[query.view]) return;
          set({ pages: new Map(state.pages).set(key, { status: 'error', page: cached?.page, version }) });
        }
      });
    },

    /**
     * A project as the server now has it (an action's answer or a live change): cards update in place; lists it
     * joined or left (or whose order its title sets) are stale, and the counts are asked again.
     */
    upsertProject(project: Project) {
      readAt.set(project.id, ++clock);
      const before = state.projects.get(project.id);
      const next = merge(state.projects, project);
      if (next === before) return;
      const was = viewsOf(before);
      const now = viewsOf(next);
      const changed = VIEWS.filter(
        (v) =>
          was.has(v) !== now.has(v) || (before !== undefined && before.title !== next.title && now.has(v)),
      );
      const versions = { ...state.versions };
      for (const view of changed) versions[view] += 1;
      set({ projects: new Map(state.projects).set(next.id, next), ...(changed.length > 0 && { versions }) });
      if (changed.length > 0 || !before) store.scheduleCounts();
    },

    /** A project no longer visible (deleted, or not the caller's): it leaves every list. */
    dropProject(projectId: string) {
      const before = state.projects.get(projectId);
      if (!before) return;
      readAt.set(projectId, ++clock);
      const projects = new Map(state.projects);
      projects.delete(projectId);
      const versions = { ...state.versions };
      for (const view of viewsOf(before)) versions[view] += 1;
      set({ projects, versions });
      store.scheduleCounts();
    },

    /** Asked after a change: a read already in flight may predate it, so this one is forced. */
    refreshProject(projectId: string): Promise<void> {
      return once(`project:${projectId}`, { force: true }, () =>
        apiClient()
          .getProject({ params: { id: projectId } })
          .then(
            ({ project }) => store.upsertProject(project),
            (error: unknown) => {
              if (error instanceof ApiError && (error.status === 404 || error.status === 403))
                store.dropProject(projectId);
            },
          ),
      );
    },

    scheduleCounts() {
      clearTimeout(countsTimer);
      countsTimer = setTimeout(() => void store.loadCounts(), 50);
    },

    /** Marks every list stale (after a gap in the live channel, or a change whose effect is not known). */
    invalidateLists() {
      set({
        versions: Object.fromEntries(VIEWS.map((v) => [v, state.versions[v] + 1])) as Record<
          ProjectView,
          number
        >,
      });
      store.scheduleCounts();
    },

    loadBoard(projectId: string, board: BoardType, { force = false } = {}): Promise<void> {
      const key = boardKey(projectId, board);
      const cached = state.boards.get(key);
      if (!force && cached && cached.status !== 'error') return Promise.resolve();
      return once(`board:${key}`, { force }, async () => {
        // Read as it runs: a rerun starts from what the read before it left.
        const before = state.boards.get(key);
        if (!before || before.status === 'error')
          set({
            boards: new Map(state.boards).set(key, { status: 'loading', tickets: before?.tickets ?? [] }),
          });
        try {
          const tickets: Ticket[] = [];
          let cursor: string | null | undefined;
          // A board is shown whole (its columns are capped on screen), so every page is read.
          do {
            const answer = await apiClient().listTickets({
              query: { projectId, board, limit: '100', ...(cursor && { cursor }) },
            });
            tickets.push(...answer.tickets);
            cursor = answer.nextCursor;
          } while (cursor);
          // Oldest first, as a column reads top to bottom.
          tickets.reverse();
          const previous = new Map((state.boards.get(key)?.tickets ?? []).map((t) => [t.id, t]));
          const merged = tickets.map((t) => {
            const old = previous.get(t.id);
            return old && sameFields(old, t) ? old : t;
          });
          const old = state.boards.get(key)?.tickets;
          const unchanged = old && old.length === merged.length && old.every((t, i) => t === merged[i]);
          set({
            boards: new Map(state.boards).set(key, { status: 'ready', tickets: unchanged ? old : merged }),
          });
        } catch {
          set({
            boards: new Map(state.boards).set(key, {
              status: before?.status === 'ready' ? 'ready' : 'error',
              tickets: before?.tickets ?? [],
            }),
          });
        }
      });
    },

    /** One ticket replaced (a move, an edit) or added; the others keep their identity. */
    putTicket(ticket: Ticket) {
      const key = boardKey(ticket.project_id, ticket.board_type);
      const board = state.boards.get(key);
      if (!board) return;
      const at = board.tickets.findIndex((t) => t.id === ticket.id);
      const tickets =
        at < 0 ? [...board.tickets, ticket] : board.tickets.map((t, i) => (i === at ? ticket : t));
      set({ boards: new Map(state.boards).set(key, { ...board, tickets }) });
    },

    removeTicket(ticket: Ticket) {
      const key = boardKey(ticket.project_id, ticket.board_type);
      const board = state.boards.get(key);
      if (!board) return;
      set({
        boards: new Map(state.boards).set(key, {
          ...board,
          tickets: board.tickets.filter((t) => t.id !== ticket.id),
        }),
      });
    },

    /** This tab is about to change the project: its live echo will not be fetched again. */
    expectEcho(projectId: string) {
      const pending = echoes.get(projectId);
      const count = pending && pending.until > Date.now() ? pending.count : 0;
      echoes.set(projectId, { count: count + 1, until: Date.now() + ECHO_MS });
    },

    handleLive(event: LiveProjectEvent) {
      eventListeners.forEach((listener) => listener({ type: 'live', event }));
      const echo = echoes.get(event.projectId);
      if (!event.notifies && echo && echo.until > Date.now()) {
        if (echo.count <= 1) echoes.delete(event.projectId);
        else echo.count -= 1;
        return;
      }
      if (event.action.startsWith('ticket_')) {
        for (const board of ['main', 'maintenance'] as const) {
          if (state.boards.has(boardKey(event.projectId, board)))
            void store.loadBoard(event.projectId, board, { force: true });
        }
        return;
      }
      void store.refreshProject(event.projectId);
    },

    /** Back after a gap: whatever is shown is asked again. */
    resync() {
      store.invalidateLists();
      for (const key of state.boards.keys()) {
        const [projectId, board] = key.split('|') as [string, BoardType];
        void store.loadBoard(projectId, board, { force: true });
      }
      eventListeners.forEach((listener) => listener({ type: 'resync' }));
    },

    setPaging(listId: string, paging: Paging) {
      set({ paging: new Map(state.paging).set(listId, paging) });
    },

    select(listId: string, projectId: string) {
      set({ selection: new Map(state.selection).set(listId, projectId) });
    },

    setLive(live: LiveStatus) {
      if (live !== state.live) set({ live });
    },

    stop() {
      stopped = true;
      clearTimeout(countsTimer);
      listeners.clear();
      eventListeners.clear();
    },
  };
  return store;
}

export type PortalStore = ReturnType<typeof createPortalStore>;
