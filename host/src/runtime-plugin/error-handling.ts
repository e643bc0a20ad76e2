import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

// Reports every failed remote load to the console (where monitoring picks it up; an outage and a release
// that does not fit alike), then lets the error reach the page's error boundary, which shows the fallback;
// the rest of the app keeps working.
export default function errorHandlingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agency-error-handling',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn('[federation] remote failed to load', { id, lifecycle, message: String(error) });
      return undefined;
    },
  };
}
