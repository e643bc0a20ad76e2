import type { SupabaseClient } from '@supabase/supabase-js';
import { getAppConfig } from '@agency/app-config';

export type SupabaseAuth = SupabaseClient['auth'];

/** The key supabase-js persists the session under: `sb-<first label of the URL's hostname>-auth-token`. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function hasPersistedSession(supabaseUrl: string, storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return Boolean(storage.getItem(sessionStorageKey(supabaseUrl)));
  } catch {
    return false;
  }
}

/** Forgets the session this browser keeps (what supabase-js stores under its key), whatever the server says. */
export function forgetPersistedSession(supabaseUrl: string, storage: Pick<Storage, 'removeItem'> = window.localStorage): void {
  const key = sessionStorageKey(supabaseUrl);
  for (const item of [key, `${key}-user`, `${key}-code-verifier`]) {
    try {
      storage.removeItem(item);
    } catch {
      // storage unavailable: nothing was kept there either
    }
  }
}

/** The address carries an auth callback (sign-up confirmation, recovery link, or its error). */
export function hasAuthCallback(hash: string = window.location.hash, search: string = window.location.search): boolean {
  return /(^|[#&])(access_token|error_description|error_code)=/.test(hash) || /[?&]code=/.test(search);
}

/** supabase-js is ~35 kB gz: imported only when a session exists or an auth screen needs it. */
export async function createSupabaseAuth(): Promise<SupabaseAuth> {
  const { createClient } = await import('@supabase/supabase-js');
  const { supabaseUrl, supabaseAnonKey } = getAppConfig();
  const client = createClient(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
  });
  return client.auth;
}
