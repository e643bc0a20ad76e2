/**
 * The contract between the project rules (api core) and the money module (features/payments).
 * The core never talks to Stripe; it asks this module. Every amount is computed here from the tier or
 * the stored project, never taken from the browser. Methods throw a PaymentError when Stripe refuses.
 */
export interface ProjectMoneyView {
  id: string;
  tier: number;
  clientId: string | null;
  clientEmail: string;
  clientName: string;
  cost: number | null;
  downpayment: number | null;
  finalPaymentAmount: number | null;
  stripePaymentIntentId: string | null;
  stripeCustomerId: string | null;
  stripePriceId: string | null;
}

export interface RefundResult {
  refundId: string;
  /** Whole dollars refunded. */
  amount: number;
}

export interface PenaltyQuote {
  hasPenalty: boolean;
  penaltyAmount: number;
  monthsRemaining: number;
  subscriptionFee: number;
}

export class PaymentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 402 | 409 | 502 = 402,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

export interface Payments {
  /** Refund the deposit of a tier 1/2 project in full (admin refusal, cancellation with refund). */
  refundDeposit(project: ProjectMoneyView, reason: string): Promise<RefundResult>;
  /** Charge the remaining 50% with the client's payment method; resolves once the PaymentIntent succeeded. */
  chargeFinalPayment(project: ProjectMoneyView, paymentMethodId: string): Promise<{ paymentIntentId: string; amount: number }>;
  /** Start the monthly subscription of an accepted tier 3/4 proposal. */
  startSubscription(project: ProjectMoneyView, paymentMethodId: string): Promise<{ subscriptionId: string; currentPeriodEnd: Date }>;
  /** Cancel the subscription of a tier 3/4 project (completion or cancellation). No-op when none. */
  cancelSubscription(project: ProjectMoneyView): Promise<void>;
  /** Early-cancellation penalty for tier 4 within the minimum term; zero otherwise. */
  quotePenalty(project: ProjectMoneyView): Promise<PenaltyQuote>;
  /** Verify that a penalty PaymentIntent succeeded for at least the quoted amount. */
  verifyPenaltyPayment(project: ProjectMoneyView, paymentIntentId: string): Promise<void>;
}
