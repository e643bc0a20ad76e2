export { useAuthStore } from './auth-store';
export type { AuthState, AuthStatus, AuthUser, Role } from './auth-store';
