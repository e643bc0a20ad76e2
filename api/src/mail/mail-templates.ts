import { formatUsd, statusLabel, type Project } from '@agency/domain';
import type { ContactFormRequest, ScheduleConsultationRequest } from '@agency/domain';
import type { OutgoingMail } from './mailer';

export function contactMessageMail(inbox: string, m: ContactFormRequest): OutgoingMail {
  return {
    to: inbox,
    replyTo: m.email,
    subject: `New message from ${m.firstName} ${m.lastName}`,
    text: [
      `Name: ${m.firstName} ${m.lastName}`,
      `Email: ${m.email}`,
      `Company: ${m.company || '-'}`,
      '',
      m.projectDetails,
    ].join('\n'),
  };
}

export function consultationRequestMail(inbox: string, r: ScheduleConsultationRequest, tierName: string): OutgoingMail {
  return {
    to: inbox,
    replyTo: r.email,
    subject: `Consultation request: ${tierName} from ${r.firstName} ${r.lastName}`,
    text: [
      `Name: ${r.firstName} ${r.lastName}`,
      `Email: ${r.email}`,
      `Company: ${r.company || '-'}`,
      `Budget: ${r.budget}`,
      `Timeline: ${r.timeline}`,
      `Preferred: ${r.preferredDate ?? '-'} ${r.preferredTime ?? ''}`.trimEnd(),
      '',
      r.projectDescription,
    ].join('\n'),
  };
}

export function projectStatusMail(project: Project, siteUrl: string): OutgoingMail {
  const label = statusLabel(project, 'client');
  return {
    to: project.client_email,
    subject: `Your project "${project.title}" is now: ${label}`,
    text: [
      `Hello ${project.client_name || ''},`.replace(' ,', ','),
      '',
      `The status of your project "${project.title}" changed to: ${label}.`,
      project.cancellation_reason ? `Reason: ${project.cancellation_reason}` : '',
      '',
      `See the details in your dashboard: ${siteUrl}/dashboard`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

export function finalPaymentRequestMail(project: Project, amountDollars: number, siteUrl: string): OutgoingMail {
  return {
    to: project.client_email,
    subject: `Final payment for "${project.title}"`,
    text: [
      `Hello ${project.client_name || ''},`.replace(' ,', ','),
      '',
      `Work on your project "${project.title}" is complete. The final payment of ${formatUsd(amountDollars)} is now due.`,
      '',
      `Pay it from the Final Payment tab of your dashboard: ${siteUrl}/dashboard`,
    ].join('\n'),
  };
}
