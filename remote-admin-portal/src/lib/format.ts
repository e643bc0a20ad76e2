import { findTier, formatUsd, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';

export function tierName(tier: Project['tier']): string {
  if (tier === null) return ADMIN_MESSAGES.project.generalConsultation;
  const found = findTier(tier);
  return found ? `Tier ${tier}: ${found.name}` : `Tier ${tier}`;
}

export function money(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? ADMIN_MESSAGES.project.notSet : formatUsd(amount);
}

export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
