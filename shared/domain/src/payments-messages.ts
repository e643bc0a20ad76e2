/** Texts of the card payment flows (spec section 8), shown by the payment UI and the screens using it. */
export const PAYMENT_MESSAGES = {
  stripeNotLoaded: 'Stripe is not loaded. Please refresh the page.',
  cardElementNotFound: 'Card element not found.',
  paymentFailed: 'Payment failed, please try again.',
  invalidCardDetails: 'Invalid card details.',
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
