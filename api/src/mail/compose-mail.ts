import type { OutgoingMail } from './mailer';

// How every mail is put together: a plain-text part and an HTML part built from the same lines (escaped), so
// no template can drift from its text; and the pieces the templates share (greeting, dashboard link, date).

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export interface MailBody {
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows (a receipt's details). */
  facts?: Array<[string, string]>;
  link?: { label: string; url: string };
}

export function compose(
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

export const hello = (name: string | null | undefined) => (name ? `Hello ${name},` : 'Hello,');
export const dashboard = (siteUrl: string) => ({ label: 'Your dashboard', url: `${siteUrl}/dashboard` });
export const formatDate = (at: string | Date) =>
  new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
