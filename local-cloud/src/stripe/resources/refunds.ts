// Refunds of a payment intent's charge (or of a charge), in part or in full, never more than is left.
import { integer, mergeMetadata, text } from '../params';
import type { RequestScope, StripeContext } from '../stripe-context';
import { invalidRequest } from '../stripe-errors';
import { newId, unixNow, type StripeObject } from '../stripe-store';

export function registerRefunds({ store, emit, mustGet, route, listOf, retrieve }: StripeContext): void {
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

  route('POST', '/v1/refunds', createRefund);
  route('GET', '/v1/refunds', listOf('refund', '/v1/refunds', ['payment_intent', 'charge']));
  route('GET', '/v1/refunds/:id', retrieve('refund'));
}
