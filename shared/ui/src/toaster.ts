import { createElement, type ReactElement } from 'react';
import type { toastStore as ToastStore } from './toast-store';

type Store = typeof ToastStore;
export type ToastOptions = Parameters<Store['create']>[0];

// Most pages never show a toast, so the queue (a state machine) loads with the first one, together with
// the toast region that renders it. Calls made before it is in are replayed in order.
let store: Store | undefined;
let region: ReactElement | undefined;
let loading: Promise<Store> | undefined;
const listeners = new Set<() => void>();

function withStore(action: (loaded: Store) => void): void {
  if (store) return action(store);
  loading ??= Promise.all([import('./toast-store'), import('./toast-region')]).then(
    ([storeModule, regionModule]) => {
      region = createElement(regionModule.default);
      listeners.forEach((listener) => listener());
      return (store = storeModule.toastStore);
    },
  );
  void loading.then(action);
}

/** The one toast queue. Spec toasts are `{ title, description, type }`; 'error' is the destructive variant. */
export const toaster = {
  create(options: ToastOptions): void {
    withStore((loaded) => loaded.create(options));
  },
  /** Removes one toast, or all of them without an id. */
  remove(id?: string): void {
    if (store || loading) withStore((loaded) => loaded.remove(id));
  },
};

/** The toast region, once the first toast has loaded it, as the element ui-provider renders; else undefined. */
export const toastRegion = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  loaded: (): ReactElement | undefined => region,
};
