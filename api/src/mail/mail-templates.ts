import {
  CONTACT_RESPONSE_HOURS,
  describePreferredSlot,
  shortReference,
  type PreferredSlot,
  findTier,
  statusLabel,
  type Project,
} from '@agency/domain';
import type { ContactFormRequest, ScheduleConsultationRequest } from '@agency/domain';
import type { OutgoingMail } from './mailer';
import { compose, dashboard, hello } from './compose-mail';

/**
 * Every e-mail the product sends, by what it is about: here the contact, request and project mails and the
 * operations notices; payments, conversations and proposals in templates/. Each has a plain-text part and, for
 * the client's mails, an HTML part built from the same lines (compose-mail.ts), so no template can drift from
 * its text.
 */
export * from './templates/payment-mails';
export * from './templates/conversation-mails';
export * from './templates/proposal-mails';

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
