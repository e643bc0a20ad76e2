import type { Project } from '@agency/domain';
import type { Queryable } from '../db/database';

/**
 * The contract between the money operations (money/) and what talks to Stripe (features/payments).
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

/** What the money module needs to know of a project (read from its stored row). */
export function toMoneyView(p: Project & { stripe_subscription_id?: string | null }): ProjectMoneyView {
  return {
    id: p.id,
    tier: p.tier ?? 0,
    clientId: p.client_id,
    clientEmail: p.client_email,
    clientName: p.client_name,
    cost: p.cost,
    downpayment: p.downpayment,
    finalPaymentAmount: p.final_payment_amount,
    stripePaymentIntentId: p.stripe_payment_intent_id,
    stripeCustomerId: p.stripe_customer_id,
    stripePriceId: p.stripe_price_id,
  };
}

/**
 * The money operation a call belongs to (see money-operations.ts). Every Stripe call it
 * makes is journalled under it, and its idempotency key is `<key>:<step>`: the project, the action and the
 * attempt, never the card. Running the same call again (recovery) returns the journalled answer instead of
 * moving money twice.
 */
export interface MoneyOperationRef {
  id: string;
  key: string;
}

export interface RefundResult {
  refundId: string;
  paymentIntentId: string;
  amountCents: number;
}

export interface ChargeResult {
  paymentIntentId: string;
  customerId: string | null;
  amountCents: number;
  cardLast4: string | null;
}

export interface SubscriptionStarted {
  subscriptionId: string;
  customerId: string;
  priceId: string;
  startDate: string;
  currentPeriodEnd: string;
  testClockId: string | null;
  /** The first invoice, paid when the subscription started. */
  firstInvoice: InvoicePayment | null;
}

export interface InvoicePayment {
  invoiceId: string;
  paymentIntentId: string | null;
  amountCents: number;
  paidAt: string;
  cardLast4: string | null;
}

/** What recovery undid: a charge refunded, a subscription cancelled (its first invoice refunded with it). */
export type Reversal =
  | { type: 'refund'; refundId: string; paymentIntentId: string; amountCents: number; reason: string }
  | { type: 'subscription_cancelled'; subscriptionId: string };

/** A charge the operation made before it was undone, for the ledger. */
export interface ReversedCharge extends ChargeResult {
  kind: 'final' | 'penalty' | 'subscription';
  invoiceId?: string;
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
    /** Stripe's own words for a card problem (e.g. 'Your card was declined.'), for the screen. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** Thrown by a fault hook to leave an operation as a process that died at that point would (failure tests). */
export class AbandonOperation extends Error {
  constructor() {
    super('operation abandoned (simulated crash)');
    this.name = 'AbandonOperation';
  }
}

export interface Payments {
  /** Refund the deposit of a tier 1/2 project in full (admin refusal, cancellation with refund). */
  refundDeposit(project: ProjectMoneyView, reason: string, op: MoneyOperationRef): Promise<RefundResult>;
  /** Charge the remaining 50% with the client's payment method; resolves once the PaymentIntent succeeded. */
  chargeFinalPayment(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<ChargeResult>;
  /** Start the monthly subscription of an accepted tier 3/4 proposal (its first invoice is paid at once). */
  startSubscription(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<SubscriptionStarted>;
  /** Cancel the subscription of a tier 3/4 project (completion or cancellation). No-op when none. */
  cancelSubscription(project: ProjectMoneyView, op: MoneyOperationRef): Promise<{ cancelled: string[] }>;
  /** Early-cancellation penalty for tier 4 within the minimum term; zero otherwise. `q`: read within that transaction. */
  quotePenalty(project: ProjectMoneyView, q?: Queryable): Promise<PenaltyQuote>;
  /** Charge the early-cancellation penalty of `quote` (taken when the operation was claimed) with the client's payment method. */
  chargePenalty(
    project: ProjectMoneyView,
    paymentMethodId: string,
    quote: PenaltyQuote,
    op: MoneyOperationRef,
  ): Promise<ChargeResult>;
  /**
   * After a failed renewal: make the client's new card the subscription's and pay the open invoice with it.
   * Throws a PaymentError when the card is refused (nothing is paid then).
   */
  payOpenInvoice(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<InvoicePayment & { subscriptionId: string }>;
  /** Refund what is left of one payment of a project (the admin's refund). */
  refundPayment(paymentIntentId: string, reason: string, op: MoneyOperationRef): Promise<RefundResult>;
  /**
   * Recovery of an operation whose state change will not be written: settles the calls it sent without an
   * answer (replaying them with their idempotency key), then undoes what moved money: refunds its charges,
   * cancels a subscription it started and refunds that subscription's first invoice. Safe to run again.
   */
  reverse(op: MoneyOperationRef): Promise<{ reversals: Reversal[]; charges: ReversedCharge[] }>;
}
