import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteEntryExports } from '@module-federation/runtime-core/types';

// Transient failures (a deploy in progress, a dropped connection) should not reach the user: manifest
// fetches and remote entries are tried again with backoff before the page shows its Retry fallback.
const ATTEMPTS = 3;
const FIRST_DELAY_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agency-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        if (attempt > 0) await wait(FIRST_DELAY_MS * 2 ** (attempt - 1));
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const retryEntry = async (): Promise<RemoteEntryExports | undefined> => {
        for (let attempt = 1; attempt < ATTEMPTS; attempt += 1) {
          await wait(FIRST_DELAY_MS * 2 ** (attempt - 1));
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports as RemoteEntryExports;
          } catch {
            // try again
          }
        }
        return undefined;
      };
      // The hook's declared type wraps the entry in a second promise; the runtime awaits either shape.
      return Promise.resolve(retryEntry()) as unknown as Promise<Promise<RemoteEntryExports | undefined>>;
    },
  };
}
