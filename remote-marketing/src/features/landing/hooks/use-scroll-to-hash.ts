import { useEffect } from 'react';
import { useLocation } from '@agency/router';

/**
 * Scrolls to the section named by the address hash (/#contact). The browser's own jump happens before
 * this lazily loaded page exists, so the page repeats it once its sections are in the DOM.
 */
export function useScrollToHash(sectionIds: readonly string[]): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!sectionIds.includes(id)) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
    // sectionIds is a constant list; only a new hash should scroll again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);
}
