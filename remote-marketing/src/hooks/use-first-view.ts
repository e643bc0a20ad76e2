import { useEffect, useRef, type RefObject } from 'react';

export interface FirstViewOptions {
  /** Share of the element that must be visible. */
  threshold?: number;
  /** Grows the viewport, to act shortly before the element scrolls into view. */
  rootMargin?: string;
  /** What to do where IntersectionObserver is missing (old browsers, jsdom). */
  withoutObserver?: 'skip' | 'call';
}

/** Calls `onView` once, the first time `element` comes into view; returns what stops watching. */
export function onFirstView(
  element: Element,
  onView: () => void,
  { threshold = 0.2, rootMargin = '0px', withoutObserver = 'skip' }: FirstViewOptions = {},
): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    if (withoutObserver === 'call') onView();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onView();
      }
    },
    { threshold, rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Calls `onView` once, the first time the element comes into view. */
export function useFirstView<T extends Element>(
  ref: RefObject<T | null>,
  onView: () => void,
  { threshold, rootMargin, withoutObserver }: FirstViewOptions = {},
): void {
  const callback = useRef(onView);
  useEffect(() => {
    callback.current = onView;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return onFirstView(element, () => callback.current(), { threshold, rootMargin, withoutObserver });
  }, [ref, threshold, rootMargin, withoutObserver]);
}
