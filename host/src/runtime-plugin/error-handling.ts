import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

export const REMOTE_LOAD_ERROR_EVENT = 'agency:remote-load-error';

export interface RemoteLoadErrorDetail {
  id: string;
  lifecycle: string;
  message: string;
}

// Reports every failed remote load (for monitoring and the e2e tests), then lets the error reach the
// page's error boundary, which shows the Retry fallback; the rest of the app keeps working.
export default function errorHandlingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agency-error-handling',
    errorLoadRemote({ id, error, lifecycle }) {
      const detail: RemoteLoadErrorDetail = {
        id,
        lifecycle,
        message: error instanceof Error ? error.message : String(error),
      };
      console.warn('[federation] remote failed to load', detail);
      if (typeof window !== 'undefined') {
        window.dispatchEvent(new CustomEvent<RemoteLoadErrorDetail>(REMOTE_LOAD_ERROR_EVENT, { detail }));
      }
      return undefined;
    },
  };
}
