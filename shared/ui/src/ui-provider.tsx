import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { system } from './system';
import { toaster } from './toaster';

// The toast region (its state machine, portal and dismiss logic) weighs ~16 kB gz: it is loaded when the
// first toast is created rather than on every page. The queue keeps toasts created before it mounts.
const ToastRegion = lazy(() => import('./toast-region'));

function DeferredToastRegion() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    // A page's own mount effects run before this one and may already have queued a toast.
    if (toaster.getCount() > 0) {
      setNeeded(true);
      return undefined;
    }
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}

export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <DeferredToastRegion />
    </ChakraProvider>
  );
}
