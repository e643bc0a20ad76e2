import { init } from '@module-federation/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { sharedModules } from '@agency/federation/shared-modules';
import type { RemoteRouteData } from '@agency/federation/remote-contract';
import compatibilityPlugin from '../../../runtime-plugin/compatibility';
import errorHandlingPlugin from '../../../runtime-plugin/error-handling';
import retryPlugin from '../../../runtime-plugin/retry';

/**
 * Starts the Module Federation runtime before any remote is registered: the host provides the shared
 * singletons, prefers what is already loaded over a newer copy a remote brings ('loaded-first'), refuses
 * remote releases that do not fit it, retries failed fetches, reports failed remotes, and publishes the runtime that the remotes' production builds
 * borrow instead of shipping their own (`externalRuntime`).
 */
export function initFederation(routeData: RemoteRouteData): void {
  init({
    name: 'host',
    remotes: [],
    shared: sharedModules,
    shareStrategy: 'loaded-first',
    plugins: [
      compatibilityPlugin(routeData),
      retryPlugin(),
      errorHandlingPlugin(),
      injectExternalRuntimeCore(),
    ],
  });
}
