// The visitor's choice about the ad pixel, kept in this browser. Until it is 'granted' the pixel is neither
// loaded nor sent anything; with no pixel configured there is nothing to choose.
import { getAppConfig, hasAppConfig } from '@agency/app-config';

export type TrackingConsent = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'agency-tracking-consent';

/** Kept in memory too, so a browser that refuses storage still remembers the choice for this visit. */
let remembered: TrackingConsent | undefined;
let storageFails = false;

/** The configured pixel id, or undefined: tracking is off and asks for no consent. */
export function configuredPixelId(): string | undefined {
  if (typeof window === 'undefined' || !hasAppConfig()) return undefined;
  const id = getAppConfig().pixelId?.trim();
  return id ? id : undefined;
}

/** Whether the visitor has a choice to make: a pixel is configured. */
export function trackingNeedsConsent(): boolean {
  return configuredPixelId() !== undefined;
}

export function getTrackingConsent(): TrackingConsent | undefined {
  if (storageFails) return remembered;
  try {
    const stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return stored === 'granted' || stored === 'denied' ? stored : undefined;
  } catch {
    storageFails = true;
    return remembered;
  }
}

/** Keeps the choice; index.ts's setTrackingConsent also loads or stops the pixel. */
export function storeTrackingConsent(consent: TrackingConsent): void {
  remembered = consent;
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Remembered for this visit only.
    storageFails = true;
  }
}

/** Test seam: forget this visit's choice (the caller clears storage). */
export function resetConsentForTests(): void {
  remembered = undefined;
  storageFails = false;
}
