import type { PaymentHistoryEntry, Project, SubscriptionStatus } from './api-contract';
import { isFixedPriceTier, isSubscriptionTier } from './tiers';

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
