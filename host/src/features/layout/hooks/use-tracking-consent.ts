import { useSyncExternalStore } from 'react';
import { getTrackingConsent, subscribeTrackingConsent, type TrackingConsent } from '@agency/tracking';

/** The visitor's choice about the ad pixel (undefined until made), kept current. */
export function useTrackingConsent(): TrackingConsent | undefined {
  return useSyncExternalStore(subscribeTrackingConsent, getTrackingConsent, () => undefined);
}
