// Invoices: one when a subscription starts and one at each renewal, each paid from the subscription's default
// payment method; the subscription follows (past_due when a payment fails, active again once one is paid).
import { text } from '../params';
import type { BillingContext, Settlement } from '../stripe-context';
import { StripeApiError, invalidRequest } from '../stripe-errors';
import { newId, type StripeObject } from '../stripe-store';

export const subscriptionItem = (subscription: StripeObject) =>
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

export function registerInvoices(ctx: BillingContext) {
  const { store, emit, mustGet, route, retrieve, listResponse, nowFor, attachedMethod } = ctx;

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
  ): Settlement {
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
    return listResponse('/v1/invoices', items, params);
  });
  route('GET', '/v1/invoices/:id', retrieve('invoice'));
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

  return { createInvoice, attemptInvoicePayment };
}

export type Invoices = ReturnType<typeof registerInvoices>;
