import { lazy, Suspense, useState, type ComponentType } from 'react';

/** What wakes a section's server HTML: nearing the viewport, or the visitor reaching into it. */
const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

function whenNear(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      observer?.disconnect();
      for (const type of WAKE_EVENTS) document.removeEventListener(type, onEvent, true);
      resolve();
    };
    // Heard on the document, before React's root: React stops an event aimed at a part it cannot hydrate yet.
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) wake();
    };
    for (const type of WAKE_EVENTS) document.addEventListener(type, onEvent, true);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), {
            rootMargin: '400px 0px',
          });
    if (observer) observer.observe(element);
    else wake();
  });
}

/**
 * A below-the-fold section whose server-rendered HTML stays as it is (readable, not yet interactive) until it
 * nears the viewport or the visitor reaches into it; only then does React hydrate it. The first load of / then
 * runs the kit's styling for the hero alone instead of the whole page. The Suspense boundary is rendered on the
 * server too, so the HTML carries its markers; React keeps a dehydrated boundary untouched while its code waits.
 * Rendered in the browser (a navigation, no server HTML), the section renders at once.
 */
export function hydrateWhenNear<P extends object>(Section: ComponentType<P>, elementId: string) {
  function Deferred(props: P) {
    // Decided once, on the first render: is this section's server HTML already in the document?
    const [Lazy] = useState(() => {
      const serverHtml = typeof document !== 'undefined' ? document.getElementById(elementId) : null;
      if (!serverHtml) return null;
      const ready = whenNear(serverHtml);
      return lazy(() => ready.then(() => ({ default: Section })));
    });
    return <Suspense fallback={null}>{Lazy ? <Lazy {...props} /> : <Section {...props} />}</Suspense>;
  }
  Deferred.displayName = `HydrateWhenNear(${Section.displayName ?? Section.name})`;
  return Deferred;
}
