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
