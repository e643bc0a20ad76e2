/** Texts of the card payment flows (spec section 8), shown by the payment UI and the screens using it. */
export const PAYMENT_MESSAGES = {
  stripeNotLoaded: 'Stripe is not loaded. Please refresh the page.',
  cardElementNotFound: 'Card element not found.',
  paymentFailed: 'Payment failed, please try again.',
  invalidCardDetails: 'Invalid card details.',
  /** Why, beside the card, when the bank refused it and Stripe gave no words of its own. */
  cardDeclined: 'Your card was declined.',
  purchase: {
    paymentErrorTitle: 'Payment Error',
    paymentErrorDescription: "We're having trouble processing your payment. Please try again.",
    successTitle: 'Payment Successful!',
    successDescription: (amount: string) => `Your payment of ${amount} was successful.`,
    projectCreationFailedTitle: 'Failed to create project',
    projectCreationFailedDescription:
      'Any charges to your card has been refunded. Please try again. If the problem persists, please contact support.',
    payButton: (amount: string) => `Pay ${amount} Now`,
    processing: 'Processing...',
  },
  serviceRequest: {
    paymentFailed: 'Payment failed. Please try again',
    paidButNotCreated: 'Payment successful but failed to create project. Please contact support.',
  },
} as const;

/** What Stripe.js says went wrong, in the shape every payment screen reads (StripeFailure of @agency/payments). */
export interface CardFailure {
  type: string;
  message?: string;
}

/**
 * Why Stripe.js refused a card, in Stripe's words ("Your card was declined."), when it was the card: shown beside
 * the card on every payment screen (the portal's dialogs and the public checkout), before what to do.
 */
export function cardFailureReason(failure: CardFailure | undefined): string | undefined {
  if (!failure || failure.type !== 'card_error') return undefined;
  return failure.message ?? PAYMENT_MESSAGES.cardDeclined;
}
