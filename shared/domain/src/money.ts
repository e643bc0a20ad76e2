import { findTier, isFixedPriceTier, isSubscriptionTier } from './tiers';

/** Money rules of spec section 9. Amounts cross the wire in cents; the database keeps whole dollars. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;

const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * Dollars as en-US currency: "$1,500" when whole, "$7,407.40" otherwise, "-$250" below zero. Written out rather
 * than Intl.NumberFormat: the first currency formatter of a page loads its locale data, which measured
 * 150-170 ms on a phone profile (4x slower CPU), on the landing page's start-up path. money.test.ts checks
 * this against Intl.
 */
export function formatUsd(dollars: number): string {
  const [whole = '', cents] = Math.abs(dollars)
    .toFixed(Number.isInteger(dollars) ? 0 : 2)
    .split('.');
  return `${dollars < 0 ? '-' : ''}$${whole.replace(THOUSANDS, ',')}${cents ? `.${cents}` : ''}`;
}

/** Deposit for a fixed-price tier, in dollars: 250 for tier 1, 700 for tier 2. */
export function downpaymentFor(tier: number): number | undefined {
  return isFixedPriceTier(tier) ? findTier(tier)!.downpaymentDollars : undefined;
}

/** Cost stored for a fixed-price project: twice the deposit. */
export function costFor(tier: number): number | undefined {
  const deposit = downpaymentFor(tier);
  return deposit === undefined ? undefined : deposit * 2;
}

/** The remaining 50% due after acceptance; defaults to 250 / 700 when not given. */
export function finalPaymentFor(tier: number, finalPaymentAmount?: number | null): number | undefined {
  if (finalPaymentAmount != null && finalPaymentAmount > 0) return finalPaymentAmount;
  return downpaymentFor(tier);
}

/**
 * Monthly fee of a tier 3/4 project, in dollars: its cost, else the tier's default ($15,000 / $25,000).
 * What the client is shown when approving, and what the server charges every month; undefined for other tiers.
 */
export function monthlyFee(project: { tier: number | null; cost: number | null }): number | undefined {
  const tier = project.tier ?? 0;
  if (!isSubscriptionTier(tier)) return undefined;
  return project.cost ?? findTier(tier)?.defaultMonthlyDollars;
}

export const TIER4_MINIMUM_TERM_MONTHS = 3;
export const EARLY_CANCELLATION_PENALTY_RATE = 0.6;

/** Tier 4 early-cancellation penalty: 60% of the remaining minimum-term months times the monthly fee. */
export function earlyCancellationPenalty(monthsRemaining: number, monthlyFee: number): number {
  if (monthsRemaining <= 0) return 0;
  return Math.round(EARLY_CANCELLATION_PENALTY_RATE * monthsRemaining * monthlyFee * 100) / 100;
}

/**
 * Months of the minimum term not yet invoiced at `now`. Stripe bills each month at its start (the first on the
 * day the subscription starts), so the month under way is already paid: 2 the first month, 1 after the first
 * renewal, 0 from the second renewal on. The early-cancellation penalty is charged on these months only.
 */
export function minimumTermMonthsRemaining(
  start: Date,
  now: Date,
  minimumTermMonths = TIER4_MINIMUM_TERM_MONTHS,
): number {
  let fullMonthsElapsed =
    (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  const dayTime = (d: Date) =>
    ((d.getUTCDate() * 24 + d.getUTCHours()) * 60 + d.getUTCMinutes()) * 60_000 +
    d.getUTCSeconds() * 1000 +
    d.getUTCMilliseconds();
  if (dayTime(now) < dayTime(start)) fullMonthsElapsed -= 1;
  const monthsInvoiced = Math.max(0, fullMonthsElapsed) + 1;
  return Math.max(0, minimumTermMonths - monthsInvoiced);
}
