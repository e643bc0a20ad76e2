/**
 * Resolves the element with this id as soon as it is in the document (the landing sections are rendered by
 * the marketing remote, which arrives asynchronously), or null after the timeout or on cancel.
 */
export function waitForElement(
  id: string,
  { timeoutMs = 10_000, root = document }: { timeoutMs?: number; root?: Document } = {},
): { promise: Promise<HTMLElement | null>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<HTMLElement | null>((resolve) => {
    const found = root.getElementById(id);
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const element = root.getElementById(id);
      if (element) finish(element);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    cancel = () => finish(null);
    observer.observe(root.body, { childList: true, subtree: true });
  });
  return { promise, cancel };
}

/** A fragment that names a section (`#services`), not an auth callback (`#access_token=…`). */
export function sectionIdFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return /^[A-Za-z][\w-]*$/.test(id) ? id : null;
}
