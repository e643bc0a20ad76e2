import { sessionStorageKey } from '@agency/auth';

/** Set on <html> before the first paint when this browser keeps a session: the header shows its signed-in pair. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * The tiny script the server puts in the head of every page it renders (its hash is allowed by the CSP): it
 * reads the session supabase-js keeps, before anything paints, the way the auth entry does once the app runs.
 */
export function sessionHintScript(supabaseUrl: string): string {
  const key = JSON.stringify(sessionStorageKey(supabaseUrl));
  const attribute = JSON.stringify(SIGNED_IN_ATTRIBUTE);
  return `try{var s=JSON.parse(localStorage.getItem(${key}));if(s&&s.user&&s.refresh_token)document.documentElement.setAttribute(${attribute},"")}catch(e){}`;
}
