import {
  BUDGET_OPTIONS,
  costFor,
  findTier,
  finalPaymentFor,
  formatUsd,
  isFixedPriceTier,
  monthlyFee,
  TIMELINE_OPTIONS,
  type Project,
} from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';

export const tierName = (project: Pick<Project, 'tier'>): string =>
  findTier(project.tier)?.name ?? CLIENT_MESSAGES.project.generalConsultation;

/** The approval dialog's monthly fee: the same helper the server charges with. */
export { monthlyFee };

/** The cost line of a project card: fixed price, or the monthly fee of a subscription. */
export function costText(project: Pick<Project, 'tier' | 'cost'>): string | undefined {
  const tier = project.tier ?? 0;
  if (isFixedPriceTier(tier)) return formatUsd(project.cost ?? costFor(tier)!);
  const fee = monthlyFee(project);
  return fee === undefined ? undefined : `${formatUsd(fee)}${CLIENT_MESSAGES.project.perMonth}`;
}

/** The remaining 50% of a fixed-price project (defaults $250 / $700). */
export function finalPaymentOf(project: Pick<Project, 'tier' | 'final_payment_amount'>): number {
  return finalPaymentFor(project.tier ?? 0, project.final_payment_amount) ?? 0;
}

export const budgetLabel = (value: string | null) =>
  BUDGET_OPTIONS.find((o) => o.value === value)?.label ?? value;
export const timelineLabel = (value: string | null) =>
  TIMELINE_OPTIONS.find((o) => o.value === value)?.label ?? value;

/** First and last name for the purchase customer form, from the profile's full name. */
export function splitName(fullName: string, email: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const fallback = email.split('@')[0] || 'Client';
  const firstName = parts[0] ?? fallback;
  const lastName = parts.slice(1).join(' ') || firstName;
  return { firstName, lastName };
}

/** The deposit a fixed-price project's client paid, refunded in full if the request ends before acceptance. */
export function paidDeposit(
  project: Pick<Project, 'tier' | 'downpayment' | 'stripe_payment_intent_id'>,
): number | null {
  return isFixedPriceTier(project.tier ?? 0) && project.stripe_payment_intent_id
    ? (project.downpayment ?? null)
    : null;
}
