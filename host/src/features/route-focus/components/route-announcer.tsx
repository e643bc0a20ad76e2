import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@agency/router';
import { VisuallyHidden } from '@agency/ui';
import { sectionIdFromHash, waitForElement, waitForSelector } from '../../../lib/dom/wait-for-element';

const PAGE_HEADING = '#main h1';

function focusHeading(element: HTMLElement): void {
  // Headings are not focusable by themselves; -1 lets focus land there without adding a tab stop.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * After a client-side navigation, moves focus to the new page's heading (or, for /#section, to that section's
 * heading) once it is rendered, and announces that heading in a polite live region. The first page load is
 * left to the browser, which announces the document itself.
 */
export function RouteAnnouncer() {
  const { pathname, hash, key } = useLocation();
  const [message, setMessage] = useState('');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const location = `${pathname}${hash}`;
    const first = shown.current === null;
    const samePage = shown.current === location;
    shown.current = location;
    if (first || samePage) return;

    const section = sectionIdFromHash(hash);
    const before = document.querySelector<HTMLElement>(PAGE_HEADING);
    const beforeText = before?.textContent;
    // A remote page arrives asynchronously, and the previous page may stay on screen while it loads: wait for
    // the heading of the new one.
    const { promise, cancel } = section
      ? waitForElement(section)
      : waitForSelector(PAGE_HEADING, {
          accept: (heading) => heading !== before || heading.textContent !== beforeText,
        });
    void promise.then((target) => {
      if (!target) return;
      const heading = section ? (target.querySelector<HTMLElement>('h1, h2, h3') ?? target) : target;
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
