import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { stringify as canonicalJson } from 'safe-stable-stringify';
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { toCents } from '@agency/domain/money';
import { cardBrand, cardLengths, digitsOnly, isExpiryInPast, passesLuhn } from './card-rules';
import { parseFormBody, type FormObject, type FormValue } from './form-body';
import { flag, integer, list, mergeMetadata, nested, requiredText, text } from './params';
import { StripeApiError, cardError, invalidRequest, missingParam, noSuchObject } from './stripe-errors';
import { buildStripeJsScript } from './stripe-js-script';
import { createStripeStore, newId, unixNow, type CardOutcome, type StripeObject } from './stripe-store';
import { createWebhookDelivery } from './webhook-delivery';
import { registerBilling } from './billing';

/**
 * A Stripe-compatible HTTP service for offline runs and tests: the official `stripe` SDK talks to it via
 * `new Stripe(key, { host, port, protocol: 'http' })`, and it serves the Stripe.js stand-in at /v3/.
 */
export interface StripeServiceOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed; no delivery when unset. */
  webhookUrl?: string;
  /** Browser origins allowed to call the publishable-key endpoints. */
  allowedOrigins: string[];
  /** Persist state in this directory (state.json); memory only when unset. */
  dataDir?: string;
  /** Public base URL the stand-in script calls; defaults to the origin the script was requested from. */
  publicUrl?: string;
  webhookRetryDelaysMs?: number[];
  log?: (message: string) => void;
  /** Start with the monthly prices of tiers 3 and 4 (as `npm run stripe:setup` makes them); default true. */
  seedPrices?: boolean;
}

type KeyKind = 'secret' | 'publishable';
interface RequestScope {
  keyKind: KeyKind;
  params: FormObject;
  idempotencyKey: string | undefined;
}
type Handler = (scope: RequestScope, pathParams: Record<string, string>) => unknown;

const API_VERSION = '2026-10-28.endive';

/** Test cards with a fixed outcome; every other valid number succeeds. */
const DECLINING_CARDS: Record<string, CardOutcome> = {
  '4000000000000002': {
    kind: 'declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    kind: 'declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  // Attaching succeeds, every charge fails: how a renewal fails in Stripe's test mode.
  '4000000000000341': {
    kind: 'declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  // 3D Secure on every charge: on session the intent waits for the customer (requires_action).
  '4000002760003184': {
    kind: 'declined',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
    requiresAuthentication: true,
  },
};

/** Stripe's magic test payment method and token ids. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
  tok_visa: '4242424242424242',
  tok_chargeDeclined: '4000000000000002',
};

// ---- the service -------------------------------------------------------------------------------------

export function createStripeService(options: StripeServiceOptions) {
  const store = createStripeStore(options.dataDir);
  const webhooks = createWebhookDelivery({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    ...(options.webhookRetryDelaysMs && { retryDelaysMs: options.webhookRetryDelaysMs }),
    ...(options.log && { log: options.log }),
  });
  if (options.seedPrices !== false) seedSubscriptionPrices();

  function seedSubscriptionPrices(): void {
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

  function emit(
    type: string,
    object: StripeObject,
    {
      idempotencyKey,
      previousAttributes,
    }: { idempotencyKey?: string | undefined; previousAttributes?: Record<string, unknown> } = {},
  ): StripeObject {
    const event = store.put({
      id: newId('evt'),
      object: 'event',
      created: unixNow(),
      livemode: false,
      api_version: API_VERSION,
      type,
      data: {
        object: structuredClone(object),
        ...(previousAttributes && { previous_attributes: previousAttributes }),
      },
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: newId('req', 14), idempotency_key: idempotencyKey ?? null },
    });
    webhooks.enqueue(event.id, JSON.stringify(event, null, 2));
    return event;
  }

  function mustGet(id: string, object: string, param = 'id'): StripeObject {
    const found = store.get(id, object);
    if (!found) throw noSuchObject(object.replace(/_/g, ''), id, param);
    return found;
  }

  function listResponse(url: string, items: StripeObject[], params: FormObject) {
    const limit = Math.min(Math.max(integer(params, 'limit') ?? 10, 1), 100);
    const newestFirst = [...items].reverse();
    const after = text(params, 'starting_after');
    const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
    const page = newestFirst.slice(start, start + limit);
    return { object: 'list', url, has_more: start + limit < newestFirst.length, data: page };
  }

  // ---- cards, tokens, payment methods ----

  function cardFromParams(card: FormObject): { number: string; expMonth: number; expYear: number } {
    const number = digitsOnly(text(card, 'number') ?? '');
    const brand = cardBrand(number);
    if (number.length < cardLengths(brand).number)
      throw cardError(400, 'incorrect_number', 'Your card number is incorrect.', 'card[number]');
    if (!passesLuhn(number))
      throw cardError(
        400,
        'invalid_number',
        'Your card number is not a valid credit card number.',
        'card[number]',
      );
    const expMonth = Number(text(card, 'exp_month'));
    const expYearRaw = Number(text(card, 'exp_year'));
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
      throw cardError(
        400,
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
        'card[exp_month]',
      );
    }
    if (!Number.isInteger(expYearRaw) || expYearRaw <= 0)
      throw cardError(
        400,
        'invalid_expiry_year',
        "Your card's expiration year is invalid.",
        'card[exp_year]',
      );
    const expYear = expYearRaw < 100 ? 2000 + expYearRaw : expYearRaw;
    if (isExpiryInPast(expMonth, expYear, new Date())) {
      const pastYear = expYear < new Date().getFullYear();
      throw pastYear
        ? cardError(
            400,
            'invalid_expiry_year',
            "Your card's expiration year is in the past.",
            'card[exp_year]',
          )
        : cardError(
            400,
            'invalid_expiry_month',
            "Your card's expiration date is in the past.",
            'card[exp_month]',
          );
    }
    const cvc = text(card, 'cvc');
    if (cvc !== undefined && !new RegExp(`^\\d{${cardLengths(brand).cvc}}$`).test(cvc)) {
      throw cardError(400, 'invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
    }
    return { number, expMonth, expYear };
  }

  function cardDetails(number: string, expMonth: number, expYear: number) {
    return {
      brand: cardBrand(number),
      last4: number.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      funding: 'credit',
      country: 'US',
      fingerprint: number.slice(-8).split('').reverse().join('') + 'Fp',
      checks: { cvc_check: 'pass', address_postal_code_check: null, address_line1_check: null },
    };
  }

  const outcomeFor = (number: string): CardOutcome => DECLINING_CARDS[number] ?? { kind: 'succeeds' };

  function createToken({ params }: RequestScope): StripeObject {
    const { number, expMonth, expYear } = cardFromParams(nested(params, 'card'));
    const token = store.put({
      id: newId('tok'),
      object: 'token',
      created: unixNow(),
      livemode: false,
      type: 'card',
      used: false,
      client_ip: null,
      card: { id: newId('card'), object: 'card', ...cardDetails(number, expMonth, expYear) },
    });
    store.state.cardOutcomes[token.id] = outcomeFor(number);
    store.changed();
    return token;
  }

  function storePaymentMethod(
    card: ReturnType<typeof cardDetails>,
    outcome: CardOutcome,
    billing: FormObject,
    metadata: FormValue | undefined,
  ): StripeObject {
    const address = nested(billing, 'address');
    const paymentMethod = store.put({
      id: newId('pm'),
      object: 'payment_method',
      created: unixNow(),
      livemode: false,
      type: 'card',
      customer: null,
      allow_redisplay: 'unspecified',
      billing_details: {
        name: text(billing, 'name') ?? null,
        email: text(billing, 'email') ?? null,
        phone: text(billing, 'phone') ?? null,
        address: {
          city: null,
          country: null,
          line1: null,
          line2: null,
          postal_code: text(address, 'postal_code') ?? null,
          state: null,
        },
      },
      card,
      metadata: mergeMetadata({}, metadata),
    });
    store.state.cardOutcomes[paymentMethod.id] = outcome;
    store.changed();
    return paymentMethod;
  }

  function createPaymentMethod({ params }: RequestScope): StripeObject {
    const type = text(params, 'type') ?? 'card';
    if (type !== 'card')
      throw invalidRequest(`The payment method type "${type}" is not supported here; use card.`, 'type');
    const card = nested(params, 'card');
    const billing = nested(params, 'billing_details');
    const tokenId = text(card, 'token');
    if (tokenId) {
      const magic = TEST_PAYMENT_METHODS[tokenId];
      if (magic)
        return storePaymentMethod(
          cardDetails(magic, 12, new Date().getFullYear() + 3),
          outcomeFor(magic),
          billing,
          params.metadata,
        );
      const token = mustGet(tokenId, 'token', 'card[token]');
      if (token.used)
        throw invalidRequest(
          `You cannot use a Stripe token more than once: ${tokenId}.`,
          'card[token]',
          'token_already_used',
        );
      token.used = true;
      const {
        id: _cardId,
        object: _object,
        ...details
      } = token.card as ReturnType<typeof cardDetails> & { id: string; object: string };
      return storePaymentMethod(
        details,
        store.state.cardOutcomes[tokenId] ?? { kind: 'succeeds' },
        billing,
        params.metadata,
      );
    }
    const { number, expMonth, expYear } = cardFromParams(card);
    return storePaymentMethod(
      cardDetails(number, expMonth, expYear),
      outcomeFor(number),
      billing,
      params.metadata,
    );
  }

  /** Resolves a payment method id, turning Stripe's magic test ids (pm_card_visa…) into a fresh method. */
  function resolvePaymentMethod(id: string, param = 'payment_method'): StripeObject {
    const magic = TEST_PAYMENT_METHODS[id];
    if (magic)
      return storePaymentMethod(
        cardDetails(magic, 12, new Date().getFullYear() + 3),
        outcomeFor(magic),
        {},
        undefined,
      );
    return mustGet(id, 'payment_method', param);
  }

  function attachPaymentMethod({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const customer = mustGet(requiredText(params, 'customer'), 'customer', 'customer');
    const paymentMethod = resolvePaymentMethod(id!, 'payment_method');
    if (paymentMethod.customer && paymentMethod.customer !== customer.id) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    paymentMethod.customer = customer.id;
    store.changed();
    return paymentMethod;
  }

  // ---- customers ----

  function createCustomer({ params }: RequestScope): StripeObject {
    const testClock = text(params, 'test_clock');
    if (testClock) mustGet(testClock, 'test_helpers.test_clock', 'test_clock');
    const customer = store.put({
      id: newId('cus', 14),
      object: 'customer',
      created: unixNow(),
      livemode: false,
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      description: text(params, 'description') ?? null,
      metadata: mergeMetadata({}, params.metadata),
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      test_clock: testClock ?? null,
    });
    const paymentMethodId = text(params, 'payment_method');
    if (paymentMethodId) resolvePaymentMethod(paymentMethodId).customer = customer.id;
    const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
    if (defaultMethod)
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = defaultMethod;
    store.changed();
    return customer;
  }

  function updateCustomer({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const customer = mustGet(id!, 'customer');
    for (const field of ['email', 'name', 'description'])
      if (params[field] !== undefined) customer[field] = text(params, field) ?? null;
    customer.metadata = mergeMetadata(customer.metadata, params.metadata);
    const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
    if (defaultMethod) {
      const method = mustGet(defaultMethod, 'payment_method', 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultMethod}.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = defaultMethod;
    }
    store.changed();
    return customer;
  }

  // ---- payment intents, charges, refunds ----

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

  function createIntent(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    description: string | null;
    metadata: Record<string, string>;
    created: number;
    receiptEmail?: string | null;
    automaticPaymentMethods?: { enabled: true; allow_redirects: string } | null;
  }): StripeObject {
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
    if (intent.status === 'succeeded') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: intent,
      });
    }
    if (intent.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent could not be confirmed because it has a status of canceled.',
        payment_intent: intent,
      });
    }
    const paymentMethodId = text(scope.params, 'payment_method') ?? (intent.payment_method as string | null);
    if (!paymentMethodId) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        param: 'payment_method',
        message: 'You cannot confirm this PaymentIntent because it’s missing a payment method.',
        payment_intent: intent,
      });
    }
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
  ):
    | { ok: true }
    | {
        ok: false;
        error: {
          type: 'card_error';
          code: string;
          decline_code: string;
          message: string;
          charge: string;
          payment_method: StripeObject;
        };
      } {
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

  function createRefund(scope: RequestScope): StripeObject {
    const { params } = scope;
    const intentId = text(params, 'payment_intent');
    const chargeParam = text(params, 'charge');
    let charge: StripeObject;
    if (intentId) {
      const intent = mustGet(intentId, 'payment_intent', 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
      charge = mustGet(intent.latest_charge as string, 'charge');
    } else if (chargeParam) {
      charge = mustGet(chargeParam, 'charge', 'charge');
    } else {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    }
    const remaining = (charge.amount as number) - (charge.amount_refunded as number);
    if (charge.refunded || remaining <= 0)
      throw invalidRequest(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = integer(params, 'amount') ?? remaining;
    if (amount <= 0) throw invalidRequest('Invalid positive integer', 'amount');
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund = store.put({
      id: newId('re'),
      object: 'refund',
      created: unixNow(),
      livemode: false,
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: text(params, 'reason') ?? null,
      status: 'succeeded',
      metadata: mergeMetadata({}, params.metadata),
    });
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    store.changed();
    emit('charge.refunded', charge, { idempotencyKey: scope.idempotencyKey });
    emit('refund.created', refund, { idempotencyKey: scope.idempotencyKey });
    return refund;
  }

  // ---- products, prices, subscriptions ----

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

  // ---- HTTP ----

  const app = new Hono();
  app.use(
    '/v1/*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'stripe-version'],
      allowMethods: ['GET', 'POST', 'DELETE'],
      maxAge: 600,
    }),
  );

  function keyKindOf(c: Context, params: FormObject): KeyKind | undefined {
    const bearer =
      c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ??
      c.req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
    const key = bearer ?? text(params, 'key');
    if (key === options.secretKey) return 'secret';
    if (key === options.publishableKey) return 'publishable';
    return undefined;
  }

  function respondWithError(c: Context, error: unknown) {
    if (error instanceof StripeApiError) return c.json({ error: error.body }, error.status);
    options.log?.(`stripe stand-in error: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500);
  }

  /** Stripe's `expand[]`: each path's ids replaced by their objects, nested paths too; a list's `data.` paths apply to each item. */
  function expand(value: unknown, paths: string[]): unknown {
    if (!value || typeof value !== 'object' || paths.length === 0) return value;
    const copy = structuredClone(value) as Record<string, unknown>;
    if (copy.object === 'list' && Array.isArray(copy.data)) {
      const itemPaths = paths.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
      copy.data = copy.data.map((item) => expand(item, itemPaths));
      return copy;
    }
    const byField = new Map<string, string[]>();
    for (const path of paths) {
      const [field, ...rest] = path.split('.');
      byField.set(field!, [...(byField.get(field!) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
    }
    for (const [field, rest] of byField) {
      const id = copy[field];
      const object = typeof id === 'string' ? store.state.objects[id] : id;
      if (object && typeof object === 'object') copy[field] = expand(structuredClone(object), rest);
    }
    return copy;
  }

  /** Test hook (see injectFault): calls of `METHOD /path` that fail with a 500 api_error, before or after their work. */
  const faults = new Map<string, { times: number; when: 'before' | 'after' }>();
  function takeFault(routeKey: string): 'before' | 'after' | undefined {
    const fault = faults.get(routeKey);
    if (!fault || fault.times <= 0) return undefined;
    if (--fault.times === 0) faults.delete(routeKey);
    return fault.when;
  }
  const faultResponse = (c: Context) => {
    // The SDK would retry a 500 on its own; Stripe sends this header when a retry cannot help.
    c.header('stripe-should-retry', 'false');
    return c.json(
      { error: { type: 'api_error', message: 'Injected fault: Stripe had a problem with this request.' } },
      500,
    );
  };

  function route(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    handler: Handler,
    { publishable = false } = {},
  ) {
    app.on(method, path, async (c) => {
      const params: FormObject =
        method === 'GET'
          ? parseFormBody(new URL(c.req.url).search.slice(1))
          : parseFormBody(await c.req.text());
      const keyKind = keyKindOf(c, params);
      if (!keyKind) {
        return c.json(
          {
            error: {
              type: 'invalid_request_error',
              message: 'Invalid API Key provided. Use the local secret or publishable key.',
            },
          },
          401,
        );
      }
      if (keyKind === 'publishable' && !publishable) {
        return c.json(
          {
            error: {
              type: 'invalid_request_error',
              message:
                'This API call cannot be made with a publishable API key. Please use a secret API key.',
            },
          },
          401,
        );
      }
      const idempotencyKey = method === 'POST' ? c.req.header('idempotency-key') : undefined;
      const replayKey = idempotencyKey ? `${keyKind}:${idempotencyKey}` : undefined;
      // Stripe compares the parameters a key was first used with as parameters, not as the order they were encoded in.
      const fingerprint = `${method} ${c.req.path} ${canonicalJson(params)}`;
      if (replayKey) {
        const stored = store.state.idempotentResponses[replayKey];
        if (stored && stored.fingerprint !== fingerprint) {
          return c.json(
            {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            },
            400,
          );
        }
        if (stored) {
          c.header('idempotent-replayed', 'true');
          return c.json(stored.body, stored.status as 200);
        }
      }
      const fault = takeFault(`${method} ${path}`);
      if (fault === 'before') return faultResponse(c);
      let status = 200;
      let body: unknown;
      try {
        body = expand(
          handler({ keyKind, params, idempotencyKey }, c.req.param() as Record<string, string>),
          list(params, 'expand'),
        );
      } catch (error) {
        if (!(error instanceof StripeApiError)) return respondWithError(c, error);
        status = error.status;
        body = { error: error.body };
      }
      if (replayKey) {
        store.state.idempotentResponses[replayKey] = { fingerprint, status, body };
        store.changed();
      }
      // The work is done (and replayable with the same key) but the answer is lost on the way back.
      if (fault === 'after') return faultResponse(c);
      c.header('request-id', newId('req', 14));
      c.header('stripe-version', API_VERSION);
      return c.json(body, status as 200);
    });
  }

  const retrieve =
    (object: string): Handler =>
    (_scope, { id }) =>
      mustGet(id!, object);
  const listOf =
    (object: string, url: string, filterFields: string[] = []): Handler =>
    ({ params }) =>
      listResponse(
        url,
        store
          .list(object)
          .filter((item) =>
            filterFields.every((field) => params[field] === undefined || item[field] === params[field]),
          ),
        params,
      );

  route('POST', '/v1/customers', createCustomer);
  route('GET', '/v1/customers', listOf('customer', '/v1/customers', ['email']));
  route('GET', '/v1/customers/:id', retrieve('customer'));
  route('POST', '/v1/customers/:id', updateCustomer);

  route('POST', '/v1/tokens', createToken, { publishable: true });
  route('POST', '/v1/payment_methods', createPaymentMethod, { publishable: true });
  route('GET', '/v1/payment_methods', listOf('payment_method', '/v1/payment_methods', ['customer']));
  route('GET', '/v1/payment_methods/:id', retrieve('payment_method'));
  route('POST', '/v1/payment_methods/:id/attach', attachPaymentMethod);
  route('POST', '/v1/payment_methods/:id/detach', (_scope, { id }) => {
    const method = mustGet(id!, 'payment_method');
    method.customer = null;
    store.changed();
    return method;
  });

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
  route('POST', '/v1/refunds', createRefund);
  route('GET', '/v1/refunds', listOf('refund', '/v1/refunds', ['payment_intent', 'charge']));
  route('GET', '/v1/refunds/:id', retrieve('refund'));

  route('POST', '/v1/products', createProduct);
  route('GET', '/v1/products/:id', retrieve('product'));
  route('POST', '/v1/prices', createPrice);
  route('GET', '/v1/prices', listPrices);
  route('GET', '/v1/prices/:id', retrieve('price'));

  registerBilling({
    store,
    emit,
    mustGet,
    createIntent,
    settleIntent,
    listResponse,
    route: (method, path, handler) => route(method, path, handler),
  });

  route('GET', '/v1/events', listOf('event', '/v1/events', ['type']));
  route('GET', '/v1/events/:id', retrieve('event'));

  app.get('/v3', (c) => c.redirect('/v3/'));
  for (const path of ['/v3/', '/v3/stripe.js']) {
    app.get(path, (c) => {
      c.header('content-type', 'application/javascript; charset=utf-8');
      c.header('cache-control', 'no-cache');
      return c.body(buildStripeJsScript({ apiBase: options.publicUrl ?? new URL(c.req.url).origin }));
    });
  }
  app.get('/', (c) =>
    c.json({ service: 'local Stripe-compatible API', stripeJs: '/v3/', apiVersion: API_VERSION }),
  );
  app.notFound((c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        },
      },
      404,
    ),
  );
  app.onError((error, c) => respondWithError(c, error));

  return {
    app,
    /** Where events go from now on (a test may start the receiver after this service). */
    setWebhookUrl(url: string | undefined): void {
      options.webhookUrl = url;
      webhooks.setUrl(url);
    },
    /** Re-sends an event, as `stripe events resend` does (tests use it for duplicate deliveries). */
    resendEvent(eventId: string): void {
      const event = mustGet(eventId, 'event');
      webhooks.enqueue(event.id, JSON.stringify(event, null, 2));
    },
    events(type?: string): StripeObject[] {
      return store.list('event').filter((event) => !type || event.type === type);
    },
    /** Resolves once every webhook sent so far was delivered or given up. */
    webhooksIdle: () => webhooks.idle(),
    /**
     * Makes the next `times` calls of a route (e.g. 'POST /v1/refunds') fail with a 500: 'before' their
     * work (nothing happened) or 'after' it (it happened, the answer was lost). For failure tests.
     */
    injectFault(
      routeKey: string,
      { times = 1, when = 'before' }: { times?: number; when?: 'before' | 'after' } = {},
    ): void {
      faults.set(routeKey, { times, when });
    },
    clearFaults(): void {
      faults.clear();
    },
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
    close(): void {
      webhooks.stop();
      store.saveNow();
    },
  };
}

export type StripeService = ReturnType<typeof createStripeService>;

/** Starts the service on a port (0 picks a free one); `url` is its base URL. */
export async function startStripeService(
  options: StripeServiceOptions & { port: number; hostname?: string },
) {
  const service = createStripeService(options);
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      {
        fetch: service.app.fetch,
        port: options.port,
        ...(options.hostname && { hostname: options.hostname }),
      },
      () => resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    ...service,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop(): Promise<void> {
      service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
