export { useAuthStore } from './auth-store';
export type { AuthState, AuthStatus, AuthUser, Role } from './auth-store';
export { initialAuthState } from './auth-store';
export {
  startAuth,
  preloadAuth,
  login,
  signUp,
  logout,
  requestPasswordReset,
  updatePassword,
  verifyPassword,
  getAccessToken,
  getSupabaseAuth,
  handleAuthEvent,
  configureAuth,
  resetAuth,
} from './auth-service';
export type { AuthDeps, SignUpInput } from './auth-service';
export { sessionStorageKey, hasPersistedSession, hasAuthCallback } from './supabase-client';
export { fetchRoleWithRetry, requestRole, toRole } from './role-fetch';
export type { RoleRequest } from './role-fetch';
/** Portal-only: the change-password form, loaded on demand so the landing page never pays for formik. */
export type ChangePasswordModule = typeof import('./change-password-form');
export const loadChangePasswordForm = (): Promise<ChangePasswordModule> => import('./change-password-form');
export { FormErrorAlert, useFocusFirstInvalid, firstError } from './form-helpers';
export { createApiClient, ApiError } from './api-client';
export type { ApiClient, ApiClientOptions, CallInit } from './api-client';
