import { useEffect, useState } from 'react';
import type { ProjectView, Role } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { createPortalStore, firstPageQuery, type PortalStore } from './portal-store';

/**
 * A dashboard's store, with its first reads (the tab counts and the first tab's first page) started as early as
 * possible and shown together. The host runs a portal's module when a signed-in user of its role opens the
 * dashboard: the reads start then, while React renders the page, rather than after its first commit, and the
 * first dashboard that mounts takes that store.
 */
export function dashboardStore(firstView: ProjectView, role: Role) {
  const started = new WeakSet<PortalStore>();
  const startReading = (store: PortalStore): PortalStore => {
    if (!started.has(store)) {
      started.add(store);
      void store.together(() => [store.loadCounts(), store.loadPage(firstPageQuery(firstView))]);
    }
    return store;
  };
  let prepared: PortalStore | null =
    useAuthStore.getState().role === role ? startReading(createPortalStore()) : null;
  return {
    useStore(): PortalStore {
      // Taken once committed: a render React throws away (it may restart a concurrent one) must not use it up.
      const [store] = useState(() => prepared ?? createPortalStore());
      useEffect(() => {
        if (prepared === store) prepared = null;
        startReading(store);
      }, [store]);
      return store;
    },
  };
}
