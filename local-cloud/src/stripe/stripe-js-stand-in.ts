/**
 * The Stripe.js stand-in that runs in the browser offline: the part of Stripe.js v3 that @stripe/stripe-js and
 * @stripe/react-stripe-js call (Elements, creating tokens and payment methods, confirming card payments).
 * `buildStripeJsScript` serialises `installStripeJs` with `Function.prototype.toString`, so this function must
 * not reference anything outside its own body: Elements arrive as `cards` and configuration as `config`.
 */
import type { CardValue, StripeErrorLike } from './stripe-js-card-element';
import type { StandInElements } from './stripe-js-elements';

export interface StripeJsStandInConfig {
  /** Base URL of the local Stripe-compatible service. */
  apiBase: string;
}

export function installStripeJs(
  win: Window & typeof globalThis,
  config: StripeJsStandInConfig,
  cards: StandInElements,
): void {
  const { readCard } = cards;

  function encode(params: Record<string, unknown>, prefix = ''): string[] {
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      const key = prefix ? `${prefix}[${name}]` : name;
      if (typeof value === 'object') pairs.push(...encode(value as Record<string, unknown>, key));
      else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
    return pairs;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown>,
  ): Promise<{ body?: Record<string, unknown>; error?: StripeErrorLike }> {
    const query = encode(params).join('&');
    try {
      const response = await win.fetch(`${config.apiBase}${path}${method === 'GET' ? `?${query}` : ''}`, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        ...(method === 'POST' && { body: query }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok)
        return {
          error: (body.error as StripeErrorLike) ?? {
            type: 'api_error',
            message: 'An unknown error occurred',
          },
        };
      return { body };
    } catch {
      return {
        error: {
          type: 'api_connection_error',
          message: 'We could not reach the payment service. Please check your connection and try again.',
        },
      };
    }
  }

  function cardParams(card: CardValue): Record<string, unknown> {
    return { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc };
  }

  const refused = (message: string) => ({ error: { type: 'invalid_request_error', message } });

  function intentIdFrom(clientSecret: unknown): string | undefined {
    return typeof clientSecret === 'string' ? /^(pi_[^_]+)_secret_/.exec(clientSecret)?.[1] : undefined;
  }

  function StripeStandIn(publishableKey: unknown, _options?: unknown) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw new Error('Please call Stripe() with your publishable key. You used an empty string.');
    }
    const key = publishableKey;

    async function createPaymentMethodFrom(
      card: unknown,
      billingDetails: unknown,
      metadata?: unknown,
    ): Promise<{ paymentMethod?: Record<string, unknown>; error?: StripeErrorLike }> {
      const read = readCard(card);
      if (read.error) return { error: read.error };
      const { body, error } = await call('POST', '/v1/payment_methods', {
        key,
        type: 'card',
        card: cardParams(read.value!),
        billing_details: billingDetails,
        metadata,
      });
      return error ? { error } : { paymentMethod: body! };
    }

    const stripe = {
      elements: cards.elements,
      async createToken(element: unknown, data: Record<string, unknown> = {}) {
        const read = readCard(element);
        if (read.error) return { error: read.error };
        const { body, error } = await call('POST', '/v1/tokens', {
          key,
          card: { ...cardParams(read.value!), name: data.name },
        });
        return error ? { error } : { token: body };
      },
      async createPaymentMethod(
        typeOrData: unknown,
        elementArg?: unknown,
        dataArg?: Record<string, unknown>,
      ) {
        if (typeof typeOrData === 'string')
          return createPaymentMethodFrom(elementArg, dataArg?.billing_details, dataArg?.metadata);
        const data = (typeOrData ?? {}) as Record<string, unknown>;
        if (data.type !== undefined && data.type !== 'card')
          return refused('The local Stripe.js stand-in supports card payment methods only.');
        return createPaymentMethodFrom(data.card, data.billing_details, data.metadata);
      },
      async confirmCardPayment(
        clientSecret: unknown,
        data: Record<string, unknown> = {},
        _options?: unknown,
      ) {
        const intentId = intentIdFrom(clientSecret);
        if (!intentId)
          return refused(
            'Invalid value for confirmCardPayment intent secret: value should be a client_secret string.',
          );
        let paymentMethod = data.payment_method;
        if (paymentMethod && typeof paymentMethod === 'object') {
          const details = paymentMethod as Record<string, unknown>;
          const created = await createPaymentMethodFrom(
            details.card,
            details.billing_details,
            details.metadata,
          );
          if (created.error) return { error: created.error };
          paymentMethod = created.paymentMethod!.id;
        }
        const { body, error } = await call('POST', `/v1/payment_intents/${intentId}/confirm`, {
          key,
          client_secret: clientSecret,
          payment_method: paymentMethod,
        });
        return error ? { error } : { paymentIntent: body };
      },
      async retrievePaymentIntent(clientSecret: unknown) {
        const intentId = intentIdFrom(clientSecret);
        if (!intentId)
          return refused('Invalid value for retrievePaymentIntent: value should be a client_secret string.');
        const { body, error } = await call('GET', `/v1/payment_intents/${intentId}`, {
          key,
          client_secret: clientSecret,
        });
        return error ? { error } : { paymentIntent: body };
      },
      registerAppInfo(_info: unknown) {},
      _registerWrapper(_wrapper: unknown) {},
    };
    return stripe;
  }
  // The release train @stripe/stripe-js 10 expects; a mismatch only logs a warning.
  StripeStandIn.version = 'endive';
  StripeStandIn.isLocalStandIn = true;
  (win as unknown as { Stripe: unknown }).Stripe = StripeStandIn;
}
