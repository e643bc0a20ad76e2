import { createHash } from 'node:crypto';
import {
  API_MESSAGES,
  findTier,
  isSubscriptionTier,
  PROPOSAL_MESSAGES,
  PROPOSAL_TERMS,
  proposalPrice,
  proposalSections,
  proposalText,
  signatureProblem,
  type Project,
  type ProposalDocument,
  type ProposalView,
  type SignatureView,
} from '@agency/domain';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/http-error';

/**
 * Proposals and their signatures (migration 120). A version is never changed once written: an edit is a new
 * version, and only the latest can be signed. The hash is taken here, of proposalText(document), when the
 * version is made; the page, the PDF and the signature all show and hold that same text.
 */
export interface StoredProposal {
  id: string;
  projectId: string;
  version: number;
  document: ProposalDocument;
  hash: string;
  validUntil: string;
  createdAt: string;
}

export interface StoredSignature extends SignatureView {
  id: string;
  proposalId: string;
  signerId: string;
  ipAddress: string | null;
  userAgent: string | null;
  operationId: string | null;
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

interface ProposalRow {
  id: string;
  project_id: string;
  version: number;
  document: ProposalDocument | string;
  content_hash: string;
  valid_until: Date | string;
  created_at: Date | string;
}

const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

function toProposal(row: ProposalRow): StoredProposal {
  return {
    id: row.id,
    projectId: row.project_id,
    version: Number(row.version),
    document:
      typeof row.document === 'string' ? (JSON.parse(row.document) as ProposalDocument) : row.document,
    hash: row.content_hash,
    validUntil: day(row.valid_until),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const PROPOSAL_SELECT = `select id, project_id, version, document, content_hash, to_char(valid_until, 'YYYY-MM-DD') as valid_until, created_at from proposals`;

export async function latestProposal(q: Queryable, projectId: string): Promise<StoredProposal | null> {
  const [row] = await q.query<ProposalRow>(
    `${PROPOSAL_SELECT} where project_id = $1 order by version desc limit 1`,
    [projectId],
  );
  return row ? toProposal(row) : null;
}

export async function proposalHistory(q: Queryable, projectId: string): Promise<StoredProposal[]> {
  const rows = await q.query<ProposalRow>(`${PROPOSAL_SELECT} where project_id = $1 order by version desc`, [
    projectId,
  ]);
  return rows.map(toProposal);
}

export async function proposalById(q: Queryable, id: string): Promise<StoredProposal | null> {
  const [row] = await q.query<ProposalRow>(`${PROPOSAL_SELECT} where id = $1`, [id]);
  return row ? toProposal(row) : null;
}

/** What a proposal is drawn from: the project's fields as they stand (all there since migration 120). */
export type ProposalSubject = Pick<
  Project,
  | 'id'
  | 'title'
  | 'tier'
  | 'client_name'
  | 'client_email'
  | 'company'
  | 'cost'
  | 'downpayment'
  | 'stripe_payment_intent_id'
>;

export interface ProposalDraft {
  scope: string;
  deliverables: string[];
  validUntil: string;
}

/** The admin's own words for a request accepted without a written proposal: its description and the tier's features. */
export function defaultDraft(
  project: Pick<Project, 'title' | 'description' | 'tier'>,
  validUntil: string,
): ProposalDraft {
  return {
    scope: project.description || project.title,
    deliverables: findTier(project.tier ?? 0)?.features ?? ['Consultation session'],
    validUntil,
  };
}

/**
 * Writes the next version of a project's proposal from the project as it now stands (its price) and the draft.
 * A subscription without a monthly fee cannot be sent (400): no tier default is ever proposed.
 */
export async function writeProposalVersion(
  tx: Queryable,
  project: ProposalSubject,
  draft: ProposalDraft,
  createdBy: string | null,
  now: Date = new Date(),
): Promise<StoredProposal> {
  const price = proposalPrice(project);
  if (!price)
    throw new HttpError(400, PROPOSAL_MESSAGES.monthlyFeeRequired, {
      monthlyFee: PROPOSAL_MESSAGES.monthlyFeeRequired,
    });
  if (draft.validUntil < now.toISOString().slice(0, 10))
    throw new HttpError(400, PROPOSAL_MESSAGES.validUntilInvalid, {
      validUntil: PROPOSAL_MESSAGES.validUntilInvalid,
    });
  const [last] = await tx.query<{ version: number | null }>(
    'select max(version) as version from proposals where project_id = $1',
    [project.id],
  );
  const version = Number(last?.version ?? 0) + 1;
  const document: ProposalDocument = {
    projectId: project.id,
    version,
    title: project.title,
    tierName: findTier(project.tier ?? 0)?.name ?? 'General Consultation',
    client: { name: project.client_name, email: project.client_email, company: project.company },
    scope: draft.scope.trim(),
    deliverables: draft.deliverables.map((d) => d.trim()).filter(Boolean),
    price,
    terms: { ...PROPOSAL_TERMS },
    validUntil: draft.validUntil,
    issuedAt: now.toISOString(),
  };
  const hash = sha256(proposalText(document));
  const [row] = await tx.query<ProposalRow>(
    `insert into proposals (project_id, version, document, content_hash, valid_until, created_by)
     values ($1, $2, $3, $4, $5, $6)
     returning id, project_id, version, document, content_hash, to_char(valid_until, 'YYYY-MM-DD') as valid_until, created_at`,
    [project.id, version, JSON.stringify(document), hash, draft.validUntil, createdBy],
  );
  return toProposal(row!);
}

/** A new version with the project's current price and the latest version's words (an admin edit of the price). */
export async function repriceProposal(
  tx: Queryable,
  project: Project,
  createdBy: string | null,
): Promise<StoredProposal | null> {
  const latest = await latestProposal(tx, project.id);
  if (!latest) return null;
  const today = new Date().toISOString().slice(0, 10);
  return writeProposalVersion(
    tx,
    project,
    {
      scope: latest.document.scope,
      deliverables: latest.document.deliverables,
      validUntil: latest.validUntil < today ? today : latest.validUntil,
    },
    createdBy,
  );
}

interface SignatureRow {
  id: string;
  proposal_id: string;
  version: number;
  content_hash: string;
  signer_id: string;
  signed_name: string;
  signed_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  operation_id: string | null;
}

function toSignature(row: SignatureRow): StoredSignature {
  return {
    id: row.id,
    proposalId: row.proposal_id,
    version: Number(row.version),
    hash: row.content_hash,
    signerId: row.signer_id,
    signedName: row.signed_name,
    signedAt: new Date(row.signed_at).toISOString(),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    operationId: row.operation_id,
  };
}

/**
 * The signature the project's approval rests on: the latest one whose money operation succeeded (`includeOpen`:
 * or the one whose operation is being committed).
 */
export async function latestSignature(
  q: Queryable,
  projectId: string,
  { includeOpen = false }: { includeOpen?: boolean } = {},
): Promise<StoredSignature | null> {
  const [row] = await q.query<SignatureRow>(
    `select s.* from proposal_signatures s left join money_operations o on o.id = s.operation_id
     where s.project_id = $1 and (o.status is null or o.status = 'succeeded' or ($2 and o.status = 'claimed'))
     order by s.signed_at desc, s.id limit 1`,
    [projectId, includeOpen],
  );
  return row ? toSignature(row) : null;
}

export interface SignatureInput {
  proposalVersion?: number | undefined;
  proposalHash?: string | undefined;
  agreed?: boolean | undefined;
  signedName?: string | undefined;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** Checks a signature against the latest version, before anything is claimed: 400 unsigned, 409 out of date. */
export async function checkSignature(
  q: Queryable,
  project: Project,
  signature: SignatureInput | undefined,
  now: Date = new Date(),
): Promise<StoredProposal> {
  const problem = signatureProblem(signature ?? {});
  if (problem) throw new HttpError(400, problem.message, { [problem.field]: problem.message });
  const latest = await latestProposal(q, project.id);
  if (!latest) throw new HttpError(409, PROPOSAL_MESSAGES.notSent);
  if (
    signature!.proposalVersion !== latest.version ||
    (signature!.proposalHash !== undefined && signature!.proposalHash !== latest.hash)
  )
    throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
  if (latest.validUntil < now.toISOString().slice(0, 10)) throw new HttpError(409, PROPOSAL_MESSAGES.expired);
  // The fee to be billed is the fee signed for.
  if (
    isSubscriptionTier(project.tier ?? 0) &&
    (latest.document.price.kind !== 'subscription' || latest.document.price.monthlyFee !== project.cost)
  )
    throw new HttpError(409, API_MESSAGES.proposalChanged);
  return latest;
}

/** Records the signature of the latest version, in the transaction that claims the approval's money operation. */
export async function recordSignature(
  tx: Queryable,
  project: Project,
  signature: SignatureInput,
  signerId: string,
  operationId: string | null,
): Promise<StoredSignature> {
  const latest = await checkSignature(tx, project, signature);
  const [row] = await tx.query<SignatureRow>(
    `insert into proposal_signatures (proposal_id, project_id, version, content_hash, signer_id, signed_name,
       ip_address, user_agent, operation_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      latest.id,
      project.id,
      latest.version,
      latest.hash,
      signerId,
      signature.signedName!.trim(),
      signature.ipAddress ?? null,
      signature.userAgent ?? null,
      operationId,
    ],
  );
  return toSignature(row!);
}

/** The proposal as a reader gets it: the latest version, its signature, and for the admin the history. */
export async function proposalView(
  q: Queryable,
  projectId: string,
  withHistory: boolean,
): Promise<ProposalView | null> {
  const latest = await latestProposal(q, projectId);
  if (!latest) return null;
  const signature = await latestSignature(q, projectId);
  const view: ProposalView = {
    document: latest.document,
    sections: proposalSections(latest.document),
    hash: latest.hash,
    signature: signature
      ? {
          version: signature.version,
          hash: signature.hash,
          signedName: signature.signedName,
          signedAt: signature.signedAt,
        }
      : null,
  };
  if (withHistory)
    view.history = (await proposalHistory(q, projectId)).map((p) => ({
      version: p.version,
      hash: p.hash,
      issuedAt: p.createdAt,
      monthlyFee: p.document.price.kind === 'subscription' ? p.document.price.monthlyFee : null,
    }));
  return view;
}
