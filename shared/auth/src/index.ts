export { useAuthStore } from './auth-store';
export type { AuthState, AuthStatus, AuthUser, Role } from './auth-store';
export { initialAuthState } from './auth-store';
export { sessionStorageKey } from './supabase-client';
export { ROLE_HINT_KEY } from './role-hint';
// Thin wrappers: the auth service and supabase-js load on first use (tests reach the service through
// @agency/auth/testing).
export {
  startAuth,
  preloadAuth,
  login,
  signUp,
  logout,
  requestPasswordReset,
  resendConfirmation,
  updatePassword,
  verifyPassword,
  getAccessToken,
  sessionRejected,
  retryRole,
  needRole,
} from './auth-entry';
export type { LoginResult, ResendResult, SignUpInput } from './auth-service';
/** Portal-only: the change-password form, loaded on demand so the landing page never pays for formik. */
export type ChangePasswordModule = typeof import('./change-password-form');
export const loadChangePasswordForm = (): Promise<ChangePasswordModule> => import('./change-password-form');
/** Two-factor sign-in (the login's code step, account security), loaded on demand. */
export type SecondFactorModule = typeof import('./second-factor');
export const loadSecondFactor = (): Promise<SecondFactorModule> =>
  import(/* webpackChunkName: "second-factor" */ './second-factor');
export type { CodeResult, SecondFactorStatus, TotpEnrolment } from './second-factor';
