import { Suspense, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from '@agency/router';
import { onFirstView } from '../hooks/use-first-view';

/** What wakes a section's server HTML: nearing the viewport, or the visitor reaching into it. */
const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * Resolves when an event reaches into `element` (or, with `near`, when it nears the viewport), or when `wake()`
 * is called. `wake()` also marks the promise fulfilled at once (the fields React's `use` reads), so a render that
 * wakes the section can hydrate it in the same pass.
 */
function whenWoken(element: Element, near: boolean): { ready: Promise<void>; wake: () => void } {
  let resolve = () => {};
  const ready: Promise<void> & { status?: string; value?: undefined } = new Promise<void>((done) => {
    resolve = done;
  });
  // Heard on the document, before React's root: React stops an event aimed at a part it cannot hydrate yet.
  const onEvent = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) wake();
  };
  let stopWatching = () => {};
  const wake = () => {
    Object.assign(ready, { status: 'fulfilled', value: undefined });
    stopWatching();
    for (const type of WAKE_EVENTS) document.removeEventListener(type, onEvent, true);
    resolve();
  };
  for (const type of WAKE_EVENTS) document.addEventListener(type, onEvent, true);
  // Without IntersectionObserver (old browsers) there is nothing to wait for.
  if (near)
    stopWatching = onFirstView(element, wake, {
      threshold: 0,
      rootMargin: '400px 0px',
      withoutObserver: 'call',
    });
  return { ready, wake };
}

/**
 * Shown only when React gives up the server HTML before the section woke (an update reached into it, e.g. a
 * link's location on a hash navigation): holds the section's height so nothing below moves, and wakes it.
 */
function Placeholder({ serverHtml, wake }: { serverHtml: Element; wake: () => void }) {
  // Measured as React renders this, before it removes the server HTML.
  const [height] = useState(() => serverHtml.getBoundingClientRect().height);
  useEffect(wake, [wake]);
  return <div style={{ height }} />;
}

/** Holds its children (the section) back until `ready`: React keeps the server HTML meanwhile. */
function WhenReady({ ready, children }: { ready: Promise<void>; children: ReactNode }) {
  use(ready);
  return children;
}

function deferHydration<P extends object>(Section: ComponentType<P>, elementId: string, near: boolean) {
  function Deferred(props: P) {
    // Decided once, on the first render: is this section's server HTML already in the document?
    const [deferred] = useState(() => {
      const serverHtml = typeof document !== 'undefined' ? document.getElementById(elementId) : null;
      if (!serverHtml) return null;
      const { ready, wake } = whenWoken(serverHtml, near);
      return { ready, wake, placeholder: <Placeholder serverHtml={serverHtml} wake={wake} /> };
    });
    // A navigation (a link's location changes, e.g. a hash link to a lower section) reaches into the section:
    // woken during this render, it hydrates in this pass instead of React throwing its server HTML away.
    const { key } = useLocation();
    const [firstKey] = useState(key);
    if (deferred && key !== firstKey) deferred.wake();
    if (!deferred)
      return (
        <Suspense fallback={null}>
          <Section {...props} />
        </Suspense>
      );
    return (
      <Suspense fallback={deferred.placeholder}>
        <WhenReady ready={deferred.ready}>
          <Section {...props} />
        </WhenReady>
      </Suspense>
    );
  }
  Deferred.displayName = `${near ? 'HydrateWhenNear' : 'HydrateWhenReached'}(${Section.displayName ?? Section.name})`;
  return Deferred;
}

/**
 * A below-the-fold section whose server-rendered HTML stays as it is (readable, not yet interactive) until it
 * nears the viewport or the visitor reaches into it; only then does React hydrate it. The first load of / then
 * runs the kit's styling for the hero alone instead of the whole page. The Suspense boundary is rendered on the
 * server too, so the HTML carries its markers; React keeps a dehydrated boundary untouched while its code waits.
 * Rendered in the browser (a navigation, no server HTML), the section renders at once. `Section` renders the
 * element with the id `elementId` around all it draws.
 */
export function hydrateWhenNear<P extends object>(Section: ComponentType<P>, elementId: string) {
  return deferHydration(Section, elementId, true);
}

/**
 * Content that never changes after the server rendered it (text, a picture; no control the page must answer
 * at once): its server HTML and the server's styles stay as they are, and React hydrates it only when the
 * visitor reaches into it (a pointer, focus or key inside it; React replays that event on it) or a navigation
 * updates it, never for merely scrolling past. Otherwise as hydrateWhenNear.
 */
export function hydrateWhenReached<P extends object>(Section: ComponentType<P>, elementId: string) {
  return deferHydration(Section, elementId, false);
}
