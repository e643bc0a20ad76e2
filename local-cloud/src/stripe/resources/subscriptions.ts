// Subscriptions: the first invoice is paid when one is made (incomplete when it is not), each period that ends
// is renewed with a new invoice, and a subscription cancelled at period end ends there.
import type { FormObject } from '../form-body';
import { addMonths, flag, integer, mergeMetadata, nested, requiredText, text } from '../params';
import type { BillingContext, RequestScope } from '../stripe-context';
import { cardError, invalidRequest, missingParam } from '../stripe-errors';
import { newId, unixNow, type StripeObject } from '../stripe-store';
import { subscriptionItem, type Invoices } from './invoices';

const OPEN_STATUSES = new Set(['active', 'past_due', 'trialing']);

export function registerSubscriptions(
  ctx: BillingContext,
  { createInvoice, attemptInvoicePayment }: Invoices,
) {
  const { store, emit, mustGet, route, retrieve, listResponse, nowFor, attachedMethod } = ctx;

  /**
   * A subscription item's price: an existing one (`price`), or a new one made from `price_data`, as Stripe
   * does. The new price is stored by `keep` once the subscription is made, so a refused call leaves none.
   */
  function itemPrice(item: FormObject): { price: StripeObject; keep(): void } {
    const priceData = nested(item, 'price_data');
    const inline = Object.keys(priceData).length > 0;
    if (!inline)
      return { price: mustGet(requiredText(item, 'price'), 'price', 'items[0][price]'), keep: () => {} };
    if (text(item, 'price'))
      throw invalidRequest('You may only specify one of these parameters: price, price_data.', 'items[0]');
    const productId = text(priceData, 'product');
    if (!productId) throw missingParam('items[0][price_data][product]');
    const product = mustGet(productId, 'product', 'items[0][price_data][product]');
    const currency = text(priceData, 'currency');
    if (!currency) throw missingParam('items[0][price_data][currency]');
    const recurring = nested(priceData, 'recurring');
    const interval = text(recurring, 'interval');
    if (!interval) throw missingParam('items[0][price_data][recurring][interval]');
    if (!['day', 'week', 'month', 'year'].includes(interval))
      throw invalidRequest(`Invalid interval: ${interval}`, 'items[0][price_data][recurring][interval]');
    const unitAmount = integer(priceData, 'unit_amount');
    if (unitAmount === undefined) throw missingParam('items[0][price_data][unit_amount]');
    if (unitAmount < 0)
      throw invalidRequest(
        'This value must be greater than or equal to 0.',
        'items[0][price_data][unit_amount]',
      );
    // Stripe makes an inline price for this item alone: inactive, so lists of active prices never show it.
    const price: StripeObject = {
      id: newId('price'),
      object: 'price',
      created: unixNow(),
      livemode: false,
      active: false,
      currency: currency.toLowerCase(),
      product: product.id,
      unit_amount: unitAmount,
      type: 'recurring',
      recurring: {
        interval,
        interval_count: integer(recurring, 'interval_count') ?? 1,
        usage_type: 'licensed',
      },
      lookup_key: null,
      metadata: {},
    };
    return { price, keep: () => void store.put(price) };
  }

  function createSubscription(scope: RequestScope): StripeObject {
    const { params } = scope;
    const customer = mustGet(requiredText(params, 'customer'), 'customer', 'customer');
    const items = params.items;
    const itemList = Array.isArray(items)
      ? items
      : items && typeof items === 'object'
        ? Object.values(items)
        : [];
    const first = itemList[0];
    if (!first || typeof first !== 'object' || Array.isArray(first)) throw missingParam('items');
    const { price, keep: keepPrice } = itemPrice(first);
    if (price.type !== 'recurring') {
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        'items[0][price]',
      );
    }
    const paymentMethodId =
      text(params, 'default_payment_method') ??
      ((customer.invoice_settings as Record<string, unknown>).default_payment_method as string | null);
    if (!paymentMethodId)
      throw invalidRequest(
        'This customer has no attached payment source or default payment method.',
        undefined,
        'resource_missing',
      );
    const paymentMethod = attachedMethod(customer, paymentMethodId, 'default_payment_method');
    const behavior = text(params, 'payment_behavior') ?? 'allow_incomplete';
    const outcome = store.state.cardOutcomes[paymentMethod.id] ?? { kind: 'succeeds' };
    if (outcome.kind === 'declined' && behavior === 'error_if_incomplete') {
      throw cardError(402, 'card_declined', outcome.message, undefined, outcome.declineCode);
    }
    keepPrice();
    const start = nowFor(customer.id);
    const quantity = Number(text(first, 'quantity') ?? 1);
    const subscription: StripeObject = store.put({
      id: newId('sub'),
      object: 'subscription',
      created: start,
      livemode: false,
      customer: customer.id,
      default_payment_method: paymentMethod.id,
      status: 'incomplete',
      start_date: start,
      billing_cycle_anchor: start,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      currency: price.currency,
      latest_invoice: null,
      metadata: mergeMetadata({}, params.metadata),
      test_clock: customer.test_clock ?? null,
      items: {
        object: 'list',
        url: '/v1/subscription_items',
        has_more: false,
        data: [
          {
            id: newId('si', 14),
            object: 'subscription_item',
            created: start,
            quantity,
            price,
            current_period_start: start,
            current_period_end: addMonths(
              start,
              (price.recurring as { interval_count: number }).interval_count,
            ),
            metadata: {},
          },
        ],
      },
    });
    const invoice = createInvoice(subscription, 'subscription_create', start);
    subscription.latest_invoice = invoice.id;
    const paid = attemptInvoicePayment(invoice, paymentMethod.id, start, scope.idempotencyKey);
    subscription.status = paid.ok ? 'active' : 'incomplete';
    store.changed();
    emit('customer.subscription.created', subscription, {
      ...(scope.idempotencyKey && { idempotencyKey: scope.idempotencyKey }),
    });
    return subscription;
  }

  function updateSubscription({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const subscription = mustGet(id!, 'subscription');
    const previous: Record<string, unknown> = {};
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = flag(params, 'cancel_at_period_end');
    }
    const defaultMethod = text(params, 'default_payment_method');
    if (defaultMethod) {
      attachedMethod(
        mustGet(subscription.customer as string, 'customer'),
        defaultMethod,
        'default_payment_method',
      );
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = defaultMethod;
    }
    store.changed();
    emit('customer.subscription.updated', subscription, { previousAttributes: previous });
    return subscription;
  }

  function cancelSubscription(scope: RequestScope, { id }: Record<string, string>): StripeObject {
    const subscription = mustGet(id!, 'subscription');
    if (subscription.status === 'canceled')
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
    const at = nowFor(subscription.customer as string);
    subscription.status = 'canceled';
    subscription.canceled_at = at;
    subscription.ended_at = at;
    store.changed();
    emit('customer.subscription.deleted', subscription, {
      ...(scope.idempotencyKey && { idempotencyKey: scope.idempotencyKey }),
    });
    return subscription;
  }

  /** Renews every period that ended by `until`: a new invoice each time, paid from the default payment method. */
  function renewUntil(subscription: StripeObject, until: number): void {
    while (OPEN_STATUSES.has(subscription.status as string)) {
      const item = subscriptionItem(subscription);
      if (item.current_period_end > until) return;
      if (subscription.cancel_at_period_end) {
        subscription.status = 'canceled';
        subscription.canceled_at = item.current_period_end;
        subscription.ended_at = item.current_period_end;
        store.changed();
        emit('customer.subscription.deleted', subscription);
        return;
      }
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = addMonths(
        start,
        (item.price.recurring as { interval_count: number }).interval_count,
      );
      const invoice = createInvoice(subscription, 'subscription_cycle', start);
      attemptInvoicePayment(invoice, subscription.default_payment_method as string, start);
    }
  }

  route('POST', '/v1/subscriptions', createSubscription);
  route('GET', '/v1/subscriptions', ({ params }) => {
    const status = text(params, 'status');
    const items = store
      .list('subscription')
      .filter(
        (sub) =>
          (!text(params, 'customer') || sub.customer === params.customer) &&
          (!status || status === 'all' || sub.status === status),
      );
    return listResponse('/v1/subscriptions', items, params);
  });
  route('GET', '/v1/subscriptions/:id', retrieve('subscription'));
  route('POST', '/v1/subscriptions/:id', updateSubscription);
  route('DELETE', '/v1/subscriptions/:id', cancelSubscription);

  return { renewUntil };
}

export type Subscriptions = ReturnType<typeof registerSubscriptions>;
