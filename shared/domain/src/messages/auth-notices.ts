/**
 * What the login says beyond the spec (issue 31): an address not confirmed yet, and an auth link that came back
 * with an error. Apart from AUTH_TEXT, which the header loads on every page: these load with the login only.
 */
export const AUTH_NOTICE_TEXT = {
  /** Not in the spec (issue 31): the password was right but the address is not confirmed yet. */
  emailNotConfirmedTitle: 'Please confirm your e-mail',
  emailNotConfirmedBody: (email: string) =>
    `Your account is waiting for you to open the confirmation link we sent to ${email}. Then log in again.`,
  resendConfirmation: 'Resend confirmation e-mail',
  resendConfirmationBusy: 'Sending...',
  resendSent: (email: string) => `A new confirmation link is on its way to ${email}.`,
  resendTooSoon:
    'We sent a confirmation e-mail less than a minute ago. Please wait a minute before asking again.',
  resendFailed: 'The e-mail could not be sent. Please try again.',
  /** A confirmation or reset link opened twice, or after a day (GoTrue's error_code otp_expired). */
  linkExpiredTitle: 'This link has already been used or has expired',
  linkExpiredBody:
    'Each link in our e-mails works once, for one day. If you already confirmed your e-mail, just log in. ' +
    'Otherwise log in to ask for a new link.',
  /** Any other error an auth link came back with; GoTrue's own description follows. */
  linkFailedTitle: 'This link did not work',
} as const;
