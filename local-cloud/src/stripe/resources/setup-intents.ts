// SetupIntents: a card saved for later (off-session) payments, as Stripe does it. Confirming checks the card
// without charging it: a card Stripe declines outright fails with card_declined, one that asks for 3D Secure on
// every payment waits for the customer (requires_action), and the card that attaches fine but declines every
// charge (4000 0000 0000 0341) is saved, as in Stripe's test mode. A setup that succeeded attaches the payment
// method to the intent's customer.
import { flag, mergeMetadata, text } from '../params';
import type { RequestScope, StripeContext } from '../stripe-context';
import { StripeApiError, invalidRequest } from '../stripe-errors';
import { newId, unixNow, type StripeObject } from '../stripe-store';
import type { PaymentMethods } from './payment-methods';

const ATTACHES_BUT_DECLINES_CHARGES = '0341';

export function registerSetupIntents(
  { store, emit, mustGet, route, listOf }: StripeContext,
  { resolvePaymentMethod }: PaymentMethods,
): void {
  function forClient(scope: RequestScope, id: string): StripeObject {
    const intent = mustGet(id, 'setup_intent');
    if (scope.keyKind === 'publishable' && text(scope.params, 'client_secret') !== intent.client_secret)
      throw invalidRequest(
        'The client_secret provided does not match any associated SetupIntent on this account.',
        'client_secret',
      );
    return intent;
  }

  function create(scope: RequestScope): StripeObject {
    const { params } = scope;
    const customer = text(params, 'customer');
    if (customer) mustGet(customer, 'customer', 'customer');
    const id = newId('seti');
    const intent = store.put({
      id,
      object: 'setup_intent',
      created: unixNow(),
      livemode: false,
      customer: customer ?? null,
      description: text(params, 'description') ?? null,
      metadata: mergeMetadata({}, params.metadata),
      payment_method: null as string | null,
      payment_method_types: ['card'],
      usage: text(params, 'usage') ?? 'off_session',
      client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
      status: 'requires_payment_method',
      last_setup_error: null,
      next_action: null,
      latest_attempt: null,
    });
    const paymentMethod = text(params, 'payment_method');
    if (paymentMethod) {
      intent.payment_method = resolvePaymentMethod(paymentMethod).id;
      intent.status = 'requires_confirmation';
    }
    store.changed();
    return flag(params, 'confirm') ? confirm({ ...scope, params: {} }, { id }) : intent;
  }

  function confirm(scope: RequestScope, { id }: Record<string, string>): StripeObject {
    const intent = forClient(scope, id!);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${String(intent.status)}.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    const paymentMethodId = text(scope.params, 'payment_method') ?? (intent.payment_method as string | null);
    if (!paymentMethodId)
      throw invalidRequest(
        'You cannot confirm this SetupIntent because it’s missing a payment method.',
        'payment_method',
        'setup_intent_unexpected_state',
      );
    const method = resolvePaymentMethod(paymentMethodId);
    if (intent.customer && method.customer && method.customer !== intent.customer)
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
        'payment_method_unexpected_state',
      );
    intent.payment_method = method.id;
    const outcome = store.state.cardOutcomes[method.id];
    const last4 = (method.card as { last4?: string } | undefined)?.last4;
    if (outcome?.kind === 'declined' && outcome.requiresAuthentication) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' },
      };
      store.changed();
      emit('setup_intent.requires_action', intent);
      return intent;
    }
    if (outcome?.kind === 'declined' && last4 !== ATTACHES_BUT_DECLINES_CHARGES) {
      const error = {
        type: 'card_error' as const,
        code: 'card_declined',
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: method,
      };
      intent.status = 'requires_payment_method';
      intent.last_setup_error = error;
      store.changed();
      emit('setup_intent.setup_failed', intent);
      throw new StripeApiError(402, { ...error, setup_intent: intent });
    }
    if (intent.customer) method.customer = intent.customer;
    intent.status = 'succeeded';
    intent.last_setup_error = null;
    intent.next_action = null;
    store.changed();
    emit('setup_intent.succeeded', intent);
    return intent;
  }

  function cancel(_scope: RequestScope, { id }: Record<string, string>): StripeObject {
    const intent = mustGet(id!, 'setup_intent');
    if (intent.status === 'succeeded')
      throw invalidRequest(
        'You cannot cancel this SetupIntent because it has a status of succeeded.',
        undefined,
        'setup_intent_unexpected_state',
      );
    intent.status = 'canceled';
    store.changed();
    return intent;
  }

  route('POST', '/v1/setup_intents', create);
  route('GET', '/v1/setup_intents', listOf('setup_intent', '/v1/setup_intents', ['customer']));
  route('GET', '/v1/setup_intents/:id', (scope, { id }) => forClient(scope, id!), { publishable: true });
  route('POST', '/v1/setup_intents/:id/confirm', confirm, { publishable: true });
  route('POST', '/v1/setup_intents/:id/cancel', cancel);
}
