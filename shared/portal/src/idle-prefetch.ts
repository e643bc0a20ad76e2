import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '@agency/domain';
import { firstPageQuery, pageQuery, type ListQuery } from './portal-data';

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
 * Once the dashboard shows its first page (`ready`), the first page of each of `views` is
 * read while the browser is idle, so switching tabs renders at once from the cache. `onLoaded` (module-level, so
 * it stays the same) runs after each.
 */
export function useIdlePrefetch(
  ready: boolean,
  views: readonly ProjectView[],
  onLoaded?: (client: QueryClient, query: ListQuery) => void,
): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    return whenIdle(() => {
      for (const view of views) {
        const query = firstPageQuery(view);
        void client.prefetchQuery(pageQuery(client, query)).then(() => onLoaded?.(client, query));
      }
    });
  }, [ready, client, views, onLoaded]);
}
