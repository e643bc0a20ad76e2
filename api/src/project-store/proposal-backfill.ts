import { defaultValidUntil, proposalPrice, type TierId } from '@agency/domain';
import type { Queryable } from '../db/database';
import { defaultDraft, writeProposalVersion, type ProposalSubject } from './proposal-store';

/**
 * Migration 121's data step. A project the admin accepted before migration 120 awaits the client's approval with
 * no proposal, and an approval needs a signature of one (409 "No proposal has been sent" without). Each such
 * project gets its first version exactly as the admin's Accept sends one (acceptProject): the request's own words
 * (defaultDraft: its description, the tier's features), valid PROPOSAL_VALIDITY_DAYS from now, the project's
 * price and the current terms, written by the same writeProposalVersion, so its document and SHA-256 are drawn by
 * shared/domain's proposalText like every other version (which is why this is code, not SQL: the hash is of
 * the text the page shows). A subscription accepted without a monthly fee (the old silent tier default) gets
 * none: no tier default is ever proposed, so the admin sets the fee and sends it.
 *
 * Idempotent: a project that has a proposal is left alone. It reads only columns that exist at migration 121
 * (not PROJECT_COLUMNS, which later migrations may extend), since it runs at that point of the sequence.
 */
export async function backfillProposals(
  tx: Queryable,
  now: Date = new Date(),
): Promise<{ written: string[]; awaitingFee: string[] }> {
  const rows = await tx.query<
    Omit<ProposalSubject, 'cost' | 'downpayment' | 'tier'> & {
      description: string;
      tier: number | null;
      cost: number | string | null;
      downpayment: number | string | null;
    }
  >(
    `select id, title, description, tier, client_name, client_email, company, cost, downpayment,
            stripe_payment_intent_id
     from projects p
     where p.admin_approval_status = 'accepted' and p.client_approval_status = 'pending'
       and p.status = 'pending' and p.overall_status = 'pending' and not p.cancelled
       and not exists (select 1 from proposals pr where pr.project_id = p.id)
     order by p.created_at, p.id
     for update`,
  );
  const written: string[] = [];
  const awaitingFee: string[] = [];
  const validUntil = defaultValidUntil(now);
  for (const row of rows) {
    const project = {
      ...row,
      tier: row.tier === null ? null : (Number(row.tier) as TierId),
      cost: row.cost === null ? null : Number(row.cost),
      downpayment: row.downpayment === null ? null : Number(row.downpayment),
    };
    if (!proposalPrice(project)) {
      awaitingFee.push(project.id);
      continue;
    }
    await writeProposalVersion(tx, project, defaultDraft(project, validUntil), null, now);
    written.push(project.id);
  }
  return { written, awaitingFee };
}
