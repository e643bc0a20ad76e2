import type { Role } from './auth-store';

/**
 * The role a user had the last time it was read in this browser. Only a hint, to start downloading that role's
 * dashboard while the role is asked again: what a user may see and do is decided by the API on every call.
 */
export const ROLE_HINT_KEY = 'agency-role-hint';

export function rememberRole(userId: string, role: Role): void {
  try {
    window.localStorage.setItem(ROLE_HINT_KEY, JSON.stringify({ userId, role }));
  } catch {
    // Storage full or blocked: the hint is only a head start.
  }
}

export function rememberedRole(userId: string): Role | null {
  try {
    const hint = JSON.parse(window.localStorage.getItem(ROLE_HINT_KEY) ?? 'null') as {
      userId?: unknown;
      role?: unknown;
    } | null;
    return hint?.userId === userId && (hint.role === 'ADMIN' || hint.role === 'CLIENT') ? hint.role : null;
  } catch {
    return null;
  }
}
