// Products and prices, starting with the monthly prices of tiers 3 and 4 (as `npm run stripe:setup` makes them).
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { toCents } from '@agency/domain/money';
import { integer, list, mergeMetadata, nested, requiredText, text } from '../params';
import type { RequestScope, StripeContext } from '../stripe-context';
import { newId, unixNow, type StripeObject, type StripeStore } from '../stripe-store';

export function seedSubscriptionPrices(store: StripeStore): void {
  for (const tier of SERVICE_TIERS) {
    if (tier.defaultMonthlyDollars === undefined) continue;
    const productId = `prod_tier_${tier.id}`;
    const priceId = `price_tier_${tier.id}_monthly`;
    if (store.get(priceId, 'price')) continue;
    store.put({
      id: productId,
      object: 'product',
      created: unixNow(),
      livemode: false,
      name: tier.name,
      active: true,
      metadata: { tier: String(tier.id) },
    });
    store.put({
      id: priceId,
      object: 'price',
      created: unixNow(),
      livemode: false,
      active: true,
      currency: 'usd',
      product: productId,
      unit_amount: toCents(tier.defaultMonthlyDollars),
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      lookup_key: `tier_${tier.id}_monthly`,
      metadata: { tier: String(tier.id) },
    });
  }
  store.changed();
}

export function registerProductsAndPrices({
  store,
  mustGet,
  route,
  retrieve,
  listResponse,
}: StripeContext): void {
  function createProduct({ params }: RequestScope): StripeObject {
    const product = store.put({
      id: text(params, 'id') ?? newId('prod', 14),
      object: 'product',
      created: unixNow(),
      livemode: false,
      name: requiredText(params, 'name'),
      active: true,
      metadata: mergeMetadata({}, params.metadata),
    });
    store.changed();
    return product;
  }

  function createPrice({ params }: RequestScope): StripeObject {
    const product = mustGet(requiredText(params, 'product'), 'product', 'product');
    const recurring = nested(params, 'recurring');
    const price = store.put({
      id: newId('price'),
      object: 'price',
      created: unixNow(),
      livemode: false,
      active: true,
      currency: requiredText(params, 'currency').toLowerCase(),
      product: product.id,
      unit_amount: integer(params, 'unit_amount') ?? 0,
      type: recurring.interval ? 'recurring' : 'one_time',
      recurring: recurring.interval
        ? {
            interval: text(recurring, 'interval'),
            interval_count: Number(text(recurring, 'interval_count') ?? 1),
            usage_type: 'licensed',
          }
        : null,
      lookup_key: text(params, 'lookup_key') ?? null,
      metadata: mergeMetadata({}, params.metadata),
    });
    store.changed();
    return price;
  }

  function listPrices({ params }: RequestScope) {
    const lookupKeys = list(params, 'lookup_keys');
    const product = text(params, 'product');
    const items = store
      .list('price')
      .filter(
        (price) =>
          (lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key as string)) &&
          (!product || price.product === product) &&
          (params.active === undefined || String(price.active) === params.active) &&
          (!text(params, 'type') || price.type === params.type),
      );
    return listResponse('/v1/prices', items, params);
  }

  route('POST', '/v1/products', createProduct);
  route('GET', '/v1/products/:id', retrieve('product'));
  route('POST', '/v1/prices', createPrice);
  route('GET', '/v1/prices', listPrices);
  route('GET', '/v1/prices/:id', retrieve('price'));
}
