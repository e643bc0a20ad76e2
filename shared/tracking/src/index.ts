// The one tracking module for the ad pixel events of spec section 7. Every function is fire-and-forget:
// it does nothing unless getAppConfig().pixelId is set and the visitor has accepted tracking, and the
// pixel script loads asynchronously.
import { storeTrackingConsent, type TrackingConsent } from './consent';
import { applyPixelConsent, sendPixelEvent } from './pixel';

export { PIXEL_SCRIPT_URL } from './pixel';
export { getTrackingConsent, trackingNeedsConsent } from './consent';
export type { TrackingConsent } from './consent';

/** Records the visitor's choice (remembered in this browser) and loads or stops the pixel accordingly. */
export function setTrackingConsent(consent: TrackingConsent): void {
  storeTrackingConsent(consent);
  applyPixelConsent();
}

const CURRENCY = 'USD';

export interface TierRef {
  /** 1-4, or 'general' for the free general consultation. */
  tierId: number | string;
  tierName: string;
}

/** A visitor opened /purchase/{tierId}. `value` is the tier's price in dollars. */
export function trackPurchasePageView({ tierId, tierName, value }: TierRef & { value?: number }): void {
  sendPixelEvent('ViewContent', {
    content_category: 'Purchase Page',
    content_name: tierName,
    content_ids: [String(tierId)],
    content_type: 'product',
    value,
    currency: value === undefined ? undefined : CURRENCY,
  });
}

/** A visitor opened /consultation/{tierId}. */
export function trackConsultationPageView({ tierId, tierName }: TierRef): void {
  sendPixelEvent('ViewContent', {
    content_category: 'Consultation Page',
    content_name: tierName,
    content_ids: [String(tierId)],
    content_type: 'product',
  });
}

/** The services section (the four tier cards) came into view. */
export function trackServiceTierView(): void {
  sendPixelEvent('ViewContent', { content_category: 'Service Tiers', content_name: 'Services' });
}

/** The visitor started paying for a tier. `value` is the amount charged now, in dollars. */
export function trackInitiateCheckout({ tierId, tierName, value }: TierRef & { value: number }): void {
  sendPixelEvent('InitiateCheckout', {
    content_name: tierName,
    content_ids: [String(tierId)],
    content_type: 'product',
    num_items: 1,
    value,
    currency: CURRENCY,
  });
}

/** A payment succeeded. `value` is the amount paid, in dollars (USD). */
export function trackPurchase({ tierId, tierName, value }: TierRef & { value: number }): void {
  sendPixelEvent('Purchase', {
    content_name: tierName,
    content_ids: [String(tierId)],
    content_type: 'product',
    num_items: 1,
    value,
    currency: CURRENCY,
  });
}

/** A consultation request was submitted. */
export function trackConsultationBooked({ tierId, tierName }: TierRef): void {
  sendPixelEvent('Schedule', { content_name: tierName, content_ids: [String(tierId)] });
}
