// Subscriptions as Stripe bills them: an invoice when a subscription starts and one at each renewal, each
// paid from the subscription's default payment method (a decline leaves the invoice open and the
// subscription past_due), and test clocks that make time pass for the customers attached to them.
import type { FormObject } from './form-body';
import { addMonths, flag, integer, mergeMetadata, nested, requiredText, text } from './params';
import { StripeApiError, cardError, invalidRequest, missingParam } from './stripe-errors';
import { newId, unixNow, type StripeObject, type StripeStore } from './stripe-store';

export interface BillingScope {
  params: FormObject;
  idempotencyKey: string | undefined;
}
type BillingHandler = (scope: BillingScope, pathParams: Record<string, string>) => unknown;
type CardFailure = { type: 'card_error'; code: string; decline_code: string; message: string };

export interface BillingContext {
  store: StripeStore;
  emit(
    type: string,
    object: StripeObject,
    options?: { idempotencyKey?: string; previousAttributes?: Record<string, unknown> },
  ): void;
  mustGet(id: string, object: string, param?: string): StripeObject;
  createIntent(fields: {
    amount: number;
    currency: string;
    customer: string;
    description: string;
    metadata: Record<string, string>;
    created: number;
  }): StripeObject;
  settleIntent(
    intent: StripeObject,
    paymentMethod: StripeObject,
    idempotencyKey: string | undefined,
    at: number,
  ): { ok: true } | { ok: false; error: CardFailure };
  route(method: 'GET' | 'POST' | 'DELETE', path: string, handler: BillingHandler): void;
  listResponse(url: string, items: StripeObject[], params: FormObject): unknown;
}

const OPEN_STATUSES = new Set(['active', 'past_due', 'trialing']);

export function registerBilling(ctx: BillingContext): void {
  const { store, emit, mustGet, route } = ctx;

  /** Stripe's "now" for a customer: its test clock's frozen time, else the wall clock. */
  function nowFor(customerId: string): number {
    const clockId = (store.get(customerId, 'customer')?.test_clock as string | null | undefined) ?? null;
    const clock = clockId ? store.get(clockId, 'test_helpers.test_clock') : undefined;
    return clock ? (clock.frozen_time as number) : unixNow();
  }

  function attachedMethod(customer: StripeObject, paymentMethodId: string, param: string): StripeObject {
    const method = mustGet(paymentMethodId, 'payment_method', param);
    if (method.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
        param,
        'resource_missing',
      );
    }
    return method;
  }

  const subscriptionItem = (subscription: StripeObject) =>
    (
      subscription.items as {
        data: Array<
          Record<string, unknown> & {
            price: StripeObject;
            quantity: number;
            current_period_start: number;
            current_period_end: number;
          }
        >;
      }
    ).data[0]!;

  // ---- invoices ----

  function createInvoice(
    subscription: StripeObject,
    reason: 'subscription_create' | 'subscription_cycle',
    at: number,
  ): StripeObject {
    const item = subscriptionItem(subscription);
    const amount = (item.price.unit_amount as number) * item.quantity;
    const invoice = store.put({
      id: newId('in'),
      object: 'invoice',
      created: at,
      livemode: false,
      customer: subscription.customer,
      currency: subscription.currency,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      subtotal: amount,
      total: amount,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: at,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      default_payment_method: null,
      description: null,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: subscription.id,
          metadata: { ...(subscription.metadata as object) },
        },
      },
      lines: {
        object: 'list',
        url: '/v1/invoices/lines',
        has_more: false,
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `${item.quantity} × ${String(item.price.product)} (at ${(item.price.unit_amount as number) / 100} / month)`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
            },
            quantity: item.quantity,
          },
        ],
      },
      payments: { object: 'list', url: '/v1/invoice_payments', has_more: false, data: [] },
      status_transitions: { finalized_at: at, paid_at: null, voided_at: null, marked_uncollectible_at: null },
      test_clock: store.get(subscription.customer as string, 'customer')?.test_clock ?? null,
    });
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    return invoice;
  }

  /** One payment attempt of an open invoice; the subscription follows (active when paid, past_due when not). */
  function attemptInvoicePayment(
    invoice: StripeObject,
    paymentMethodId: string,
    at: number,
    idempotencyKey?: string,
  ): { ok: true } | { ok: false; error: CardFailure } {
    const customer = mustGet(invoice.customer as string, 'customer');
    const paymentMethod = attachedMethod(customer, paymentMethodId, 'payment_method');
    const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } })
      .subscription_details.subscription;
    const intent = ctx.createIntent({
      amount: invoice.amount_remaining as number,
      currency: invoice.currency as string,
      customer: customer.id,
      description:
        invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      metadata: { invoice: invoice.id, subscription: subscriptionId },
      created: at,
    });
    const result = ctx.settleIntent(intent, paymentMethod, idempotencyKey, at);
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    invoice.attempted = true;
    (invoice.payments as { data: unknown[] }).data.unshift({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: result.ok ? intent.amount : null,
      amount_requested: intent.amount,
      currency: intent.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: result.ok ? 'paid' : 'open',
      created: at,
    });
    const subscription = store.get(subscriptionId, 'subscription');
    if (result.ok) {
      invoice.status = 'paid';
      invoice.amount_paid = intent.amount;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      (invoice.status_transitions as Record<string, unknown>).paid_at = at;
      store.changed();
      emit('invoice.paid', invoice, { ...(idempotencyKey && { idempotencyKey }) });
      emit('invoice.payment_succeeded', invoice);
      if (subscription && subscription.status === 'past_due') setSubscriptionStatus(subscription, 'active');
    } else {
      // Stripe retries on its own schedule; here the next attempt is the next renewal or an explicit pay.
      invoice.next_payment_attempt = null;
      store.changed();
      emit('invoice.payment_failed', invoice, { ...(idempotencyKey && { idempotencyKey }) });
      if (subscription && subscription.status === 'active') setSubscriptionStatus(subscription, 'past_due');
    }
    if (subscription) subscription.latest_invoice = invoice.id;
    return result;
  }

  function setSubscriptionStatus(subscription: StripeObject, status: string): void {
    const previous = subscription.status;
    subscription.status = status;
    store.changed();
    emit('customer.subscription.updated', subscription, { previousAttributes: { status: previous } });
  }

  // ---- subscriptions ----

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

  function createSubscription(scope: BillingScope): StripeObject {
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

  function updateSubscription({ params }: BillingScope, { id }: Record<string, string>): StripeObject {
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

  function cancelSubscription(scope: BillingScope, { id }: Record<string, string>): StripeObject {
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
    return ctx.listResponse('/v1/subscriptions', items, params);
  });
  route('GET', '/v1/subscriptions/:id', (_scope, { id }) => mustGet(id!, 'subscription'));
  route('POST', '/v1/subscriptions/:id', updateSubscription);
  route('DELETE', '/v1/subscriptions/:id', cancelSubscription);

  route('GET', '/v1/invoices', ({ params }) => {
    const subscription = text(params, 'subscription');
    const items = store
      .list('invoice')
      .filter(
        (invoice) =>
          (!text(params, 'customer') || invoice.customer === params.customer) &&
          (!text(params, 'status') || invoice.status === params.status) &&
          (!subscription ||
            (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
              .subscription === subscription),
      );
    return ctx.listResponse('/v1/invoices', items, params);
  });
  route('GET', '/v1/invoices/:id', (_scope, { id }) => mustGet(id!, 'invoice'));
  route('POST', '/v1/invoices/:id/pay', (scope, { id }) => {
    const invoice = mustGet(id!, 'invoice');
    if (invoice.status === 'paid')
      throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open')
      throw invalidRequest(
        `You can only pay an open invoice. This invoice is ${String(invoice.status)}.`,
        undefined,
        'invoice_not_open',
      );
    const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } })
      .subscription_details.subscription;
    const paymentMethodId =
      text(scope.params, 'payment_method') ??
      (store.get(subscriptionId, 'subscription')?.default_payment_method as string);
    const result = attemptInvoicePayment(
      invoice,
      paymentMethodId,
      nowFor(invoice.customer as string),
      scope.idempotencyKey,
    );
    if (!result.ok) throw new StripeApiError(402, result.error);
    return invoice;
  });

  // ---- test clocks ----

  function advanceClock(scope: BillingScope, { id }: Record<string, string>): StripeObject {
    const clock = mustGet(id!, 'test_helpers.test_clock');
    const frozenTime = integer(scope.params, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    if (frozenTime <= (clock.frozen_time as number)) {
      throw invalidRequest(
        'The test clock can only be advanced to a time later than its current frozen time.',
        'frozen_time',
      );
    }
    clock.status = 'advancing';
    emit('test_helpers.test_clock.advancing', clock);
    clock.frozen_time = frozenTime;
    const customers = new Set(
      store
        .list('customer')
        .filter((customer) => customer.test_clock === clock.id)
        .map((customer) => customer.id),
    );
    for (const subscription of store.list('subscription')) {
      if (customers.has(subscription.customer as string)) renewUntil(subscription, frozenTime);
    }
    clock.status = 'ready';
    store.changed();
    emit('test_helpers.test_clock.ready', clock);
    return clock;
  }

  route('POST', '/v1/test_helpers/test_clocks', ({ params }) => {
    const frozenTime = integer(params, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    const clock = store.put({
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: unixNow(),
      livemode: false,
      frozen_time: frozenTime,
      name: text(params, 'name') ?? null,
      status: 'ready',
      status_details: {},
      deletes_after: unixNow() + 30 * 86_400,
    });
    store.changed();
    emit('test_helpers.test_clock.created', clock);
    return clock;
  });
  route('GET', '/v1/test_helpers/test_clocks', ({ params }) =>
    ctx.listResponse('/v1/test_helpers/test_clocks', store.list('test_helpers.test_clock'), params),
  );
  route('GET', '/v1/test_helpers/test_clocks/:id', (_scope, { id }) =>
    mustGet(id!, 'test_helpers.test_clock'),
  );
  route('DELETE', '/v1/test_helpers/test_clocks/:id', (_scope, { id }) => {
    const clock = mustGet(id!, 'test_helpers.test_clock');
    delete store.state.objects[clock.id];
    store.changed();
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  });
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', advanceClock);
}
