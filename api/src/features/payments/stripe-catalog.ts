import type Stripe from 'stripe';
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { toCents } from '@agency/domain/money';
import { subscriptionPriceLookupKey } from '@agency/domain/payments-config';

export interface CatalogEntry {
  tier: 3 | 4;
  productId: string;
  priceId: string;
  lookupKey: string;
  monthlyCents: number;
  created: Array<'product' | 'price'>;
}

/**
 * The Stripe products and monthly prices the subscription tiers need (`tier_3_monthly`, `tier_4_monthly`),
 * created only when missing: running it again, or against an account that has them, changes nothing. Works
 * on any account, test or live, and on the offline stand-in. `npm run stripe:setup`.
 */
export async function ensureSubscriptionCatalog(stripe: Stripe): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  for (const tier of SERVICE_TIERS) {
    if (tier.defaultMonthlyDollars === undefined) continue;
    const id = tier.id as 3 | 4;
    const lookupKey = subscriptionPriceLookupKey(id);
    const created: CatalogEntry['created'] = [];
    const [existingPrice] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }))
      .data;
    if (existingPrice) {
      entries.push({
        tier: id,
        productId: String(existingPrice.product),
        priceId: existingPrice.id,
        lookupKey,
        monthlyCents: existingPrice.unit_amount ?? 0,
        created,
      });
      continue;
    }
    // The product is found by its id (we name it), so a second run after a half-done first one reuses it.
    const productId = `consultancy_tier_${id}`;
    let product = await stripe.products.retrieve(productId).catch((error: { code?: string }) => {
      if (error.code === 'resource_missing') return null;
      throw error;
    });
    if (!product) {
      product = await stripe.products.create(
        { id: productId, name: tier.name, metadata: { tier: String(id) } },
        { idempotencyKey: `catalog-product-${id}` },
      );
      created.push('product');
    }
    const price = await stripe.prices.create(
      {
        product: product.id,
        currency: 'usd',
        unit_amount: toCents(tier.defaultMonthlyDollars),
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        metadata: { tier: String(id) },
      },
      { idempotencyKey: `catalog-price-${id}-${toCents(tier.defaultMonthlyDollars)}` },
    );
    created.push('price');
    entries.push({
      tier: id,
      productId: product.id,
      priceId: price.id,
      lookupKey,
      monthlyCents: price.unit_amount ?? 0,
      created,
    });
  }
  return entries;
}
