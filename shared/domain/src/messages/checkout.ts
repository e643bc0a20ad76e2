import { PAYMENT_MESSAGES } from '../payments-messages';

/** Texts of the checkout remote: purchase and consultation pages and their success pages (spec sections 2, 8, 9). */
export const CHECKOUT_MESSAGES = {
  purchase: {
    ...PAYMENT_MESSAGES.purchase,
    serviceNotFoundTitle: 'Service Not Found',
    serviceNotFoundDescription: 'The requested service tier is not available for direct purchase.',
    backToHome: 'Back to Home',
    backToServices: 'Back to Services',
    heading: (tierName: string) => `Purchase ${tierName}`,
    orderSummary: 'Order Summary',
    totalPrice: 'Total project price',
    dueToday: 'Due today (50% deposit)',
    remainder: (amount: string) => `The remaining ${amount} is due after your project is accepted.`,
    refundPromise: 'If your project is not accepted, your deposit is refunded in full.',
    customerInformation: 'Customer Information',
    payment: 'Payment',
    cardHint: 'Enter your card details to pay the deposit.',
    editDetails: 'Edit details',
  },
  consultation: {
    heading: (name: string) => `Schedule a Consultation: ${name}`,
    intro: "Tell us about your project and we'll prepare for a focused conversation.",
    backToServices: 'Back to Services',
    whatToExpect: 'What to Expect',
    expectations: (minutes: number) => [
      `A ${minutes}-minute strategy session`,
      'Requirements analysis',
      'A custom proposal and timeline',
      'Q&A about your project',
    ],
    serviceDetails: 'Service Details',
    formHeading: 'Your Details',
    /** Under the preferred time: whose clock it is on (the browser's time zone, sent with the request). */
    timeZoneHint: (zone: string) => `In your time zone (${zone})`,
    submit: 'Schedule Consultation',
    submitting: 'Scheduling...',
    failed: 'Failed to schedule consultation. Please try again.',
    /** The message thrown by the request when the server answers with an error. */
    failedThrown: 'Failed to schedule consultation',
    notFoundTitle: 'Service Not Found',
    notFoundDescription: 'The requested consultation is not available.',
  },
  purchaseSuccess: {
    heading: 'Payment Successful!',
    intro: 'Thank you for your purchase. Your project request has been received.',
    nextSteps: 'What happens next',
    steps: [
      'Our team reviews your project within 24-48 hours.',
      'Once your project is accepted, work starts within 3-5 business days.',
      'You have paid 50% of the project price; the remaining 50% is due after acceptance.',
    ],
    amountPaid: 'Amount paid',
    reference: 'Your order reference',
    /** Beside the reference: what to do with it. */
    referenceHint: 'Quote it if you contact us about this order.',
    dashboard: 'Go to Dashboard',
    home: 'Back to Home',
  },
  consultationSuccess: {
    heading: 'Consultation Requested!',
    intro: "Thank you for your interest. We've received your consultation request.",
    nextSteps: 'Next Steps',
    steps: [
      'We review your project details.',
      'You receive a calendar invite within 24 hours.',
      'We meet for the consultation: it lasts 15-45 minutes.',
      'You receive a custom proposal and timeline.',
    ],
    reference: 'Your request reference',
    referenceHint: 'Quote it if you contact us about this request.',
    home: 'Back to Home',
    services: 'View Services',
  },
} as const;

/**
 * Session storage key of the last purchase's confirmation for /purchase-success: what was paid (whole dollars) and
 * the project the server created, when it said so in time (JSON of PurchaseConfirmation).
 */
export const PURCHASE_CONFIRMATION_KEY = 'purchaseConfirmation';
export interface PurchaseConfirmation {
  amountDollars: number;
  projectId: string | null;
}

/** Session storage key of the project created by the last consultation request. */
export const CONSULTATION_PROJECT_ID_KEY = 'consultationProjectId';

/** Session length by consultation: 45 minutes for Fractional CTO (tier 4), otherwise 30 (spec section 9). */
export const CONSULTATION_SESSION_MINUTES = { default: 30, fractionalCto: 45 } as const;

export function consultationSessionMinutes(tierKey: string): number {
  return tierKey === '4' ? CONSULTATION_SESSION_MINUTES.fractionalCto : CONSULTATION_SESSION_MINUTES.default;
}
