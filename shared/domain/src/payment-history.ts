import type { Project, SubscriptionStatus } from './records';
import { isFixedPriceTier, isSubscriptionTier } from './tiers';

/** One line of a project's payment history (GET /api/projects/:id/payments). Amounts in whole dollars. */
export interface PaymentHistoryEntry {
  id: string;
  kind: 'deposit' | 'final' | 'penalty' | 'subscription' | 'refund';
  status: 'succeeded' | 'failed' | 'refunded';
  amount: number;
  /** ISO date of the payment, refund or failed attempt. */
  at: string;
  cardLast4: string | null;
  /** Why a payment failed, in the bank's words. */
  failureMessage: string | null;
}

export interface ProjectPaymentsResponse {
  payments: PaymentHistoryEntry[];
  /** What the client still owes: the rest of a fixed price, or a failed monthly invoice. */
  balanceDue: number;
  subscription: {
    status: SubscriptionStatus;
    monthlyCost: number | null;
    currentPeriodEnd: string | null;
  } | null;
}

/** What each line of a payment history was for; both portals name payments with these. */
export const PAYMENT_KIND_LABELS: Record<PaymentHistoryEntry['kind'], string> = {
  deposit: '50% deposit',
  final: 'Final payment',
  penalty: 'Early-cancellation penalty',
  subscription: 'Monthly subscription',
  refund: 'Refund',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentHistoryEntry['status'], string> = {
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment failed',
  cancelled: 'Cancelled',
};

/** The texts of a project's payment history, the same for the client and the admin. */
export const PAYMENT_HISTORY_TEXT = {
  columns: { date: 'Date', type: 'Type', amount: 'Amount', status: 'Status', card: 'Card' },
  caption: (projectTitle: string) => `Payments for ${projectTitle}`,
  /** Read before the last four digits by screen readers; sighted users see the dots. */
  cardEnding: 'ending in',
  noCard: 'None',
  loading: 'Loading payments...',
  empty: 'No payments yet.',
  loadFailed: "We couldn't load the payments.",
  retry: 'Try again',
  balanceDue: 'Balance due',
  subscription: 'Subscription',
  monthlyFee: 'Monthly fee',
  currentPeriodEnd: 'Current period ends',
  failureReason: (reason: string) => `Bank's reason: ${reason}`,
} as const;

/** Whether a project can have payments to show: a fixed-price project, or a subscription once it has started. */
export function hasPaymentHistory(project: Pick<Project, 'tier' | 'subscription_status'>): boolean {
  const tier = project.tier ?? 0;
  return isFixedPriceTier(tier) || (isSubscriptionTier(tier) && project.subscription_status !== null);
}

/** A subscription whose last monthly renewal failed and is not paid yet. */
export const hasFailedRenewal = (project: Pick<Project, 'subscription_status'>): boolean =>
  project.subscription_status === 'past_due';
