import { create } from 'zustand';

/**
 * The one auth store host and remotes share (a singleton through @agency/auth).
 * - status: 'loading' while the session resolves, then 'logged-in' or 'logged-out'.
 * - role: null until the API answered; roleLoading stays true when every attempt failed (spec section 4),
 *   and roleFetchFailed then tells the dashboard to show the waking-up message.
 */
export type AuthStatus = 'loading' | 'logged-in' | 'logged-out';
export type Role = 'ADMIN' | 'CLIENT';

export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  role: Role | null;
  roleLoading: boolean;
  roleFetchFailed: boolean;
  /** The session came from a password-recovery link (PASSWORD_RECOVERY). */
  passwordRecovery: boolean;
  /**
   * The password was right, but the user has two-factor sign-in and this session has not proved it (aal1):
   * not signed in yet; the login asks for the code.
   */
  secondFactorNeeded: boolean;
  /** The signed-in user has a verified second factor (TOTP). */
  hasSecondFactor: boolean;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  role: null,
  roleLoading: false,
  roleFetchFailed: false,
  passwordRecovery: false,
  secondFactorNeeded: false,
  hasSecondFactor: false,
};

export const useAuthStore = create<AuthState>()(() => ({ ...initialAuthState }));
