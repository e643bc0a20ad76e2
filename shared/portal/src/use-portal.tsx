import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  QueryClientProvider,
  skipToken,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, useStore, type StoreApi } from 'zustand';
import { PROJECT_VIEWS, type BoardType, type Project, type ProjectView, type Ticket } from '@agency/domain';
import { followLiveEvents, type LiveStatus } from '@agency/auth/api';
import {
  applyLiveEvent,
  changeProject,
  countsQuery,
  DEFAULT_FILTERS,
  firstPageQuery,
  invalidateLists,
  PAGE_SIZE,
  pageQuery,
  portalKeys,
  putProject,
  putTicket,
  reloadBoard,
  removeTicket,
  resyncAll,
  boardQuery,
  type Counts,
  type ListFilters,
} from './portal-data';

/** Where a list on screen is: its filters and the cursors of the pages walked through (page n = cursors[n-1]). */
export interface Paging {
  filters: ListFilters;
  cursors: readonly (string | null)[];
}
/**
 * The dashboard's client state (the server's data is in the query cache): where each list is (kept so a tab
 * left and shown again is where it was; tabs unmount when left, to keep the page small), the project picked in
 * a list with a board, and the live channel's status.
 */
interface PortalUi {
  paging: Readonly<Record<string, Paging>>;
  selection: Readonly<Record<string, string>>;
  live: LiveStatus;
}
const UiContext = createContext<StoreApi<PortalUi> | null>(null);

function usePortalUi<T>(selector: (state: PortalUi) => T): [T, StoreApi<PortalUi>] {
  const ui = use(UiContext);
  if (!ui) throw new Error('The portal hooks need a PortalProvider');
  return [useStore(ui, selector), ui];
}

/** The dashboard's cache and client state; with `live`, it follows GET /api/live for as long as it is open. */
export function PortalProvider({
  client,
  live = false,
  children,
}: {
  client: QueryClient;
  live?: boolean;
  children: ReactNode;
}) {
  const [ui] = useState(() =>
    createStore<PortalUi>(() => ({ paging: {}, selection: {}, live: 'connecting' })),
  );
  useEffect(() => {
    if (!live) return;
    return followLiveEvents({
      onEvent: (event) => applyLiveEvent(client, event),
      onStatus: (status) => ui.setState({ live: status }),
      onResync: () => resyncAll(client),
    });
  }, [client, ui, live]);
  return (
    <QueryClientProvider client={client}>
      <UiContext value={ui}>{children}</UiContext>
    </QueryClientProvider>
  );
}

/** Writes into the dashboard's cache: an action's answer, a ticket moved, a retry. */
export function usePortalCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      putProject: (project: Project) => putProject(client, project),
      putTicket: (ticket: Ticket) => putTicket(client, ticket),
      removeTicket: (ticket: Ticket) => removeTicket(client, ticket),
      changeProject: <T,>(projectId: string, request: () => Promise<T>) =>
        changeProject(client, projectId, request),
      invalidateLists: () => invalidateLists(client),
      reloadBoard: (projectId: string, board: BoardType) => void reloadBoard(client, projectId, board),
    }),
    [client],
  );
}

/** A project as the cache has it (no read of its own: the lists and the live channel bring it). */
export function useProject(id: string): Project | undefined {
  return useQuery<Project>({ queryKey: portalKeys.project(id), queryFn: skipToken }).data;
}

/** The projects of `ids`, as the cache has them. */
export function useProjects(ids: readonly string[]): (Project | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: portalKeys.project(id), queryFn: skipToken })),
    combine: useCallback(
      (results: { data?: unknown }[]) => results.map((r) => r.data as Project | undefined),
      [],
    ),
  });
}

/** The tab counts; `failed` when they could not be read and none are shown. */
export function useCounts(): { counts: Counts | undefined; failed: boolean; retry: () => void } {
  const client = useQueryClient();
  const { data, isError } = useQuery(countsQuery());
  const retry = useCallback(() => invalidateLists(client), [client]);
  return { counts: data, failed: isError && data === undefined, retry };
}

export function useLiveStatus(): LiveStatus {
  return usePortalUi((s) => s.live)[0];
}

/** The project picked in a list with a board (Active, Completed). */
export function useSelection(listId: string): [string | undefined, (projectId: string) => void] {
  const [selected, ui] = usePortalUi((s) => s.selection[listId]);
  const select = useCallback(
    (projectId: string) => ui.setState((s) => ({ selection: { ...s.selection, [listId]: projectId } })),
    [ui, listId],
  );
  return [selected, select];
}

export interface ProjectPageState {
  status: 'loading' | 'ready' | 'error';
  /** Ids on this page that still belong to the view (one that left it goes at once, before the refetch). */
  ids: readonly string[];
  total: number;
  /** 1-based. */
  page: number;
  pageCount: number;
  hasNext: boolean;
  hasPrevious: boolean;
  next: () => void;
  previous: () => void;
  retry: () => void;
  filters: ListFilters;
  setFilters: (filters: ListFilters) => void;
  /** Whether a search or tier filter narrows the list. */
  filtered: boolean;
}

const FIRST_PAGE: Paging = { filters: DEFAULT_FILTERS, cursors: [null] };

/**
 * One page of a view as the server pages it (keyset cursors: page n+1 starts after page n's last row), with its
 * filters. `listId` names the list on screen: its place is kept while its tab is away. The page is read again
 * when its view changes.
 */
export function useProjectPage(listId: string, view: ProjectView, limit = PAGE_SIZE): ProjectPageState {
  const client = useQueryClient();
  const [paging, ui] = usePortalUi((s) => s.paging[listId] ?? FIRST_PAGE);
  const { filters, cursors } = paging;
  const cursor = cursors.at(-1) ?? null;
  const query = useMemo(() => ({ view, ...filters, cursor, limit }), [view, filters, cursor, limit]);
  const { data: page, isError, isFetching, isStale, refetch } = useQuery(pageQuery(client, query));
  const pageIds = page?.ids;
  const ids = useQueries({
    queries: (pageIds ?? []).map((id) => ({ queryKey: portalKeys.project(id), queryFn: skipToken })),
    combine: useCallback(
      (results: { data?: unknown }[]) =>
        (pageIds ?? []).filter((_, i) => {
          const project = results[i]?.data as Project | undefined;
          return project !== undefined && PROJECT_VIEWS[view](project);
        }),
      [pageIds, view],
    ),
  });

  const setPaging = useCallback(
    (next: Paging) => ui.setState((s) => ({ paging: { ...s.paging, [listId]: next } })),
    [ui, listId],
  );
  // A page left empty by changes (its rows moved away) steps back once the fresh answer says so.
  const current = page !== undefined && !isFetching && !isStale;
  useEffect(() => {
    if (current && page.ids.length === 0 && cursors.length > 1)
      setPaging({ filters, cursors: cursors.slice(0, -1) });
  }, [current, page, cursors, filters, setPaging]);

  const total = page?.total ?? 0;
  return {
    status: page ? 'ready' : isError ? 'error' : 'loading',
    ids,
    total,
    page: cursors.length,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    hasNext: Boolean(page?.nextCursor),
    hasPrevious: cursors.length > 1,
    next: () => {
      if (page?.nextCursor) setPaging({ filters, cursors: [...cursors, page.nextCursor] });
    },
    previous: () => {
      if (cursors.length > 1) setPaging({ filters, cursors: cursors.slice(0, -1) });
    },
    retry: () => void refetch(),
    // New filters start again at page 1.
    setFilters: (next: ListFilters) => setPaging({ filters: next, cursors: [null] }),
    filters,
    filtered: filters.q.trim() !== '' || filters.tier !== '',
  };
}

export interface BoardEntry {
  status: 'loading' | 'ready' | 'error';
  tickets: readonly Ticket[];
}
const NO_TICKETS: readonly Ticket[] = [];

/** One project's board, read when first shown; a failed reread keeps what was shown. */
export function useBoard(projectId: string, board: BoardType): BoardEntry {
  const { data, isError } = useQuery(boardQuery(projectId, board));
  return useMemo(
    () => ({ status: data ? 'ready' : isError ? 'error' : 'loading', tickets: data ?? NO_TICKETS }),
    [data, isError],
  );
}

/** Whether `query`'s first page is read (and, for a view with a board, its first project's board). */
export function useFirstPageRead(view: ProjectView, board?: BoardType): boolean {
  const client = useQueryClient();
  const page = useQuery({ ...pageQuery(client, firstPageQuery(view)), enabled: false }).data;
  const first = board ? page?.ids[0] : undefined;
  const boardRead = useQuery({ ...boardQuery(first ?? '', board ?? 'main'), enabled: false }).isSuccess;
  return page !== undefined && (first === undefined || boardRead);
}
