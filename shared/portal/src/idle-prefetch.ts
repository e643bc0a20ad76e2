import { useEffect } from 'react';
import type { ProjectView } from '@agency/domain';
import { firstPageQuery, type ListQuery, type PortalStore } from './portal-store';
import { usePortalSelector, usePortalStore } from './use-portal';

/** Runs `task` when the browser has nothing else to do; returns what cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Once the dashboard's first page is in, the first page of each of `views` is read while the browser is idle, so
 * switching tabs renders at once from the cache. `onLoaded` (module-level, so it stays the same) runs after each.
 */
export function useIdlePrefetch(
  views: readonly ProjectView[],
  onLoaded?: (store: PortalStore, query: ListQuery) => void,
): void {
  const store = usePortalStore();
  const anyReady = usePortalSelector((s) => [...s.pages.values()].some((p) => p.status === 'ready'));
  useEffect(() => {
    if (!anyReady) return;
    return whenIdle(() => {
      for (const view of views) {
        const query = firstPageQuery(view);
        void store.loadPage(query).then(() => onLoaded?.(store, query));
      }
    });
  }, [anyReady, store, views, onLoaded]);
}
