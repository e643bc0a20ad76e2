import { type Project } from '@agency/domain';
import type { OutgoingMail } from '../mailer';
import { compose, dashboard, hello } from '../compose-mail';

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
