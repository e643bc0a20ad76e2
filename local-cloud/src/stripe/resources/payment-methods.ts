// Cards, tokens and payment methods: a card's details are checked as Stripe checks them, and Stripe's test
// cards and magic ids (pm_card_visa, tok_visa…) keep the outcome they have in Stripe's test mode.
import { cardBrand, cardLengths, digitsOnly, isExpiryInPast, passesLuhn } from '../card-rules';
import type { FormObject, FormValue } from '../form-body';
import { mergeMetadata, nested, requiredText, text } from '../params';
import type { RequestScope, StripeContext } from '../stripe-context';
import { cardError, invalidRequest } from '../stripe-errors';
import { newId, unixNow, type CardOutcome, type StripeObject } from '../stripe-store';

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

const NO_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export function registerPaymentMethods({ store, mustGet, route, listOf, retrieve }: StripeContext) {
  function cardFromParams(card: FormObject): { number: string; expMonth: number; expYear: number } {
    const refuse = (code: string, message: string, param: string) =>
      cardError(400, code, message, `card[${param}]`);
    const number = digitsOnly(text(card, 'number') ?? '');
    const brand = cardBrand(number);
    if (number.length < cardLengths(brand).number)
      throw refuse('incorrect_number', 'Your card number is incorrect.', 'number');
    if (!passesLuhn(number))
      throw refuse('invalid_number', 'Your card number is not a valid credit card number.', 'number');
    const expMonth = Number(text(card, 'exp_month'));
    const expYearRaw = Number(text(card, 'exp_year'));
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
      throw refuse('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    if (!Number.isInteger(expYearRaw) || expYearRaw <= 0)
      throw refuse('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    const expYear = expYearRaw < 100 ? 2000 + expYearRaw : expYearRaw;
    if (isExpiryInPast(expMonth, expYear, new Date())) {
      throw expYear < new Date().getFullYear()
        ? refuse('invalid_expiry_year', "Your card's expiration year is in the past.", 'exp_year')
        : refuse('invalid_expiry_month', "Your card's expiration date is in the past.", 'exp_month');
    }
    const cvc = text(card, 'cvc');
    if (cvc !== undefined && !new RegExp(`^\\d{${cardLengths(brand).cvc}}$`).test(cvc))
      throw refuse('invalid_cvc', "Your card's security code is invalid.", 'cvc');
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
        address: { ...NO_ADDRESS, postal_code: text(address, 'postal_code') ?? null },
      },
      card,
      metadata: mergeMetadata({}, metadata),
    });
    store.state.cardOutcomes[paymentMethod.id] = outcome;
    store.changed();
    return paymentMethod;
  }

  const storeCard = (
    number: string,
    expMonth: number,
    expYear: number,
    billing: FormObject,
    metadata: FormValue | undefined,
  ) => storePaymentMethod(cardDetails(number, expMonth, expYear), outcomeFor(number), billing, metadata);

  function createPaymentMethod({ params }: RequestScope): StripeObject {
    const type = text(params, 'type') ?? 'card';
    if (type !== 'card')
      throw invalidRequest(`The payment method type "${type}" is not supported here; use card.`, 'type');
    const card = nested(params, 'card');
    const billing = nested(params, 'billing_details');
    const tokenId = text(card, 'token');
    if (tokenId) {
      const magic = TEST_PAYMENT_METHODS[tokenId];
      if (magic) return storeCard(magic, 12, new Date().getFullYear() + 3, billing, params.metadata);
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
    return storeCard(number, expMonth, expYear, billing, params.metadata);
  }

  /** Resolves a payment method id, turning Stripe's magic test ids (pm_card_visa…) into a fresh method. */
  function resolvePaymentMethod(id: string, param = 'payment_method'): StripeObject {
    const magic = TEST_PAYMENT_METHODS[id];
    if (magic) return storeCard(magic, 12, new Date().getFullYear() + 3, {}, undefined);
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
  return { resolvePaymentMethod };
}

export type PaymentMethods = ReturnType<typeof registerPaymentMethods>;
