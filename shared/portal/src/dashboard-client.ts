import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectView, Role } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { countsQuery, createPortalClient, firstPageQuery, pageQuery } from './portal-data';

/** The first reads of each dashboard's cache: the tab counts and the first tab's first page. */
const firstReads = new WeakMap<QueryClient, Promise<unknown>>();

/**
 * A dashboard's cache, with its first reads started as early as possible. The host runs a portal's module when a
 * signed-in user of its role opens the dashboard: the reads start then, while React renders the page, rather
 * than after its first commit, and the first dashboard that mounts takes that cache.
 */
export function dashboardClient(firstView: ProjectView, role: Role) {
  const startReading = (client: QueryClient): QueryClient => {
    if (!firstReads.has(client))
      firstReads.set(
        client,
        Promise.allSettled([
          client.prefetchQuery(countsQuery()),
          client.prefetchQuery(pageQuery(client, firstPageQuery(firstView))),
        ]),
      );
    return client;
  };
  let prepared: QueryClient | null =
    useAuthStore.getState().role === role ? startReading(createPortalClient()) : null;
  return {
    useClient(): QueryClient {
      // Taken once committed: a render React throws away (it may restart a concurrent one) must not use it up.
      const [client] = useState(() => prepared ?? startReading(createPortalClient()));
      useEffect(() => {
        if (prepared === client) prepared = null;
      }, [client]);
      return client;
    },
  };
}

/**
 * Whether the dashboard's first reads are all in (answered or failed). What shows them waits for both, so it renders
 * once with both: each answer told apart would be one more render of the whole page (the counts and the first
 * page arrive within milliseconds of each other, and each render of it costs tens of milliseconds).
 */
export function useFirstReads(): boolean {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['first-reads'],
    queryFn: () => (firstReads.get(client) ?? Promise.resolve()).then(() => true),
    // Never read again: a later change updates what it waited for, not the wait.
    staleTime: 'static',
  }).isSuccess;
}
