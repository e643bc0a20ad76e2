/**
 * Resolves the element with this id as soon as it is in the document (the landing sections are rendered by
 * the marketing remote, which arrives asynchronously), or null after the timeout or on cancel.
 */
export function waitForElement(
  id: string,
  options: { timeoutMs?: number; root?: Document } = {},
): { promise: Promise<HTMLElement | null>; cancel: () => void } {
  return waitFor((root) => root.getElementById(id), options);
}

/** Like waitForElement, for the first element matching a CSS selector (and `accept`, when given). */
export function waitForSelector(
  selector: string,
  {
    accept = () => true,
    ...options
  }: { timeoutMs?: number; root?: Document; accept?: (element: HTMLElement) => boolean } = {},
): { promise: Promise<HTMLElement | null>; cancel: () => void } {
  return waitFor((root) => {
    const element = root.querySelector<HTMLElement>(selector);
    return element && accept(element) ? element : null;
  }, options);
}

function waitFor(
  find: (root: Document) => HTMLElement | null,
  { timeoutMs = 10_000, root = document }: { timeoutMs?: number; root?: Document },
): { promise: Promise<HTMLElement | null>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<HTMLElement | null>((resolve) => {
    const found = find(root);
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const element = find(root);
      if (element) finish(element);
    });
    // characterData: a page that stays mounted may only change its heading's text.
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    cancel = () => finish(null);
    observer.observe(root.body, { childList: true, subtree: true, characterData: true });
  });
  return { promise, cancel };
}

/** A fragment that names a section (`#services`), not an auth callback (`#access_token=…`). */
export function sectionIdFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return /^[A-Za-z][\w-]*$/.test(id) ? id : null;
}
