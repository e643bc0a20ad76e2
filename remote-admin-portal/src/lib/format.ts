import { shortDate } from '@agency/portal';
import {
  BUDGET_OPTIONS,
  findConsultationTier,
  findTier,
  formatUsd,
  isSubscriptionTier,
  TIMELINE_OPTIONS,
  type Project,
} from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { hasFailedRenewal } from '@agency/domain/payment-history';

const P = ADMIN_MESSAGES.project;

export function tierName(tier: Project['tier']): string {
  if (tier === null) return P.generalConsultation;
  const found = findTier(tier);
  return found ? `Tier ${tier}: ${found.name}` : `Tier ${tier}`;
}

/** A consultation request's tier key ('3', '4', 'general') as its service name. */
export const consultationTierName = (key: string) => findConsultationTier(key)?.name ?? key;

export function money(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? P.notSet : formatUsd(amount);
}

/**
 * The cost line: a subscription without its own cost shows the tier's default monthly fee, as the client sees
 * it (spec section 9), marked as the default for the admin.
 */
export function costText(project: Pick<Project, 'tier' | 'cost'>): string {
  const tier = project.tier ?? 0;
  if (!isSubscriptionTier(tier)) return money(project.cost);
  if (project.cost !== null) return `${formatUsd(project.cost)}${P.perMonth}`;
  const fallback = findTier(tier)?.defaultMonthlyDollars;
  return fallback === undefined ? P.notSet : `${formatUsd(fallback)}${P.perMonth} (${P.tierDefault})`;
}

export const budgetLabel = (value: string | null) =>
  BUDGET_OPTIONS.find((o) => o.value === value)?.label ?? value ?? '';
export const timelineLabel = (value: string | null) =>
  TIMELINE_OPTIONS.find((o) => o.value === value)?.label ?? value ?? '';

/** A picker option: two projects with one title differ by client and date. */
export const pickerLabel = (project: Project) =>
  P.pickerOption(
    project.title,
    project.client_name,
    shortDate(project.created_at),
    hasFailedRenewal(project),
  );
