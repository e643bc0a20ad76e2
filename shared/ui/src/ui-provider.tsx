import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { getBrowserStyleCache, serverGlobalStyles } from './style-cache';
import { getSystem } from './system';
import { toastRegion } from './toaster';

// The toast region (its state machine, portal and dismiss logic) weighs ~16 kB gz: it is loaded with the first
// toast (toaster.ts) rather than on every page, and the queue keeps toasts created before it mounts. Rendered
// once its module is in, not through lazy() and Suspense: React reveals a suspended boundary's content no sooner
// than 300 ms after its fallback was shown (FALLBACK_THROTTLE_MS), which held every page's first toast ("Login
// Failed") back by that much after its code had arrived.
function DeferredToastRegion() {
  return useSyncExternalStore(toastRegion.subscribe, toastRegion.loaded, () => undefined) ?? null;
}

type System = ReturnType<typeof getSystem>;
let systemForPage: System | undefined;

/**
 * The system, with its global styles as this page's server wrote them if it did (see serverGlobalStyles).
 * Only the provider's <Global> reads `_global`, and Emotion takes styles it is given serialized as they are.
 * The kit's `_global` is built on first read (patches/@chakra-ui+react+*.patch): it was half of building the
 * system (in node 23-36 ms with it, 12-24 ms without), for styles such a page already has. So the system's
 * properties are copied as they are, the getter included, and never read.
 */
function pageSystem(): System {
  if (!systemForPage) {
    const system = getSystem();
    const serverGlobals = serverGlobalStyles(system.layers.atRule);
    systemForPage = serverGlobals
      ? Object.defineProperties({} as System, {
          ...Object.getOwnPropertyDescriptors(system),
          _global: { value: serverGlobals, enumerable: true },
        })
      : system;
  }
  return systemForPage;
}

export function UiProvider({ children }: { children: ReactNode }) {
  const kit = (
    <ChakraProvider value={pageSystem()}>
      {children}
      <DeferredToastRegion />
    </ChakraProvider>
  );
  // On the server, ServerStyles (server.ts) provides a cache per page.
  const styleCache = getBrowserStyleCache();
  return styleCache ? <CacheProvider value={styleCache}>{kit}</CacheProvider> : kit;
}
