import type { toastStore as ToastStore } from './toast-store';

type Store = typeof ToastStore;
export type ToastOptions = Parameters<Store['create']>[0];

// Most pages never show a toast, so the queue (a state machine) loads with the first one, together with
// the toast region that renders it. Calls made before it is in are replayed in order.
let store: Store | undefined;
let loading: Promise<Store> | undefined;
const listeners = new Set<() => void>();

function withStore(action: (loaded: Store) => void): void {
  if (store) return action(store);
  loading ??= import('./toast-store').then((module) => (store = module.toastStore));
  void loading.then(action);
}

/** The one toast queue. Spec toasts are `{ title, description, type }`; 'error' is the destructive variant. */
export const toaster = {
  create(options: ToastOptions): void {
    const first = !store && !loading;
    withStore((loaded) => loaded.create(options));
    if (first) listeners.forEach((listener) => listener());
  },
  /** Removes one toast, or all of them without an id. */
  remove(id?: string): void {
    if (store || loading) withStore((loaded) => loaded.remove(id));
  },
};

/** Whether any toast has been created yet: the toast region is loaded on the first one. */
export const firstToast = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  happened: (): boolean => Boolean(store || loading),
};
