import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { PROJECT_VIEWS, type BoardType, type Project, type ProjectView } from '@agency/domain';
import { followLiveEvents } from '@agency/auth/api';
import {
  boardKey,
  DEFAULT_FILTERS,
  listKey,
  PAGE_SIZE,
  type BoardEntry,
  type ListFilters,
  type Paging,
  type PortalEvent,
  type PortalState,
  type PortalStore,
} from './portal-store';

const StoreContext = createContext<PortalStore | null>(null);

export function PortalStoreProvider({ store, children }: { store: PortalStore; children: ReactNode }) {
  return <StoreContext value={store}>{children}</StoreContext>;
}

export function usePortalStore(): PortalStore {
  const store = use(StoreContext);
  if (!store) throw new Error('usePortalStore needs a PortalStoreProvider');
  return store;
}

/**
 * A slice of the store; the component re-renders only when the slice changes (by `isEqual`), so a card reading
 * its own project skips every change made to the others.
 */
export function usePortalSelector<T>(
  selector: (state: PortalState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = usePortalStore();
  const cache = useRef<{ state: PortalState; value: T } | null>(null);
  const getSnapshot = () => {
    const state = store.getState();
    const cached = cache.current;
    const value = selector(state);
    if (cached && isEqual(cached.value, value)) {
      cache.current = { state, value: cached.value };
      return cached.value;
    }
    cache.current = { state, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

export const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export function useProject(id: string): Project | undefined {
  return usePortalSelector((s) => s.projects.get(id));
}

/** Live events and resyncs, for parts that keep their own data. */
export function usePortalEvents(listener: (event: PortalEvent) => void) {
  const store = usePortalStore();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const stop = store.onEvent((event) => latest.current(event));
    return () => {
      stop();
    };
  }, [store]);
}

/** Follows GET /api/live for as long as the dashboard is open. */
export function useLiveUpdates(store: PortalStore) {
  useEffect(
    () =>
      followLiveEvents({
        onEvent: (event) => store.handleLive(event),
        onStatus: (status) => store.setLive(status),
        onResync: () => store.resync(),
      }),
    [store],
  );
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
 * filters. `listId` names the list on screen: its place is kept while its tab is away. The page is asked again
 * when its view changes.
 */
export function useProjectPage(listId: string, view: ProjectView, limit = PAGE_SIZE): ProjectPageState {
  const store = usePortalStore();
  const paging = usePortalSelector((s) => s.paging.get(listId)) ?? FIRST_PAGE;
  const { filters, cursors } = paging;
  const cursor = cursors.at(-1) ?? null;
  const key = listKey({ view, ...filters, cursor, limit });
  const entry = usePortalSelector((s) => s.pages.get(key));
  const version = usePortalSelector((s) => s.versions[view]);
  const ids = usePortalSelector(
    (s) =>
      (entry?.page?.ids ?? []).filter((id) => {
        const project = s.projects.get(id);
        return project !== undefined && PROJECT_VIEWS[view](project);
      }),
    sameIds,
  );

  const query = useMemo(() => ({ view, ...filters, cursor, limit }), [view, filters, cursor, limit]);
  useEffect(() => {
    void store.loadPage(query);
  }, [store, query, version]);

  const page = entry?.page;
  const total = page?.total ?? 0;
  // A page left empty by changes (its rows moved away) steps back once the fresh answer says so.
  useEffect(() => {
    if (
      entry?.status === 'ready' &&
      entry.version === version &&
      page &&
      page.ids.length === 0 &&
      cursors.length > 1
    ) {
      store.setPaging(listId, { filters, cursors: cursors.slice(0, -1) });
    }
  }, [store, listId, entry, version, page, cursors, filters]);

  const next = useCallback(() => {
    if (page?.nextCursor) store.setPaging(listId, { filters, cursors: [...cursors, page.nextCursor] });
  }, [store, listId, page, cursors, filters]);
  const previous = useCallback(() => {
    if (cursors.length > 1) store.setPaging(listId, { filters, cursors: cursors.slice(0, -1) });
  }, [store, listId, cursors, filters]);
  const retry = useCallback(() => void store.loadPage(query, { force: true }), [store, query]);
  // New filters start again at page 1.
  const setFilters = useCallback(
    (next: ListFilters) => store.setPaging(listId, { filters: next, cursors: [null] }),
    [store, listId],
  );

  return {
    status: page ? 'ready' : entry?.status === 'error' ? 'error' : 'loading',
    ids,
    total,
    page: cursors.length,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    hasNext: Boolean(page?.nextCursor),
    hasPrevious: cursors.length > 1,
    next,
    previous,
    retry,
    filters,
    setFilters,
    filtered: filters.q.trim() !== '' || filters.tier !== '',
  };
}

const EMPTY_BOARD: BoardEntry = { status: 'loading', tickets: [] };

/** One project's board, loaded when first shown. */
export function useBoard(projectId: string, board: BoardType): BoardEntry {
  const store = usePortalStore();
  const entry = usePortalSelector((s) => s.boards.get(boardKey(projectId, board)));
  useEffect(() => {
    void store.loadBoard(projectId, board);
  }, [store, projectId, board]);
  return entry ?? EMPTY_BOARD;
}
