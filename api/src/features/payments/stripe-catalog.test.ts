import { startStripeService } from '@agency/local-cloud/src/stripe';
import { createStripeClient } from './stripe-client';
import { ensureSubscriptionCatalog } from './stripe-catalog';

describe('npm run stripe:setup', () => {
  it('creates the tier 3 and 4 products and monthly prices with their lookup keys once, then changes nothing', async () => {
    const service = await startStripeService({
      port: 0,
      secretKey: 'sk_test_catalog',
      publishableKey: 'pk_test_catalog',
      webhookSecret: 'whsec_catalog',
      allowedOrigins: [],
      seedPrices: false,
    });
    try {
      const stripe = createStripeClient('sk_test_catalog', service.url);
      const first = await ensureSubscriptionCatalog(stripe);
      expect(
        first.map(({ tier, lookupKey, monthlyCents, created }) => ({
          tier,
          lookupKey,
          monthlyCents,
          created,
        })),
      ).toEqual([
        { tier: 3, lookupKey: 'tier_3_monthly', monthlyCents: 1_500_000, created: ['product', 'price'] },
        { tier: 4, lookupKey: 'tier_4_monthly', monthlyCents: 2_500_000, created: ['product', 'price'] },
      ]);
      const again = await ensureSubscriptionCatalog(stripe);
      expect(again.map((entry) => [entry.priceId, entry.created])).toEqual(
        first.map((entry) => [entry.priceId, []]),
      );
      const price = await stripe.prices.retrieve(first[1]!.priceId);
      expect(price).toMatchObject({
        lookup_key: 'tier_4_monthly',
        recurring: { interval: 'month' },
        currency: 'usd',
      });
    } finally {
      await service.stop();
    }
  });
});
