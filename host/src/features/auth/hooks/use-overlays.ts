import { use } from 'react';
import { loadOverlays, type Overlays } from '@agency/ui';

let overlays: Promise<Overlays> | null = null;
let loaded: Overlays | null = null;

/** Starts loading Tabs/Dialog (a chunk kept off the landing page). */
export function preloadOverlays(): Promise<Overlays> {
  overlays ??= loadOverlays().then((module) => (loaded = module));
  return overlays;
}

/** Tabs and Dialog for the auth screens; suspends until the overlay chunk is in. */
export function useOverlays(): Overlays {
  return loaded ?? use(preloadOverlays());
}
