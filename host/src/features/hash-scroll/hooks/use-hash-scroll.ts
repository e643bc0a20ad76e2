import { useEffect, useRef } from 'react';
import { useLocation } from '@agency/router';
import { sectionIdFromHash, waitForElement } from '../../../lib/dom/wait-for-element';

/**
 * A hash in the address scrolls to its section once that section exists (spec section 2); a new page without
 * a hash starts at the top. The global CSS gives smooth scrolling and the sticky header's offset.
 */
export function useHashScroll(timeoutMs = 10_000) {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = previousPath.current !== null && previousPath.current !== pathname;
    previousPath.current = pathname;
    const id = sectionIdFromHash(hash);
    if (!id) {
      if (pathChanged) window.scrollTo(0, 0);
      return;
    }
    const { promise, cancel } = waitForElement(id, { timeoutMs });
    void promise.then((element) => element?.scrollIntoView({ block: 'start' }));
    return cancel;
  }, [pathname, hash, key, timeoutMs]);
}
