import { array, boolean, number, string, type InferType } from 'yup';
import {
  EARLY_CANCELLATION_PENALTY_RATE,
  earlyCancellationPenalty,
  formatUsd,
  TIER4_MINIMUM_TERM_MONTHS,
} from './money';
import { TERMS_DATE, TERMS_PATH, TERMS_VERSION } from './terms';
import { findTier, isSubscriptionTier } from './tiers';
import { multiLineText, requestObject, singleLineText } from './schemas/request-object';

/**
 * Proposals (issue 33): what the client reads, signs, and only then pays. The admin writes a scope, deliverables
 * and (for a subscription) the monthly fee; the server turns them into a ProposalDocument, version by version.
 * Every reader of a proposal (the client's page, the PDF, the hash the signature holds) draws it from the same
 * sections (`proposalSections`), so what is hashed is exactly what was shown.
 */

export const PROPOSAL_MESSAGES = {
  agreeRequired: 'Tick "I agree" to sign the proposal.',
  nameRequired: 'Type your full name to sign the proposal.',
  scopeRequired: 'Describe the scope of the work (at least 10 characters).',
  deliverablesRequired: 'List at least one deliverable or milestone.',
  monthlyFeeRequired: 'Set the monthly fee before sending the proposal.',
  validUntilInvalid: 'The proposal must be valid until a date from today on.',
  /** Signing a version that is no longer the latest (409, nothing charged). */
  superseded: 'The proposal changed; please review it again.',
  expired: 'This proposal is no longer valid. Ask us for a new one.',
  notSent: 'No proposal has been sent for this project yet.',
  noSignature: 'This proposal has not been signed yet.',
  invalidCharacters: 'The proposal contains characters that cannot be used',
} as const;

/** Days a proposal stays open to signing unless the admin picks another date. */
export const PROPOSAL_VALIDITY_DAYS = 14;
export const SCOPE_MAX_LENGTH = 5000;
export const DELIVERABLES_MAX = 20;

export type ProposalPrice =
  | {
      kind: 'fixed';
      total: number;
      deposit: number;
      depositPaid: boolean;
      remaining: number;
    }
  | {
      kind: 'subscription';
      monthlyFee: number;
      /** Months the client commits to (tier 4), null when the subscription can end any month (tier 3). */
      minimumTermMonths: number | null;
      penaltyRate: number | null;
    }
  | { kind: 'free' };

export interface ProposalDocument {
  projectId: string;
  version: number;
  title: string;
  tierName: string;
  client: { name: string; email: string; company: string | null };
  scope: string;
  deliverables: string[];
  price: ProposalPrice;
  terms: { version: string; date: string; path: string };
  /** YYYY-MM-DD, the last day it can be signed. */
  validUntil: string;
  /** ISO time the version was issued. */
  issuedAt: string;
}

/** A block of a proposal as every reader shows it. */
export type ProposalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'facts'; rows: Array<[string, string]> };

export interface ProposalSection {
  heading: string;
  blocks: ProposalBlock[];
}

/**
 * The admin's scope as short formatted text: paragraphs separated by a blank line, and lists whose lines start
 * with "- " or "* ". Read into blocks, never into HTML, so nothing typed is ever markup.
 */
export function scopeBlocks(scope: string): ProposalBlock[] {
  const blocks: ProposalBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list.length) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of scope.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const item = /^[-*•]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (item) {
      if (paragraph.length) {
        blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
        paragraph = [];
      }
      list.push(item[1]!.trim());
    } else {
      if (list.length) {
        blocks.push({ kind: 'list', items: list });
        list = [];
      }
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const formatDay = (isoDay: string) =>
  new Date(`${isoDay.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A date as documents show it: "June 15, 2025" (UTC). */
export const formatDocumentDate = (iso: string): string => formatDay(iso);

/** The penalty rule with a worked example in dollars: cancelling during the first month. */
export function penaltyExample(monthlyFee: number, minimumTermMonths = TIER4_MINIMUM_TERM_MONTHS): string {
  const unbilled = minimumTermMonths - 1;
  const rate = Math.round(EARLY_CANCELLATION_PENALTY_RATE * 100);
  return `For example, cancelling during the first month (1 of ${minimumTermMonths} months invoiced) costs ${rate}% × ${unbilled} months × ${formatUsd(monthlyFee)} = ${formatUsd(earlyCancellationPenalty(unbilled, monthlyFee))}.`;
}

function priceSection(price: ProposalPrice): ProposalSection {
  if (price.kind === 'fixed')
    return {
      heading: 'Price',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Total (fixed price)', formatUsd(price.total)],
            [`50% deposit (${price.depositPaid ? 'paid' : 'due'})`, formatUsd(price.deposit)],
            ['Remaining 50%', `${formatUsd(price.remaining)}, due when the project is completed`],
          ],
        },
      ],
    };
  if (price.kind === 'free') return { heading: 'Price', blocks: [{ kind: 'paragraph', text: 'No charge.' }] };
  const rows: Array<[string, string]> = [
    ['Monthly fee', `${formatUsd(price.monthlyFee)}/month`],
    ['First billing date', 'The day you sign, then monthly on that day'],
  ];
  const blocks: ProposalBlock[] = [{ kind: 'facts', rows }];
  if (price.minimumTermMonths) {
    const rate = Math.round((price.penaltyRate ?? EARLY_CANCELLATION_PENALTY_RATE) * 100);
    rows.splice(1, 0, ['Minimum term', `${price.minimumTermMonths} months`]);
    blocks.push({
      kind: 'paragraph',
      text: `Cancelling before the minimum term ends costs an early-cancellation penalty of ${rate}% of the monthly fee for each month of the minimum term not yet invoiced. Service continues until the end of the month already paid.`,
    });
    blocks.push({ kind: 'paragraph', text: penaltyExample(price.monthlyFee, price.minimumTermMonths) });
  } else {
    blocks.push({
      kind: 'paragraph',
      text: 'No minimum term: you may cancel at any time; service continues until the end of the month already paid.',
    });
  }
  return { heading: 'Price', blocks };
}

/** The proposal as every reader shows it, in order. */
export function proposalSections(doc: ProposalDocument): ProposalSection[] {
  return [
    {
      heading: `Proposal: ${doc.title}`,
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Service', doc.tierName],
            ['Client', doc.client.company ? `${doc.client.name}, ${doc.client.company}` : doc.client.name],
            ['E-mail', doc.client.email],
            ['Version', String(doc.version)],
            ['Issued', formatDay(doc.issuedAt)],
            ['Valid until', formatDay(doc.validUntil)],
          ],
        },
      ],
    },
    { heading: 'Scope', blocks: scopeBlocks(doc.scope) },
    { heading: 'Deliverables and milestones', blocks: [{ kind: 'list', items: doc.deliverables }] },
    priceSection(doc.price),
    {
      heading: 'Terms',
      blocks: [
        {
          kind: 'paragraph',
          text: `This proposal is governed by the Terms of Service, version ${doc.terms.version} dated ${doc.terms.date} (${doc.terms.path}).`,
        },
      ],
    },
  ];
}

/** The proposal as plain text: what its SHA-256 is taken of, line by line as shown. */
export function proposalText(doc: ProposalDocument): string {
  return proposalSections(doc)
    .map((section) =>
      [
        section.heading,
        ...section.blocks.map((block) =>
          block.kind === 'paragraph'
            ? block.text
            : block.kind === 'list'
              ? block.items.map((item) => `- ${item}`).join('\n')
              : block.rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
        ),
      ].join('\n\n'),
    )
    .join('\n\n');
}

/** What the price of a project's proposal is, from its tier and the fee the admin set. */
export function proposalPrice(project: {
  tier: number | null;
  cost: number | null;
  downpayment: number | null;
  stripe_payment_intent_id: string | null;
}): ProposalPrice | null {
  const tier = project.tier;
  if (tier == null) return { kind: 'free' };
  if (isSubscriptionTier(tier)) {
    if (!project.cost || project.cost <= 0) return null;
    return {
      kind: 'subscription',
      monthlyFee: project.cost,
      minimumTermMonths: tier === 4 ? TIER4_MINIMUM_TERM_MONTHS : null,
      penaltyRate: tier === 4 ? EARLY_CANCELLATION_PENALTY_RATE : null,
    };
  }
  const t = findTier(tier);
  const total = project.cost ?? t?.costDollars ?? 0;
  const deposit = project.downpayment ?? t?.downpaymentDollars ?? 0;
  return {
    kind: 'fixed',
    total,
    deposit,
    depositPaid: !!project.stripe_payment_intent_id,
    remaining: Math.max(0, total - deposit),
  };
}

/** The terms every proposal is under now. */
export const PROPOSAL_TERMS = { version: TERMS_VERSION, date: TERMS_DATE, path: TERMS_PATH } as const;

/** The default validity date, `days` after `now`, as YYYY-MM-DD. */
export function defaultValidUntil(now: Date, days = PROPOSAL_VALIDITY_DAYS): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const m = PROPOSAL_MESSAGES;
const isDay = (v: string | undefined) =>
  v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/** POST /api/projects/:id/proposal: the admin sends (or revises) the proposal. */
export const sendProposalSchema = requestObject({
  scope: multiLineText(m.invalidCharacters)
    .required(m.scopeRequired)
    .test('min', m.scopeRequired, (v) => v === undefined || v.trim().length >= 10)
    .max(SCOPE_MAX_LENGTH),
  deliverables: array(
    singleLineText(m.invalidCharacters)
      .required(m.deliverablesRequired)
      .test('not-blank', m.deliverablesRequired, (v) => !!v?.trim())
      .max(300),
  )
    .required(m.deliverablesRequired)
    .min(1, m.deliverablesRequired)
    .max(DELIVERABLES_MAX),
  /** Tiers 3 and 4: the monthly fee in dollars (required: no tier default is ever sent). */
  monthlyFee: number().optional().min(1, m.monthlyFeeRequired).max(10_000_000),
  validUntil: string().required(m.validUntilInvalid).test('day', m.validUntilInvalid, isDay),
});
export type SendProposalRequest = InferType<typeof sendProposalSchema>;

/** The client's signature, sent with the approval (POST /api/client-approve-project, action accept). */
export const signatureFields = {
  proposalVersion: number().optional().integer().min(1),
  /** The SHA-256 the proposal page was shown with; a different one means the page is out of date. */
  proposalHash: singleLineText(m.invalidCharacters)
    .optional()
    .matches(/^[0-9a-f]{64}$/, m.superseded),
  agreed: boolean().optional(),
  signedName: singleLineText(m.invalidCharacters).optional().max(200),
};

/** Server and client check the signature the same way: the box ticked, a name typed. */
export function signatureProblem(signature: {
  agreed?: boolean | undefined;
  signedName?: string | undefined;
}): { field: 'agreed' | 'signedName'; message: string } | null {
  if (signature.agreed !== true) return { field: 'agreed', message: m.agreeRequired };
  if (!signature.signedName?.trim()) return { field: 'signedName', message: m.nameRequired };
  return null;
}

/** GET /api/projects/:id/proposal. */
export interface ProposalView {
  document: ProposalDocument;
  /** proposalSections(document), as the server drew them: the page shows exactly these. */
  sections: ProposalSection[];
  /** SHA-256 (hex) of proposalText(document). */
  hash: string;
  signature: SignatureView | null;
  /** The admin sees every version, newest first; the client sees the latest only. */
  history?: Array<{ version: number; hash: string; issuedAt: string; monthlyFee: number | null }>;
}

export interface SignatureView {
  version: number;
  hash: string;
  signedName: string;
  signedAt: string;
}
