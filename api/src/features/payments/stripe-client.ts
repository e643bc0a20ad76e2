import Stripe from 'stripe';
import { LOCAL_STRIPE_DEFAULTS } from '@agency/domain/payments-config';

/** Reads STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL (unset in production) and NODE_ENV. */
export type StripeEnv = Record<string, string | undefined>;

/** The official SDK, pointed at STRIPE_API_URL (host, port, protocol) when set. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  // A bounded timeout: a money operation's lease (MONEY_OPERATION_LEASE_SECONDS) must outlast its calls.
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

export interface StripeConfig {
  secretKey: string;
  apiUrl?: string;
  webhookSecret: string;
  /** Subscriptions start on test clocks (STRIPE_TEST_CLOCKS=1; on by default with the offline stand-in). */
  testClocks: boolean;
}

/**
 * Stripe settings from the environment. With no STRIPE_SECRET_KEY outside production, the local
 * Stripe-compatible service and its keys are used; in production a missing key or webhook secret means
 * payments are not configured (undefined).
 */
export function stripeConfigFromEnv(env: StripeEnv): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY) {
    if (env.NODE_ENV === 'production') return undefined;
    return {
      secretKey: LOCAL_STRIPE_DEFAULTS.secretKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_DEFAULTS.webhookSecret,
      apiUrl: env.STRIPE_API_URL || LOCAL_STRIPE_DEFAULTS.apiUrl,
      testClocks: env.STRIPE_TEST_CLOCKS !== '0',
    };
  }
  const webhookSecret =
    env.STRIPE_WEBHOOK_SECRET ||
    (env.NODE_ENV === 'production' ? undefined : LOCAL_STRIPE_DEFAULTS.webhookSecret);
  if (!webhookSecret) return undefined;
  // Test clocks exist only in test mode; with the stand-in (STRIPE_API_URL) they are on unless switched off.
  const testClocks =
    env.STRIPE_SECRET_KEY.startsWith('sk_test_') &&
    (env.STRIPE_TEST_CLOCKS === '1' || (!!env.STRIPE_API_URL && env.STRIPE_TEST_CLOCKS !== '0'));
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret,
    testClocks,
    ...(env.STRIPE_API_URL && { apiUrl: env.STRIPE_API_URL }),
  };
}
