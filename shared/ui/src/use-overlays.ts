import { use } from 'react';
import type * as OverlaysModule from './overlays';

export type Overlays = typeof OverlaysModule;

type TrackedPromise = Promise<Overlays> & { status?: 'fulfilled'; value?: Overlays };
let overlays: TrackedPromise | null = null;

/** Dialog, Tabs, Table, Pagination: the portal-only part of the UI kit, loaded once, on demand. */
export function loadOverlays(): Promise<Overlays> {
  if (!overlays) {
    const promise: TrackedPromise = import(/* webpackChunkName: "overlays" */ './overlays').then((module) => {
      // React's use() reads these fields: once loaded it returns at once instead of suspending again.
      promise.status = 'fulfilled';
      promise.value = module;
      return module;
    });
    overlays = promise;
  }
  return overlays;
}

/** Suspends until the overlays are in. Always calls use(), so a replayed render keeps the hook order. */
export function useOverlays(): Overlays {
  return use(loadOverlays());
}
