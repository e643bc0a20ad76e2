import { ROLE_HINT_KEY, sessionStorageKey, type Role } from '@agency/auth';
import { scriptJson } from '../../../lib/dom/script-json';
import { preloadPairs, type PreloadFile } from '../../../lib/dom/start-up-files';

/** A head script's expression for what localStorage keeps as JSON under `key` (it throws on bad JSON). */
const storedJson = (key: string) => `JSON.parse(localStorage.getItem(${JSON.stringify(key)}))`;

/** Set on <html> before the first paint when this browser keeps a session: the header shows its signed-in pair. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * The tiny script the server puts in the head of every page it renders (its hash is allowed by the CSP): it
 * reads the session supabase-js keeps, before anything paints, the way the auth entry does once the app runs.
 */
export function sessionHintScript(supabaseUrl: string): string {
  const attribute = JSON.stringify(SIGNED_IN_ATTRIBUTE);
  return `try{var s=${storedJson(sessionStorageKey(supabaseUrl))};if(s&&s.user&&s.refresh_token)document.documentElement.setAttribute(${attribute},"")}catch(e){}`;
}

/**
 * The dashboard is a different remote for each role, which only the browser knows. This script (in the head,
 * after the session hint) starts fetching the files of the dashboard this user had last time, as the server's
 * preload links do for a page with one remote: the remote's code then arrives beside the host's instead of
 * after it. Only a head start, like the hint it reads: the app asks for the role again, and the API decides.
 */
export function rolePreloadScript(supabaseUrl: string, filesByRole: Record<Role, PreloadFile[]>): string {
  const files = scriptJson(
    Object.fromEntries(Object.entries(filesByRole).map(([role, list]) => [role, preloadPairs(list)])),
  );
  return (
    `try{var s=${storedJson(sessionStorageKey(supabaseUrl))},h=${storedJson(ROLE_HINT_KEY)},` +
    `f=s&&s.user&&h&&h.userId===s.user.id&&${files}[h.role];` +
    `if(f)f.forEach(function(p){var l=document.createElement("link");l.rel="preload";l.href=p[0];l.setAttribute("as",p[1]);` +
    `if(p[1]==="fetch")l.crossOrigin="anonymous";else l.setAttribute("fetchpriority","low");document.head.appendChild(l)})}catch(e){}`
  );
}
