import { use } from 'react';
import { loadOverlays, type Overlays } from '@agency/ui';

type TrackedPromise = Promise<Overlays> & { status?: 'fulfilled'; value?: Overlays };
let overlays: TrackedPromise | null = null;

/** Starts loading Tabs/Dialog (a chunk kept off the landing page). */
export function preloadOverlays(): Promise<Overlays> {
  if (!overlays) {
    const promise: TrackedPromise = loadOverlays().then((module) => {
      // React's use() reads these fields: once loaded, it returns at once instead of suspending again.
      promise.status = 'fulfilled';
      promise.value = module;
      return module;
    });
    overlays = promise;
  }
  return overlays;
}

/**
 * Tabs and Dialog for the auth screens; suspends until the overlay chunk is in. Always calls use() (never a
 * cached shortcut) so a replayed render calls the same hooks in the same order.
 */
export function useOverlays(): Overlays {
  return use(preloadOverlays());
}
