import { ROLE_FETCH } from '@agency/domain';
import { ACCOUNT_ROUTES } from '@agency/domain/routes/account';
import type { Role } from './auth-store';

/** What one attempt produced: a role, or a failure worth retrying (timeout, network). */
export type RoleRequest = (accessToken: string, signal: AbortSignal) => Promise<Role>;

export class RoleFetchTimeout extends Error {
  constructor(ms: number) {
    super(`Role fetch timed out after ${ms} ms`);
  }
}

export function toRole(value: unknown): Role {
  const text = typeof value === 'string' ? value : (value as { role?: unknown } | null)?.role;
  return text === 'ADMIN' ? 'ADMIN' : 'CLIENT';
}

/**
 * GET /api/get-current-user-role with the user's own token. A response that arrives — an error status or an
 * empty body included — settles the role (anything but ADMIN is CLIENT); only a thrown fetch is a failure.
 */
export function requestRole(apiUrl: string, fetchImpl: typeof fetch = fetch): RoleRequest {
  return async (accessToken, signal) => {
    const response = await fetchImpl(`${apiUrl}${ACCOUNT_ROUTES.currentUserRole.path}`, {
      method: 'GET',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      signal,
    });
    if (!response.ok) return 'CLIENT';
    const text = await response.text();
    if (!text) return 'CLIENT';
    try {
      return toRole(JSON.parse(text));
    } catch {
      return toRole(text.trim());
    }
  };
}

function attemptWithTimeout(request: RoleRequest, accessToken: string, ms: number): Promise<Role> {
  const controller = new AbortController();
  return new Promise<Role>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new RoleFetchTimeout(ms));
    }, ms);
    request(accessToken, controller.signal).then(
      (role) => {
        clearTimeout(timer);
        resolve(role);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Up to 5 attempts; the first times out at 2000 ms, later ones at 1000 ms, 500 ms apart (spec section 4).
 * Resolves the role, or null when every attempt failed. `isCurrent` stops retrying once the result is moot.
 */
export async function fetchRoleWithRetry(
  request: RoleRequest,
  accessToken: string,
  isCurrent: () => boolean = () => true,
): Promise<Role | null> {
  for (let attempt = 1; attempt <= ROLE_FETCH.attempts; attempt += 1) {
    const timeout = attempt === 1 ? ROLE_FETCH.firstTimeoutMs : ROLE_FETCH.laterTimeoutMs;
    try {
      return await attemptWithTimeout(request, accessToken, timeout);
    } catch {
      if (!isCurrent()) return null;
      if (attempt < ROLE_FETCH.attempts) await sleep(ROLE_FETCH.delayBetweenMs);
      if (!isCurrent()) return null;
    }
  }
  return null;
}
