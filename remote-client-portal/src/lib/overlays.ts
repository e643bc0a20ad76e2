import { use } from 'react';
import { loadOverlays, type Overlays } from '@agency/ui';

type TrackedPromise = Promise<Overlays> & { status?: 'fulfilled'; value?: Overlays };
let overlays: TrackedPromise | null = null;

/** Dialog, Tabs, Pagination…: the portal-only chunk of the UI facade, loaded once. */
export function preloadOverlays(): Promise<Overlays> {
  if (!overlays) {
    const promise: TrackedPromise = loadOverlays().then((module) => {
      // React's use() reads these fields: once loaded it returns at once instead of suspending again.
      promise.status = 'fulfilled';
      promise.value = module;
      return module;
    });
    overlays = promise;
  }
  return overlays;
}

/** Suspends until the overlay chunk is in. */
export function useOverlays(): Overlays {
  return use(preloadOverlays());
}
