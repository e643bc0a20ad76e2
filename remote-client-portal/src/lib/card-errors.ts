import { cardFailureReason } from '@agency/domain/payments-messages';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { ApiError } from '@agency/auth/api';
import type { StripeFailure } from '@agency/payments';

/** Why Stripe.js refused a card, in Stripe's words ("Your card was declined."), when it was the card. */
export function stripeReason(failure: StripeFailure | undefined): string | undefined {
  return cardFailureReason(failure);
}

/** Why the server's charge failed, when the bank refused the card (402 card_declined). */
export function declineReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // 402 is a refused payment; penalty_unpaid means no card was sent at all.
  return error.status === 402 && error.code !== 'penalty_unpaid'
    ? CLIENT_MESSAGES.errors.cardDeclined
    : undefined;
}
