import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@agency/router';
import { VisuallyHidden } from '@agency/ui';
import { focusHeading, sectionHeading } from '../../../lib/dom/focus-heading';
import { sectionIdFromHash, waitForElement, waitForSelector } from '../../../lib/dom/wait-for-element';

const PAGE_HEADING = '#main h1';

/**
 * After a client-side navigation, moves focus to the new page's heading (or, for /#section, to that section's
 * heading) once it is rendered, and announces that heading in a polite live region. The first page load is
 * left to the browser, which announces the document itself.
 */
export function RouteAnnouncer() {
  const { pathname, hash, key } = useLocation();
  const [message, setMessage] = useState('');
  const shown = useRef<string | null>(null);
  // The heading of the page shown before (a navigation may commit only once the new page is ready, or show
  // the old one until then): the new page's heading is a different one, or says something else.
  const lastHeading = useRef<{ element: HTMLElement | null; text: string | null }>({
    element: null,
    text: null,
  });

  useEffect(() => {
    const location = `${pathname}${hash}`;
    const first = shown.current === null;
    const samePage = shown.current === location;
    shown.current = location;
    if (first) {
      const heading = document.querySelector<HTMLElement>(PAGE_HEADING);
      lastHeading.current = { element: heading, text: heading?.textContent ?? null };
    }
    if (first || samePage) return;

    const section = sectionIdFromHash(hash);
    const before = lastHeading.current;
    const { promise, cancel } = section
      ? waitForElement(section)
      : waitForSelector(PAGE_HEADING, {
          accept: (heading) => heading !== before.element || heading.textContent !== before.text,
        });
    void promise.then((target) => {
      if (!target) return;
      const heading = section ? sectionHeading(target) : target;
      if (!section) lastHeading.current = { element: heading, text: heading.textContent };
      focusHeading(heading);
      setMessage(heading.textContent ?? '');
    });
    return cancel;
  }, [pathname, hash, key]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {message}
    </VisuallyHidden>
  );
}
