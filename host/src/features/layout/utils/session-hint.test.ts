import { ROLE_HINT_KEY, sessionStorageKey } from '@agency/auth';
import type { PreloadFile } from '../../../lib/dom/start-up-files';
import { rolePreloadScript } from './session-hint';

const SUPABASE_URL = 'http://127.0.0.1:54321';
const FILES: Record<'ADMIN' | 'CLIENT', PreloadFile[]> = {
  ADMIN: [
    { href: 'http://127.0.0.1:4004/r1/mf-manifest.json', as: 'fetch' },
    { href: 'http://127.0.0.1:4004/r1/remoteEntry.js', as: 'script' },
  ],
  CLIENT: [{ href: 'http://127.0.0.1:4003/r7/remoteEntry.js', as: 'script' }],
};

/** Runs the head script as the browser would, and returns the preloads it added. */
function preloadsAfterScript(): {
  href: string;
  as: string | null;
  crossOrigin: string | null;
  priority: string | null;
}[] {
  new Function(rolePreloadScript(SUPABASE_URL, FILES))();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: link.href,
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
    priority: link.getAttribute('fetchpriority'),
  }));
}

const keepSession = (userId: string) =>
  localStorage.setItem(
    sessionStorageKey(SUPABASE_URL),
    JSON.stringify({ user: { id: userId }, refresh_token: 'r' }),
  );

describe('rolePreloadScript', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
  });

  test("preloads the files of the dashboard this user had last time, and only that one's", () => {
    keepSession('user-1');
    localStorage.setItem(ROLE_HINT_KEY, JSON.stringify({ userId: 'user-1', role: 'ADMIN' }));
    expect(preloadsAfterScript()).toEqual([
      { href: FILES.ADMIN[0]!.href, as: 'fetch', crossOrigin: 'anonymous', priority: null },
      { href: FILES.ADMIN[1]!.href, as: 'script', crossOrigin: null, priority: 'low' },
    ]);
  });

  test("preloads nothing for another user's hint, without a kept session, or for a hint it cannot read", () => {
    localStorage.setItem(ROLE_HINT_KEY, JSON.stringify({ userId: 'user-1', role: 'CLIENT' }));
    expect(preloadsAfterScript()).toEqual([]);
    keepSession('user-2');
    expect(preloadsAfterScript()).toEqual([]);
    localStorage.setItem(ROLE_HINT_KEY, JSON.stringify({ userId: 'user-2', role: 'constructor' }));
    expect(preloadsAfterScript()).toEqual([]);
    localStorage.setItem(ROLE_HINT_KEY, '{not json');
    expect(preloadsAfterScript()).toEqual([]);
  });
});
