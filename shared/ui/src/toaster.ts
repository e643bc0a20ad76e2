import { createToaster } from '@chakra-ui/react';

/** The one toast queue. Spec toasts are `{ title, description, type }`; 'error' is the destructive variant. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

// Whether any toast has been created yet: the toast region is loaded on the first one. Subscribed at
// module load, so a toast created before any component subscribes is not missed.
let anyToastCreated = false;
const listeners = new Set<() => void>();
toaster.subscribe(() => {
  if (anyToastCreated) return;
  anyToastCreated = true;
  listeners.forEach((listener) => listener());
});

export const firstToast = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  happened: (): boolean => anyToastCreated,
};
