import { focusHeading, sectionHeading } from './focus-heading';
import { sectionIdFromHash } from './wait-for-element';

/** What tells that the visitor has started to use the page: a pointer, a key, focus, a wheel or a scroll. */
export const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Set on <html> by the page's head script (early-input.ts) at the visitor's first input or scroll: one that came
 * before the app was there to hear it still counts.
 */
export const FIRST_INPUT_ATTRIBUTE = 'data-first-input';

/** Fulfilled the way React's `use` reads a promise: once woken, a render reads it without suspending. */
export type Woken = Promise<void> & { status?: string; value?: undefined };

/**
 * Resolves `woken` at the visitor's first input anywhere on the page or first scroll (at once if the head script
 * saw one already), or when `wake()` is called. Heard on the document and the window in the capture phase, before
 * React's root (which stops an event aimed at a part of the page it cannot hydrate yet).
 */
export function whenFirstInput(): { woken: Woken; wake: () => void } {
  let resolve = () => {};
  const woken: Woken = new Promise<void>((done) => {
    resolve = done;
  });
  const options = { capture: true, passive: true } as const;
  const wake = () => {
    // Not `woken.status`: React's `use` marks a promise it waits for 'pending'.
    if (woken.status === 'fulfilled') return;
    Object.assign(woken, { status: 'fulfilled', value: undefined });
    for (const type of INPUT_EVENTS) document.removeEventListener(type, wake, options);
    window.removeEventListener('scroll', wake, options);
    resolve();
  };
  for (const type of INPUT_EVENTS) document.addEventListener(type, wake, options);
  window.addEventListener('scroll', wake, options);
  if (document.documentElement.hasAttribute(FIRST_INPUT_ATTRIBUTE)) wake();
  return { woken, wake };
}

/**
 * While a page's server HTML waits for its code (until the returned function is called), the visitor moves
 * about without the router's location reaching the page (an update there would make React draw it anew instead
 * of hydrating it):
 * - a link anywhere to a section of this page (the header's, the page's own) adds the address to the history,
 *   scrolls to the section and moves focus to its heading, as the router's navigation does (hash-scroll,
 *   route-announcer); a link to this page without a section only sets the address;
 * - Back and Forward between such addresses are left to the browser, which restores the scroll position;
 * - a link inside `region` to another page goes through `navigate` (the app's router) instead of loading the
 *   whole site again: no router has taken those links over yet.
 * Links with a target, a download or a modifier key keep their own behaviour.
 */
export function answerNavigationWhileAsleep(region: Element, navigate: (to: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    if (link.pathname === window.location.pathname && link.search === window.location.search) {
      if (!link.hash) {
        event.preventDefault();
        if (window.location.hash) window.history.pushState(window.history.state, '', link.href);
        return;
      }
      const id = sectionIdFromHash(link.hash);
      const section = id ? document.getElementById(id) : null;
      if (!section) return;
      event.preventDefault();
      // The router's own entry state, so its Back and Forward find their way (it reads the address itself).
      if (link.hash !== window.location.hash) window.history.pushState(window.history.state, '', link.hash);
      section.scrollIntoView({ block: 'start' });
      focusHeading(sectionHeading(section));
      return;
    }
    if (!region.contains(link)) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  const page = `${window.location.pathname}${window.location.search}`;
  const onPopState = (event: PopStateEvent) => {
    // Heard before the router's listener (the capture phase comes first at the window).
    if (`${window.location.pathname}${window.location.search}` === page) event.stopImmediatePropagation();
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('popstate', onPopState, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('popstate', onPopState, true);
  };
}
