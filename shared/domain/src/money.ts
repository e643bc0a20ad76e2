import { findTier, isFixedPriceTier } from './tiers';

/** Money rules of spec section 9. Amounts cross the wire in cents; the database keeps whole dollars. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;

// Made once: a formatter per call was one of the larger costs of rendering a page of project cards.
const usd = (minimumFractionDigits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits,
    maximumFractionDigits: 2,
  });
const WHOLE_USD = usd(0);
const CENTS_USD = usd(2);

export function formatUsd(dollars: number): string {
  return (Number.isInteger(dollars) ? WHOLE_USD : CENTS_USD).format(dollars);
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

export const TIER4_MINIMUM_TERM_MONTHS = 3;
export const EARLY_CANCELLATION_PENALTY_RATE = 0.6;

/** Tier 4 early-cancellation penalty: 60% of the remaining minimum-term months times the monthly fee. */
export function earlyCancellationPenalty(monthsRemaining: number, monthlyFee: number): number {
  if (monthsRemaining <= 0) return 0;
  return Math.round(EARLY_CANCELLATION_PENALTY_RATE * monthsRemaining * monthlyFee * 100) / 100;
}

/**
 * Months of the minimum term still ahead of `now`, counting a started month as a whole one: 3 the first
 * month, 2 after one full month, 0 once the term is over.
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
  return Math.max(0, minimumTermMonths - Math.max(0, fullMonthsElapsed));
}
