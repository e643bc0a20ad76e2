import { createStripeClient } from './stripe-client';
import { ensureSubscriptionCatalog } from './stripe-catalog';

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  console.error('STRIPE_SECRET_KEY is not set.');
  process.exit(2);
}
const stripe = createStripeClient(secretKey, process.env.STRIPE_API_URL || undefined);
const where = process.env.STRIPE_API_URL
  ? `the Stripe stand-in at ${process.env.STRIPE_API_URL}`
  : `Stripe (${secretKey.startsWith('sk_live_') ? 'live' : 'test'} mode)`;
console.log(`Subscription prices on ${where}:`);
for (const entry of await ensureSubscriptionCatalog(stripe)) {
  const state = entry.created.length ? `created ${entry.created.join(' and ')}` : 'already there';
  console.log(
    `  tier ${entry.tier}  ${entry.lookupKey}  $${(entry.monthlyCents / 100).toLocaleString('en-US')}/month  ${entry.priceId}  (${state})`,
  );
}
