import {
  CONTACT_RESPONSE_HOURS,
  describeActivity,
  describePreferredSlot,
  shortReference,
  type PreferredSlot,
  findTier,
  formatUsd,
  fromCents,
  statusLabel,
  type ActivityEntry,
  type Project,
} from '@agency/domain';
import { PAYMENT_KIND_LABELS } from '@agency/domain/payment-history';
import type { ContactFormRequest, ScheduleConsultationRequest } from '@agency/domain';
import type { OutgoingMail } from './mailer';

/**
 * Every e-mail the product sends. Each has a plain-text part and, for the client's mails, an HTML part built
 * from the same lines (escaped), so no template can drift from its text.
 */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

interface MailBody {
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows (a receipt's details). */
  facts?: Array<[string, string]>;
  link?: { label: string; url: string };
}

function compose(
  to: string,
  subject: string,
  body: MailBody,
  extra: Partial<OutgoingMail> = {},
): OutgoingMail {
  const text = [
    body.greeting,
    ...body.paragraphs,
    body.facts?.map(([label, value]) => `${label}: ${value}`).join('\n'),
    body.link ? `${body.link.label}: ${body.link.url}` : undefined,
  ]
    .filter((part): part is string => !!part)
    .join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1a202c; line-height: 1.5">',
    body.greeting ? `<p>${escapeHtml(body.greeting)}</p>` : '',
    ...body.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    body.facts
      ? `<table role="presentation" style="border-collapse: collapse">${body.facts
          .map(
            ([label, value]) =>
              `<tr><th align="left" style="padding: 4px 16px 4px 0">${escapeHtml(label)}</th><td style="padding: 4px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    body.link ? `<p><a href="${escapeHtml(body.link.url)}">${escapeHtml(body.link.label)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { to, subject, text, html, ...extra };
}

const hello = (name: string | null | undefined) => (name ? `Hello ${name},` : 'Hello,');
const dashboard = (siteUrl: string) => ({ label: 'Your dashboard', url: `${siteUrl}/dashboard` });
const formatDate = (at: string | Date) =>
  new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function contactMessageMail(inbox: string, m: ContactFormRequest): OutgoingMail {
  return compose(
    inbox,
    `New message from ${m.firstName} ${m.lastName}`,
    {
      paragraphs: [m.projectDetails],
      facts: [
        ['Name', `${m.firstName} ${m.lastName}`],
        ['Email', m.email],
        ['Company', m.company || '-'],
      ],
    },
    { replyTo: m.email },
  );
}

export function consultationRequestMail(
  inbox: string,
  r: ScheduleConsultationRequest,
  tierName: string,
): OutgoingMail {
  return compose(
    inbox,
    `Consultation request: ${tierName} from ${r.firstName} ${r.lastName}`,
    {
      paragraphs: [r.projectDescription],
      facts: [
        ['Name', `${r.firstName} ${r.lastName}`],
        ['Email', r.email],
        ['Company', r.company || '-'],
        ['Budget', r.budget],
        ['Timeline', r.timeline],
        [
          'Preferred',
          describePreferredSlot({
            date: r.preferredDate,
            time: r.preferredTime,
            timeZone: r.preferredTimeZone,
          }) ?? '-',
        ],
      ],
    },
    { replyTo: r.email },
  );
}

/**
 * The sender of the contact form hears that the message arrived. The form is anonymous, so the mail repeats none
 * of what was typed (no name, no message): it cannot carry someone else's text to an address they entered.
 */
export function contactAcknowledgementMail(to: string, messageId: string): OutgoingMail {
  return compose(to, 'We received your message', {
    greeting: hello(null),
    paragraphs: [
      `Thank you for contacting us. We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
      'If you did not send this message, you can ignore this e-mail.',
    ],
    facts: [['Reference', shortReference(messageId)]],
  });
}

/** The sender of a consultation request hears that it arrived, with its reference and what happens next. */
export function consultationAcknowledgementMail(
  to: string,
  projectId: string,
  serviceName: string,
  slot: PreferredSlot,
): OutgoingMail {
  const preferred = describePreferredSlot(slot);
  return compose(to, 'We received your consultation request', {
    greeting: hello(null),
    paragraphs: [
      'Thank you for your interest. We review your project details and send you a calendar invite within 24 hours.',
      'If you did not make this request, you can ignore this e-mail.',
    ],
    facts: [
      ['Reference', shortReference(projectId)],
      ['Service', serviceName],
      ...(preferred ? [['Preferred', preferred] as [string, string]] : []),
    ],
  });
}

/** The consultancy's inbox learns of a service request a signed-in client made from the portal. */
export function serviceRequestAlertMail(inbox: string, project: Project, siteUrl: string): OutgoingMail {
  return compose(inbox, `New service request: ${project.title}`, {
    paragraphs: [project.description],
    facts: [
      ['Client', `${project.client_name} <${project.client_email}>`],
      ['Service', findTier(project.tier ?? 0)?.name ?? 'General consultation'],
      ['Budget', project.monthly_budget_range ?? '-'],
      ['Timeline', project.timeline ?? '-'],
    ],
    link: { label: 'Project queue', url: `${siteUrl}/dashboard` },
  });
}

export function projectStatusMail(project: Project, siteUrl: string): OutgoingMail {
  const label = statusLabel(project, 'client');
  return compose(project.client_email, `Your project "${project.title}" is now: ${label}`, {
    greeting: hello(project.client_name),
    paragraphs: [
      `The status of your project "${project.title}" changed to: ${label}.`,
      ...(project.cancellation_reason ? [`Reason: ${project.cancellation_reason}`] : []),
    ],
    link: dashboard(siteUrl),
  });
}

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

/** To the consultancy's inbox: the release guard rolled a failing canary back (issue 37). */
export function releaseRolledBackMail(
  inbox: string,
  notice: { remote: string; release: string; restored: string; reason: string; at: string },
): OutgoingMail {
  return compose(inbox, `Canary rolled back: ${notice.remote} ${notice.release}`, {
    paragraphs: [
      `The ${notice.remote} release ${notice.release} failed in visitors' browsers more than the current release, so its canary was ended automatically: every visitor gets ${notice.restored} again.`,
      'Its failures by phase are in `npm run releases`, and the line in the release audit log says why.',
    ],
    facts: [
      ['Remote', notice.remote],
      ['Rolled back', notice.release],
      ['Now serving', notice.restored],
      ['When', notice.at],
      ['Why', notice.reason],
    ],
  });
}
/**
 * Issue 34: a message waited unseen for a while. One per thread until the reader has seen it; it quotes nothing
 * the other side wrote (the reader opens the thread in the portal), so no text typed by one user is mailed on.
 */
export function unseenMessagesMail(
  to: string,
  name: string | null,
  m: { projectTitle: string; count: number; from: 'the consultancy' | 'your client'; url: string },
): OutgoingMail {
  const what = m.count === 1 ? 'a new message' : `${m.count} new messages`;
  return compose(to, `New message on "${m.projectTitle}"`, {
    greeting: hello(name),
    paragraphs: [`You have ${what} from ${m.from} on "${m.projectTitle}" that you have not seen yet.`],
    link: { label: 'Open the conversation', url: m.url },
  });
}

/** Issue 34: the day's ticket moves on a client's projects, in one e-mail instead of a notification each. */
export function ticketDigestMail(
  to: string,
  name: string | null,
  projects: { title: string; url: string; moves: string[] }[],
): OutgoingMail {
  const count = projects.reduce((sum, p) => sum + p.moves.length, 0);
  return compose(to, `Your projects today: ${count} ticket ${count === 1 ? 'move' : 'moves'}`, {
    greeting: hello(name),
    paragraphs: projects.map((p) =>
      [`${p.title} (${p.url})`, ...p.moves.map((move) => `- ${move}`)].join('\n'),
    ),
    link: { label: 'Your dashboard', url: projects[0]?.url ?? '' },
  });
}

/** Issue 34: the admin's answer to a contact message or a consultation request, sent from the Inbox. */
export function inboxReplyMail(to: string, name: string, body: string, replyTo: string): OutgoingMail {
  return compose(to, 'Re: your message to us', { greeting: hello(name), paragraphs: [body] }, { replyTo });
}

/** Sign Up with the address filled in, for a proposal sent to someone with no account yet. */
export function signUpLink(siteUrl: string, email: string): string {
  return `${siteUrl}/login?tab=signup&email=${encodeURIComponent(email)}`;
}

/**
 * A proposal was sent (or revised) to the client. An address with no account is told so, and linked to Sign Up
 * with the address filled in: once confirmed, the project is theirs.
 */
export function proposalSentMail(
  project: Project,
  version: number,
  siteUrl: string,
  hasAccount: boolean,
): OutgoingMail {
  const revised = version > 1;
  return compose(
    project.client_email,
    revised
      ? `Your proposal for "${project.title}" was updated (version ${version})`
      : `Your proposal for "${project.title}" is ready`,
    {
      greeting: hello(project.client_name),
      paragraphs: [
        revised
          ? `We updated the proposal for "${project.title}". Please read version ${version}: it replaces the earlier one.`
          : `We reviewed your request "${project.title}" and wrote you a proposal: scope, deliverables, price and terms.`,
        'Read it in your dashboard, then sign it to start the project. Nothing is charged before you sign.',
        ...(hasAccount
          ? []
          : [
              `You don't have an account with us yet. Sign up with this e-mail address (${project.client_email}) to read and sign the proposal; once you confirm your address, the project is yours.`,
            ]),
      ],
      link: hasAccount
        ? dashboard(siteUrl)
        : { label: 'Sign up to read your proposal', url: signUpLink(siteUrl, project.client_email) },
    },
  );
}

/** The signed agreement, as a PDF, to one side: the client or the consultancy's inbox. */
export function signedAgreementMail(
  to: string,
  project: Project,
  signature: { version: number; hash: string; signedName: string; signedAt: string },
  pdf: Buffer,
  siteUrl: string,
  forClient: boolean,
): OutgoingMail {
  return compose(
    to,
    `Signed agreement: "${project.title}" (version ${signature.version})`,
    {
      ...(forClient ? { greeting: hello(project.client_name) } : {}),
      paragraphs: [
        forClient
          ? `Thank you for signing the proposal for "${project.title}". Your signed agreement is attached as a PDF; you can also download it from your dashboard.`
          : `${signature.signedName} signed the proposal for "${project.title}". The signed agreement is attached.`,
      ],
      facts: [
        ['Signed by', signature.signedName],
        ['Signed at', signature.signedAt],
        ['Version', String(signature.version)],
        ['SHA-256', signature.hash],
      ],
      link: dashboard(siteUrl),
    },
    {
      attachments: [
        {
          filename: `agreement-v${signature.version}.pdf`,
          content: pdf.toString('base64'),
          encoding: 'base64',
          contentType: 'application/pdf',
        },
      ],
    },
  );
}
