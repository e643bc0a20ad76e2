// Every text of the sign-in screens and the auth store (spec sections 2, 4, 8). Validation messages of
// these forms live in messages/validation.ts (VALIDATION.auth) and are re-exported here for one import.
import { VALIDATION } from './validation';

export const AUTH_VALIDATION = VALIDATION.auth;

export const AUTH_TOASTS = {
  loginFailed: { title: 'Login Failed', description: 'Invalid credentials. Please try again.' },
  /** Not in the spec: the auth service did not answer, so nothing is known about the credentials. */
  authUnreachable: {
    title: 'Login Failed',
    description: 'The sign-in service is unreachable. Please try again later.',
  },
  loginSuccessful: { title: 'Login Successful' },
  signupFailed: { title: 'Signup Failed', description: 'Failed to create account. Please try again.' },
  resetLinkFailed: { title: 'Reset Failed', description: 'Failed to send reset link. Please try again.' },
  resetLinkSent: {
    title: 'Reset Link Sent',
    description: 'Check your email for a link to reset your password.',
  },
  invalidResetLink: {
    title: 'Invalid Reset Link',
    description: 'This reset link is invalid or has expired.',
  },
  updatePasswordFailed: { title: 'Reset Failed', description: 'Failed to update password.' },
  passwordUpdated: { title: 'Password updated' },
  somethingWentWrong: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const;

export const AUTH_TEXT = {
  loading: 'Loading...',
  wakingUp: 'Waking up server... This may take a few seconds on first load.',
  tryAgain: 'Try again',
  login: 'Login',
  logout: 'Logout',
  signUp: 'Sign Up',
  dashboard: 'Dashboard',
  adminDashboard: 'Admin Dashboard',
  forgotPassword: 'Forgot your password?',
  signUpSuccessTitle: 'Check your email',
  signUpSuccessBody: (email: string) =>
    `We sent a confirmation link to ${email}. Please verify your email address, then log in.`,
  resetDialogTitle: 'Reset your password',
  resetDialogBody: "Enter your account's email address and we will send you a link to set a new password.",
  resetPageTitle: 'Set a new password',
  passwordUpdatedRedirect: 'Your password has been updated. Taking you to the login page...',
  changePasswordTitle: 'Change password',
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

/** Two-factor sign-in (TOTP) texts: the login's code step and the account security screen (issue 31). */
export const SECOND_FACTOR_TEXT = {
  stepTitle: 'Two-factor sign-in',
  stepBody: 'Enter the 6-digit code from your authenticator app.',
  codeLabel: 'Authentication code',
  codeRequired: 'Please enter the code.',
  verify: 'Verify',
  verifying: 'Verifying...',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was used already.',
  locked: 'Too many wrong codes. Please wait a few minutes, then try again.',
  failed: 'The code could not be checked. Please try again.',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticator: 'Use the authenticator app instead',
  recoveryCodeLabel: 'Recovery code',
  recoveryBody:
    'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
  cancel: 'Cancel',
  pageTitle: 'Account security',
  heading: 'Two-factor sign-in',
  off: 'Two-factor sign-in is off. Turn it on so that a password alone cannot open this account.',
  on: 'Two-factor sign-in is on: signing in asks for a code from your authenticator app.',
  recoveryLeft: (left: number) => `${left} of your recovery codes ${left === 1 ? 'is' : 'are'} still unused.`,
  setUp: 'Set up two-factor sign-in',
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy...), or type the key in by hand.',
  qrAlt: 'QR code for your authenticator app',
  keyLabel: 'Key',
  confirmBody: 'Then enter the 6-digit code the app shows.',
  turnOn: 'Turn on',
  recoveryTitle: 'Save your recovery codes',
  recoveryCodesBody:
    'If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.',
  savedCodes: 'I have saved these codes',
  newCodes: 'Make new recovery codes',
  turnOff: 'Turn off two-factor sign-in',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  loadFailed: 'Your sign-in settings could not be loaded. Please try again.',
  adminPrompt: 'Protect the admin account: a password alone can refund money and open every client.',
  adminPromptAction: 'Set up two-factor sign-in',
  accountSecurityLink: 'Account security',
} as const;

/** Reset-password success redirects to /login after this delay (spec section 9). */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** Role fetch (spec sections 4 and 9). */
export const ROLE_FETCH = {
  firstTimeoutMs: 2000,
  laterTimeoutMs: 1000,
  attempts: 5,
  delayBetweenMs: 500,
} as const;
