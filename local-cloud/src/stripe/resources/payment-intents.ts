// Payment intents and their charges: an intent is confirmed with a payment method, charged (a charge each
// attempt) or declined, or waits for 3D Secure (requires_action) when the card asks for it on session.
import { flag, integer, mergeMetadata, nested, requiredText, text } from '../params';
import type { IntentFields, RequestScope, Settlement, StripeContext } from '../stripe-context';
import { StripeApiError, invalidRequest, missingParam } from '../stripe-errors';
import { newId, unixNow, type CardOutcome, type StripeObject } from '../stripe-store';
import type { PaymentMethods } from './payment-methods';

export function registerPaymentIntents(
  { store, emit, mustGet, route, listOf, retrieve }: StripeContext,
  { resolvePaymentMethod }: PaymentMethods,
) {
  function paymentIntentForClient(scope: RequestScope, id: string): StripeObject {
    const intent = mustGet(id, 'payment_intent');
    if (scope.keyKind === 'publishable' && text(scope.params, 'client_secret') !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match any associated PaymentIntent on this account.',
        'client_secret',
      );
    }
    return intent;
  }

  function createPaymentIntent(scope: RequestScope): StripeObject {
    const { params } = scope;
    const amount = integer(params, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = requiredText(params, 'currency').toLowerCase();
    if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const customer = text(params, 'customer');
    if (customer) mustGet(customer, 'customer', 'customer');
    const automatic = nested(params, 'automatic_payment_methods');
    const intent = createIntent({
      amount,
      currency,
      customer: customer ?? null,
      description: text(params, 'description') ?? null,
      metadata: mergeMetadata({}, params.metadata),
      created: unixNow(),
      receiptEmail: text(params, 'receipt_email') ?? null,
      automaticPaymentMethods:
        automatic.enabled === 'true'
          ? { enabled: true, allow_redirects: text(automatic, 'allow_redirects') ?? 'always' }
          : null,
    });
    const paymentMethod = text(params, 'payment_method');
    if (paymentMethod) {
      intent.payment_method = resolvePaymentMethod(paymentMethod).id;
      intent.status = 'requires_confirmation';
    }
    store.changed();
    return flag(params, 'confirm')
      ? confirmPaymentIntent({ ...scope, params: {} }, { id: intent.id })
      : intent;
  }

  function createIntent(fields: IntentFields): StripeObject {
    const id = newId('pi');
    return store.put({
      id,
      object: 'payment_intent',
      created: fields.created,
      livemode: false,
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: fields.currency,
      customer: fields.customer,
      description: fields.description,
      receipt_email: fields.receiptEmail ?? null,
      metadata: fields.metadata,
      payment_method: null,
      payment_method_types: ['card'],
      automatic_payment_methods: fields.automaticPaymentMethods ?? null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      next_action: null,
    });
  }

  function confirmPaymentIntent(scope: RequestScope, { id }: Record<string, string>): StripeObject {
    const intent = paymentIntentForClient(scope, id!);
    const unexpectedState = (message: string, param?: 'payment_method') =>
      new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        ...(param && { param }),
        message,
        payment_intent: intent,
      });
    if (intent.status === 'succeeded')
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    if (intent.status === 'canceled')
      throw unexpectedState('This PaymentIntent could not be confirmed because it has a status of canceled.');
    const paymentMethodId = text(scope.params, 'payment_method') ?? (intent.payment_method as string | null);
    if (!paymentMethodId)
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it’s missing a payment method.',
        'payment_method',
      );
    const paymentMethod = resolvePaymentMethod(paymentMethodId);
    if (intent.customer && paymentMethod.customer && paymentMethod.customer !== intent.customer) {
      throw invalidRequest(
        `The provided PaymentMethod ${paymentMethod.id} belongs to another customer.`,
        'payment_method',
      );
    }
    const outcome = store.state.cardOutcomes[paymentMethod.id];
    if (
      outcome?.kind === 'declined' &&
      outcome.requiresAuthentication &&
      !authenticatedIntents.has(intent.id)
    ) {
      intent.payment_method = paymentMethod.id;
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' },
      };
      store.changed();
      emit('payment_intent.requires_action', intent, { idempotencyKey: scope.idempotencyKey });
      return intent;
    }
    const result = settleIntent(intent, paymentMethod, scope.idempotencyKey);
    if (!result.ok) throw new StripeApiError(402, { ...result.error, payment_intent: intent });
    return intent;
  }

  /** Intents whose customer passed the 3D Secure challenge (completeAuthentication): charged as any card. */
  const authenticatedIntents = new Set<string>();

  /**
   * Charges a payment method for an intent: creates the charge, moves the intent to succeeded (or back to
   * requires_payment_method with last_payment_error) and emits the matching event. Never throws for a decline.
   */
  function settleIntent(
    intent: StripeObject,
    paymentMethod: StripeObject,
    idempotencyKey?: string,
    at = unixNow(),
  ): Settlement {
    intent.payment_method = paymentMethod.id;
    intent.next_action = null;
    const outcome: CardOutcome = authenticatedIntents.has(intent.id as string)
      ? { kind: 'succeeds' }
      : (store.state.cardOutcomes[paymentMethod.id] ?? { kind: 'succeeds' });
    const charge = store.put({
      id: newId('ch'),
      object: 'charge',
      created: at,
      livemode: false,
      amount: intent.amount,
      amount_captured: outcome.kind === 'succeeds' ? intent.amount : 0,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      metadata: { ...(intent.metadata as object) },
      paid: outcome.kind === 'succeeds',
      captured: outcome.kind === 'succeeds',
      refunded: false,
      status: outcome.kind === 'succeeds' ? 'succeeded' : 'failed',
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: { type: 'card', card: paymentMethod.card },
      billing_details: paymentMethod.billing_details,
      failure_code: outcome.kind === 'declined' ? 'card_declined' : null,
      failure_message: outcome.kind === 'declined' ? outcome.message : null,
      outcome: {
        type: outcome.kind === 'succeeds' ? 'authorized' : 'issuer_declined',
        network_status: outcome.kind === 'succeeds' ? 'approved_by_network' : 'declined_by_network',
      },
    });
    intent.latest_charge = charge.id;
    if (outcome.kind === 'declined') {
      const error = {
        type: 'card_error' as const,
        code: 'card_declined',
        decline_code: outcome.declineCode,
        message: outcome.message,
        charge: charge.id,
        payment_method: paymentMethod,
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      store.changed();
      emit('payment_intent.payment_failed', intent, { idempotencyKey });
      return { ok: false, error };
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    store.changed();
    emit('payment_intent.succeeded', intent, { idempotencyKey });
    return { ok: true };
  }

  function cancelPaymentIntent({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const intent = mustGet(id!, 'payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = unixNow();
    intent.cancellation_reason = text(params, 'cancellation_reason') ?? null;
    store.changed();
    emit('payment_intent.canceled', intent);
    return intent;
  }

  function updatePaymentIntent({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const intent = mustGet(id!, 'payment_intent');
    intent.metadata = mergeMetadata(intent.metadata, params.metadata);
    const amount = integer(params, 'amount');
    if (amount !== undefined) {
      if (intent.status === 'succeeded')
        throw invalidRequest(
          'You cannot update the amount of a PaymentIntent that has succeeded.',
          'amount',
          'payment_intent_unexpected_state',
        );
      intent.amount = amount;
    }
    if (params.description !== undefined) intent.description = text(params, 'description') ?? null;
    store.changed();
    return intent;
  }

  route('POST', '/v1/payment_intents', createPaymentIntent);
  route('GET', '/v1/payment_intents', listOf('payment_intent', '/v1/payment_intents', ['customer']));
  route('GET', '/v1/payment_intents/:id', (scope, { id }) => paymentIntentForClient(scope, id!), {
    publishable: true,
  });
  route('POST', '/v1/payment_intents/:id', updatePaymentIntent);
  route('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntent, { publishable: true });
  route('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent);

  route('GET', '/v1/charges/:id', retrieve('charge'));
  route('GET', '/v1/charges', listOf('charge', '/v1/charges', ['payment_intent', 'customer']));

  return {
    createIntent,
    settleIntent,
    /**
     * The customer passes the 3D Secure challenge of an intent that waits for it (requires_action), as Stripe.js
     * handles the next action in a browser: the intent is charged now (succeeded). For tests.
     */
    completeAuthentication(paymentIntentId: string): StripeObject {
      const intent = mustGet(paymentIntentId, 'payment_intent');
      if (intent.status !== 'requires_action')
        throw new Error(`${paymentIntentId} does not wait for authentication (${String(intent.status)})`);
      authenticatedIntents.add(intent.id);
      const result = settleIntent(intent, mustGet(intent.payment_method as string, 'payment_method'));
      if (!result.ok) throw new Error(`${paymentIntentId} was not charged: ${result.error.message}`);
      return intent;
    },
  };
}
