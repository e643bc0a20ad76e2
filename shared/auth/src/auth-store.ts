import { create } from 'zustand';

// Minimal shape used by the host's guard; the auth issue (#5) grows this into the full store.
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
  roleFetchFailed: boolean;
}

export const useAuthStore = create<AuthState>()(() => ({
  status: 'logged-out',
  user: null,
  role: null,
  roleFetchFailed: false,
}));
