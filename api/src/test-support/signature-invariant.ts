import type { Queryable } from '../db/queryable';

/**
 * The half of the money invariant proposals add (issue 33), read from the database: approvals that reached
 * Stripe without a signature of the proposal version current when they were claimed, and subscriptions that
 * rest on no successful signed approval. Both lists are empty when the invariant holds.
 */
export async function signatureInvariantBreaches(db: Queryable) {
  const unsignedApprovals = await db.query(
    `select o.id from money_operations o
     where o.kind = 'client_accept'
       and exists (select 1 from money_operation_steps st where st.operation_id = o.id)
       and not exists (
         select 1 from proposal_signatures s join proposals p on p.id = s.proposal_id
         where s.operation_id = o.id and s.project_id = o.project_id and s.version = p.version
           and s.content_hash = p.content_hash
           and p.version = (select max(v.version) from proposals v
                            where v.project_id = o.project_id and v.created_at <= s.signed_at))`,
  );
  const unsignedSubscriptions = await db.query(
    `select sub.project_id from subscriptions sub
     where not exists (select 1 from proposal_signatures s join money_operations o on o.id = s.operation_id
                       where s.project_id = sub.project_id and o.status = 'succeeded')`,
  );
  return { unsignedApprovals, unsignedSubscriptions };
}
