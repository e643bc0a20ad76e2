import { fromCents, isFixedPriceTier, type Project } from '@agency/domain';
import type { ProjectPaymentEntry } from '../../money/payment-ledger';

/**
 * What the client still owes. Fixed price: the cost less what was paid net of refunds, while the project is
 * neither refused nor cancelled. Subscription: the failed invoices not paid since.
 */
export function balanceDue(project: Project, entries: ProjectPaymentEntry[]): number {
  if (project.cancelled || project.status === 'refused') return 0;
  // Nothing is owed on a request the client has not accepted yet (issue 33): the deposit is all it took.
  if (project.client_approval_status !== 'accepted') return 0;
  if (isFixedPriceTier(project.tier ?? 0)) {
    const net = entries.reduce(
      (sum, e) => sum + (e.status === 'succeeded' ? e.amountCents : e.kind === 'refund' ? -e.amountCents : 0),
      0,
    );
    return Math.max(0, fromCents(Math.round((project.cost ?? 0) * 100) - net));
  }
  return fromCents(
    entries
      .filter((e) => e.kind === 'subscription' && e.status === 'failed')
      .reduce((sum, e) => sum + e.amountCents, 0),
  );
}
