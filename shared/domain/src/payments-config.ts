import { LOCAL_DEFAULTS } from './local-defaults';
import localDefaults from './local-defaults.json';

/** Offline Stripe settings (README, Environment). Public test values; production sets its own through env. */
export const LOCAL_STRIPE_DEFAULTS = {
  ...localDefaults.stripe,
  apiUrl: `http://localhost:${LOCAL_DEFAULTS.localStripePort}`,
  stripeJsUrl: `http://localhost:${LOCAL_DEFAULTS.localStripePort}/v3/`,
} as const;

/** Stripe prices of the monthly subscription tiers are found by these lookup keys (seeded offline). */
export const subscriptionPriceLookupKey = (tier: 3 | 4): string => `tier_${tier}_monthly`;
