import { useEffect } from 'react';
import { prefetchRemote } from '../api/remote-registry';
import type { RemoteRoute } from '../remote-route';

/**
 * Prefetches the remote behind a link when the user shows intent: pointer over or focus on any
 * same-origin link anywhere on the page (header, footer, or inside a remote), matched against the host's
 * route table — so remotes need no knowledge of each other to prefetch.
 */
export function useIntentPrefetch(resolve: (pathname: string) => RemoteRoute | undefined) {
  useEffect(() => {
    const done = new Set<string>();
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
      const route = resolve(anchor.pathname);
      if (!route) return;
      const key = `${route.remote}/${route.exposed}`;
      if (done.has(key)) return;
      done.add(key);
      prefetchRemote(route.remote, route.exposed);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [resolve]);
}
