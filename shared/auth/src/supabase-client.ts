import type { AuthClient } from '@supabase/supabase-js';
import { getAppConfig } from '@agency/app-config';
import type { AuthUser } from './auth-store';
import { ROLE_HINT_KEY } from './role-hint';

/** supabase-js's auth client: the only part of supabase-js the product uses. */
export type SupabaseAuth = InstanceType<typeof AuthClient>;

/** The key supabase-js persists the session under: `sb-<first label of the URL's hostname>-auth-token`. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function hasPersistedSession(
  supabaseUrl: string,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): boolean {
  try {
    return Boolean(storage.getItem(sessionStorageKey(supabaseUrl)));
  } catch {
    return false;
  }
}

/** The user's factors as GoTrue lists them in the user object. */
type Factors = { factor_type?: string; status?: string }[] | null | undefined;

/** The user has a verified TOTP factor. */
export const hasVerifiedTotp = (factors: Factors): boolean =>
  (factors ?? []).some((f) => f.factor_type === 'totp' && f.status === 'verified');

/** The assurance level an access token carries (GoTrue's `aal` claim), read without verifying it. */
export function tokenAal(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

/** A session of a user with two-factor sign-in that has not proved it yet (aal1): not signed in. */
export const needsSecondFactor = (session: { access_token: string; user: { factors?: Factors } }): boolean =>
  hasVerifiedTotp(session.user.factors) && tokenAal(session.access_token) !== 'aal2';

/** What a session kept by supabase-js says, read without loading supabase-js. */
export interface StoredSession {
  user: AuthUser;
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** supabase-js's user, as the auth store keeps it. */
export function toAuthUser(user: {
  id: string;
  email?: string;
  user_metadata?: Record<string, unknown>;
}): AuthUser {
  const fullName = user.user_metadata?.full_name;
  return { id: user.id, email: user.email ?? '', fullName: typeof fullName === 'string' ? fullName : '' };
}

/**
 * The session supabase-js keeps in this browser, when it has the shape supabase-js writes (a user, an access
 * and a refresh token, an expiry). Expired or not: restoring it is supabase-js's job.
 */
export function readStoredSession(
  supabaseUrl: string,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): StoredSession | null {
  try {
    const raw = storage.getItem(sessionStorageKey(supabaseUrl));
    const session = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const user = session?.user as { id?: unknown } | undefined;
    if (
      !session ||
      typeof session.access_token !== 'string' ||
      typeof session.refresh_token !== 'string' ||
      typeof session.expires_at !== 'number' ||
      typeof user?.id !== 'string'
    )
      return null;
    // Kept before the second factor was entered: not a signed-in session (supabase-js sorts it out).
    if (needsSecondFactor(session as { access_token: string; user: { factors?: Factors } })) return null;
    return {
      user: toAuthUser(user as { id: string }),
      accessToken: session.access_token,
      expiresAt: session.expires_at,
    };
  } catch {
    return null;
  }
}

/**
 * Forgets the session this browser keeps (what supabase-js stores under its key, and the role hint), whatever
 * the server says.
 */
export function forgetPersistedSession(
  supabaseUrl: string,
  storage: Pick<Storage, 'removeItem'> = window.localStorage,
): void {
  const key = sessionStorageKey(supabaseUrl);
  for (const item of [key, `${key}-user`, `${key}-code-verifier`, ROLE_HINT_KEY]) {
    try {
      storage.removeItem(item);
    } catch {
      // storage unavailable: nothing was kept there either
    }
  }
}

/** The address carries an auth callback (sign-up confirmation, recovery link, or its error). */
export function hasAuthCallback(
  hash: string = window.location.hash,
  search: string = window.location.search,
): boolean {
  return /(^|[#&])(access_token|error_description|error_code)=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * supabase-js's auth client, configured as createClient(url, key).auth would be: same endpoint, headers and
 * storage key. Only its auth part is bundled (23 kB gz of supabase-js's 56), loaded when a session has to be
 * restored or refreshed or an auth screen needs it.
 */
export async function createSupabaseAuth(): Promise<SupabaseAuth> {
  const { AuthClient } = await import(/* webpackChunkName: "supabase-auth" */ './supabase-auth-client');
  const { supabaseUrl, supabaseAnonKey } = getAppConfig();
  return new AuthClient({
    url: `${supabaseUrl.replace(/\/$/, '')}/auth/v1`,
    headers: { Authorization: `Bearer ${supabaseAnonKey}`, apikey: supabaseAnonKey },
    storageKey: sessionStorageKey(supabaseUrl),
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    // GoTrue's MFA recovery codes (auth.mfa.recoveryCodes), experimental in supabase-js.
    experimental: { recoveryCodes: true },
  });
}

/**
 * A supabase-js auth client that keeps nothing and shares nothing with this browser's session: checking a
 * password by signing in again must not replace the session (a two-factor one would fall back to aal1).
 */
export async function createDetachedSupabaseAuth(): Promise<SupabaseAuth> {
  const { AuthClient } = await import(/* webpackChunkName: "supabase-auth" */ './supabase-auth-client');
  const { supabaseUrl, supabaseAnonKey } = getAppConfig();
  return new AuthClient({
    url: `${supabaseUrl.replace(/\/$/, '')}/auth/v1`,
    headers: { Authorization: `Bearer ${supabaseAnonKey}`, apikey: supabaseAnonKey },
    storageKey: `${sessionStorageKey(supabaseUrl)}-check`,
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}
