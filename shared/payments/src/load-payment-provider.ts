import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export interface PaymentProviderConfig {
  publishableKey: string;
  /** Offline only: the local Stripe.js stand-in. Unset in production, where js.stripe.com is loaded. */
  stripeJsUrl?: string | null;
}

const loads = new Map<string, Promise<Stripe | null>>();

function injectScriptOnce(url: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-stripe-js="${CSS.escape(url)}"]`);
  if (existing?.dataset.loaded === 'true' || (existing && (window as { Stripe?: unknown }).Stripe))
    return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Failed to load Stripe.js from ${url}`));
    });
    if (!existing) {
      script.src = url;
      script.async = true;
      script.dataset.stripeJs = url;
      document.head.appendChild(script);
    }
  });
}

/**
 * Loads Stripe.js once per configuration, only when a payment screen asks for it. Production: `loadStripe`
 * fetches js.stripe.com. Offline: the stand-in script defines `window.Stripe`, which `loadStripe` then uses.
 * A failed load is forgotten so the next payment screen retries.
 */
export function loadPaymentProvider(config: PaymentProviderConfig): Promise<Stripe | null> {
  const cacheKey = `${config.publishableKey}|${config.stripeJsUrl ?? ''}`;
  let load = loads.get(cacheKey);
  if (!load) {
    load = (async () => {
      if (config.stripeJsUrl && !(window as { Stripe?: unknown }).Stripe)
        await injectScriptOnce(config.stripeJsUrl);
      return loadStripe(config.publishableKey);
    })();
    load.catch(() => loads.delete(cacheKey));
    loads.set(cacheKey, load);
  }
  return load;
}
