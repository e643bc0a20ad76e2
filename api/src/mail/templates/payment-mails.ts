import {
  describeActivity,
  findTier,
  formatUsd,
  fromCents,
  statusLabel,
  type ActivityEntry,
  type Project,
} from '@agency/domain';
import { PAYMENT_KIND_LABELS } from '@agency/domain/payment-history';
import type { OutgoingMail } from '../mailer';
import { compose, dashboard, formatDate, hello } from '../compose-mail';

export function finalPaymentRequestMail(
  project: Project,
  amountDollars: number,
  siteUrl: string,
): OutgoingMail {
  return compose(project.client_email, `Final payment for "${project.title}"`, {
    greeting: hello(project.client_name),
    paragraphs: [
      `Work on your project "${project.title}" is complete. The final payment of ${formatUsd(amountDollars)} is now due.`,
      'Pay it from the Final Payment tab of your dashboard.',
    ],
    link: dashboard(siteUrl),
  });
}

export type ReceiptKind = 'deposit' | 'final' | 'penalty' | 'subscription' | 'refund';

export interface Receipt {
  to: string;
  clientName: string | null;
  kind: ReceiptKind;
  amountCents: number;
  at: string | Date;
  projectTitle: string;
  tier: number | null;
  cardLast4: string | null;
  /** For a subscription invoice: the period it pays. */
  period?: { start: string | Date; end: string | Date };
  /** The invoice (or, for a refund, the credit note) issued with it: named in the mail and attached as PDF. */
  document?: { id: string; number: string };
}

/** What a payment was for, as receipts name it: the payment history's label, with the tier for a deposit or a subscription. */
export function paymentPurpose(kind: ReceiptKind, tier: number | null): string {
  const tierName = findTier(tier ?? 0)?.name;
  const label = PAYMENT_KIND_LABELS[kind];
  if (kind === 'deposit' && tierName) return `${label} for ${tierName}`;
  if (kind === 'subscription' && tierName) return `${label} — ${tierName}`;
  return label;
}

/** A receipt for a payment or a refund: amount, what for, date, project, card. */
export function receiptMail(r: Receipt, siteUrl: string): OutgoingMail {
  const amount = formatUsd(fromCents(r.amountCents));
  const refund = r.kind === 'refund';
  return compose(
    r.to,
    refund ? `Refund of ${amount} for "${r.projectTitle}"` : `Receipt: ${amount} for "${r.projectTitle}"`,
    {
      greeting: hello(r.clientName),
      paragraphs: [
        refund
          ? `We refunded ${amount} to your card. Depending on your bank it shows within 5-10 business days.`
          : `Thank you. We received your payment of ${amount}.`,
      ],
      facts: [
        ['Amount', amount],
        ['For', paymentPurpose(r.kind, r.tier)],
        ...(r.period
          ? ([['Period', `${formatDate(r.period.start)} – ${formatDate(r.period.end)}`]] as Array<
              [string, string]
            >)
          : []),
        ['Date', formatDate(r.at)],
        ['Project', r.projectTitle],
        ['Card', r.cardLast4 ? `•••• ${r.cardLast4}` : '-'],
        ...(r.document
          ? ([[refund ? 'Credit note' : 'Invoice', r.document.number]] as Array<[string, string]>)
          : []),
      ],
      link: dashboard(siteUrl),
    },
    r.document ? { documentId: r.document.id } : {},
  );
}

/** The client was charged but the change it paid for could not be made: the charge was refunded in full. */
export function paymentReversedMail(
  r: Omit<Receipt, 'kind'> & { kind: ReceiptKind },
  siteUrl: string,
): OutgoingMail {
  const amount = formatUsd(fromCents(r.amountCents));
  return compose(r.to, `Payment of ${amount} refunded for "${r.projectTitle}"`, {
    greeting: hello(r.clientName),
    paragraphs: [
      `Your payment of ${amount} (${paymentPurpose(r.kind, r.tier).toLowerCase()}) went through, but we could not complete the change it was for, so we refunded it in full. Nothing was changed on your project; please try again from your dashboard.`,
    ],
    facts: [
      ['Amount refunded', amount],
      ['Date', formatDate(r.at)],
      ['Project', r.projectTitle],
      ['Card', r.cardLast4 ? `•••• ${r.cardLast4}` : '-'],
    ],
    link: dashboard(siteUrl),
  });
}

/** The consultancy's inbox learns of every paid order (purchase, subscription start, final payment, penalty). */
export function paidOrderAlertMail(
  inbox: string,
  r: Omit<Receipt, 'to'> & { clientEmail: string },
  siteUrl: string,
): OutgoingMail {
  const amount = formatUsd(fromCents(r.amountCents));
  return compose(inbox, `Paid: ${amount} — ${paymentPurpose(r.kind, r.tier)} (${r.projectTitle})`, {
    paragraphs: [`${r.clientName || r.clientEmail} paid ${amount}.`],
    facts: [
      ['For', paymentPurpose(r.kind, r.tier)],
      ['Project', r.projectTitle],
      ['Client', `${r.clientName ?? ''} <${r.clientEmail}>`.trim()],
      ['Date', formatDate(r.at)],
    ],
    link: { label: 'Admin dashboard', url: `${siteUrl}/dashboard` },
  });
}

export interface FailedRenewal {
  to: string;
  clientName: string | null;
  amountCents: number;
  at: string | Date;
  projectTitle: string;
  tier: number | null;
  cardLast4: string | null;
  reason: string | null;
}

export function renewalFailedMail(f: FailedRenewal, siteUrl: string): OutgoingMail {
  const amount = formatUsd(fromCents(f.amountCents));
  return compose(f.to, `Payment failed: ${amount} for "${f.projectTitle}"`, {
    greeting: hello(f.clientName),
    paragraphs: [
      `We could not charge ${amount} for this month of ${paymentPurpose('subscription', f.tier).toLowerCase()}${f.cardLast4 ? ` to your card ending ${f.cardLast4}` : ''}.${f.reason ? ` Your bank said: ${f.reason}` : ''}`,
      'Please update your card from your dashboard so the work can continue.',
    ],
    facts: [
      ['Amount due', amount],
      ['Date', formatDate(f.at)],
      ['Project', f.projectTitle],
    ],
    link: dashboard(siteUrl),
  });
}

export function renewalFailedAlertMail(
  inbox: string,
  f: FailedRenewal & { clientEmail: string },
  siteUrl: string,
): OutgoingMail {
  const amount = formatUsd(fromCents(f.amountCents));
  return compose(inbox, `Renewal failed: ${amount} — ${f.projectTitle}`, {
    paragraphs: [
      `The monthly payment of ${amount} from ${f.clientName || f.clientEmail} failed.${f.reason ? ` Reason: ${f.reason}` : ''}`,
    ],
    facts: [
      ['Project', f.projectTitle],
      ['Client', `${f.clientName ?? ''} <${f.clientEmail}>`.trim()],
      ['Date', formatDate(f.at)],
    ],
    link: { label: 'Admin dashboard', url: `${siteUrl}/dashboard` },
  });
}

/** The consultancy's inbox hears of what a client did on a project (approved, refused, cancelled). */
export function clientActivityAlertMail(
  inbox: string,
  project: Project,
  entry: ActivityEntry,
  siteUrl: string,
): OutgoingMail {
  const what = describeActivity(entry, 'admin');
  return compose(inbox, `${project.title}: ${what}`, {
    paragraphs: [
      `${project.client_name || project.client_email}: ${what}.`,
      ...(project.cancellation_reason && entry.action.includes('cancel')
        ? [`Reason: ${project.cancellation_reason}`]
        : []),
    ],
    facts: [
      ['Project', project.title],
      ['Client', `${project.client_name} <${project.client_email}>`],
      ['Status', statusLabel(project, 'admin')],
    ],
    link: { label: 'Admin dashboard', url: `${siteUrl}/dashboard` },
  });
}

/** To the consultancy: the ledger and Stripe differed for some money operations, and what reconciliation did. */
export function moneyDiscrepancyAlertMail(
  inbox: string,
  discrepancies: {
    operationId: string;
    projectId: string;
    stripeObject: string;
    problem: string;
    repair: string;
  }[],
  siteUrl: string,
): OutgoingMail {
  return compose(inbox, `Money reconciliation: ${discrepancies.length} difference(s) with Stripe put right`, {
    paragraphs: [
      'Reconciliation compared the ledger with Stripe and found differences. Each was put right as listed; check the projects concerned.',
      ...discrepancies.map(
        (d) =>
          `Project ${d.projectId}, operation ${d.operationId}, ${d.stripeObject}: ${d.problem} — ${d.repair}.`,
      ),
    ],
    link: { label: 'Admin dashboard', url: `${siteUrl}/dashboard` },
  });
}
