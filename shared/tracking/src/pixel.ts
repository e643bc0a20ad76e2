import { configuredPixelId, getTrackingConsent } from './consent';

/** The ad pixel's script; loaded only with a pixel id configured and the visitor's consent (the host's CSP allows its origin). */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
const SCRIPT_ID = 'agency-ad-pixel';

type PixelCommand = 'init' | 'track' | 'trackCustom' | 'consent';
export type PixelParams = Record<string, string | number | string[] | undefined>;

interface PixelFunction {
  (command: PixelCommand, ...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: PixelFunction;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: PixelFunction;
    _fbq?: PixelFunction;
  }
}

let initializedId: string | undefined;

/** The pixel id when events may be sent: configured, and the visitor accepted. */
function permittedPixelId(): string | undefined {
  const pixelId = configuredPixelId();
  return pixelId && getTrackingConsent() === 'granted' ? pixelId : undefined;
}

/**
 * The pixel's own queueing stub: calls made before the script arrives are queued and replayed by it, so
 * nothing waits for the network. The script tag is async and added once.
 */
function ensurePixel(pixelId: string): PixelFunction {
  let fbq = window.fbq;
  if (!fbq) {
    const stub = function (...args: unknown[]) {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    } as PixelFunction;
    stub.queue = [];
    stub.push = stub;
    stub.loaded = true;
    stub.version = '2.0';
    window.fbq = stub;
    window._fbq ??= stub;
    fbq = stub;
  }
  if (!document.getElementById(SCRIPT_ID)) {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    document.head.appendChild(script);
  }
  if (initializedId !== pixelId) {
    fbq('init', pixelId);
    initializedId = pixelId;
  }
  return fbq;
}

/** Sends one standard pixel event; a no-op without a configured pixel id or consent, and never throws. */
export function sendPixelEvent(event: string, params?: PixelParams): void {
  try {
    const pixelId = permittedPixelId();
    if (!pixelId) return;
    const fbq = ensurePixel(pixelId);
    if (params) fbq('track', event, withoutUndefined(params));
    else fbq('track', event);
  } catch (error) {
    // Tracking must never break a page.
    console.warn('Tracking event not sent', error);
  }
}

/**
 * Follows a new choice: accepting loads the pixel at once; declining after accepting tells the loaded pixel
 * to stop (the script cannot be unloaded, and no further events are sent to it).
 */
export function applyPixelConsent(): void {
  try {
    const pixelId = permittedPixelId();
    if (pixelId) ensurePixel(pixelId)('consent', 'grant');
    else window.fbq?.('consent', 'revoke');
  } catch (error) {
    console.warn('Tracking consent not applied', error);
  }
}

function withoutUndefined(params: PixelParams): PixelParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

/** Test seam: forget the initialised pixel (the page's script tag and window.fbq are the caller's). */
export function resetPixelForTests(): void {
  initializedId = undefined;
}
