import { useEffect, useRef } from 'react';
import { getAppConfig } from '@agency/app-config';
import { useLocation } from '@agency/router';

// Every page's head texts (titles, descriptions: the tiers' among them) load with the first client-side
// navigation: the page the visitor arrives on has its head from the server already.
const loadHeads = () => import(/* webpackChunkName: "page-heads" */ '../utils/apply-head');

/**
 * Keeps the document head in step with the page after client-side navigation: title, description, canonical
 * address, robots and the social tags. The server writes the same for the page it serves (server/render-page).
 */
export function useDocumentHead(): void {
  const { pathname } = useLocation();
  const arrived = useRef(true);
  useEffect(() => {
    const serverWroteHead = arrived.current && document.head.querySelector('link[rel="canonical"]');
    arrived.current = false;
    if (serverWroteHead) return;
    let current = true;
    loadHeads().then(
      ({ applyHead }) => {
        if (current) applyHead(pathname, getAppConfig().siteUrl);
      },
      () => {
        // The page works without its head texts; the next navigation tries again.
      },
    );
    return () => {
      current = false;
    };
  }, [pathname]);
}
