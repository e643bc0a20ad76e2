import { useEffect, useState } from 'react';
import type { ProjectView } from '@agency/domain';
import { createPortalStore, firstPageQuery, type PortalStore } from './portal-store';

/**
 * A dashboard's store, with its first reads (the tab counts and the first tab's first page) started as early as
 * possible and shown together. `prepare()` starts them when the dashboard's module runs, for a signed-in user
 * whose role is known to be the dashboard's, rather than after React's first commit; the first dashboard that
 * mounts takes that store.
 */
export function dashboardStore(firstView: ProjectView) {
  const started = new WeakSet<PortalStore>();
  const startReading = (store: PortalStore): PortalStore => {
    if (!started.has(store)) {
      started.add(store);
      void store.together(() => [store.loadCounts(), store.loadPage(firstPageQuery(firstView))]);
    }
    return store;
  };
  let prepared: PortalStore | null = null;
  return {
    prepare(): void {
      prepared ??= startReading(createPortalStore());
    },
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
