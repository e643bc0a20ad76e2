import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import {
  contractProblems,
  modulesLoadedByHost,
  type HostContract,
  type RemoteRouteData,
} from '@agency/federation/remote-contract';
import { sharedModules } from '@agency/federation/shared-modules';
import { IncompatibleReleaseError } from './incompatible-release-error';

export { IncompatibleReleaseError };

// `npm run release` refuses such releases, but a forced release or a host rolled back under a remote still
// reaches the browser. Each manifest is checked against what this host provides and loads before any of the
// remote's code runs, so the failure is named for what it is and the host can fall back to the previous
// release (remote-registry.ts) instead of showing a Retry that can never work.
export default function compatibilityPlugin(routeData: RemoteRouteData): ModuleFederationRuntimePlugin {
  // What this host provides (one version per shared module, as host-shared-modules.mjs generates them) and
  // what it loads from each remote: the contract its build publishes as /federation-host.json.
  const shared = Object.entries(sharedModules).map(([name, config]) => [
    name,
    (config as { version: string }).version,
  ]);
  const hostContract: HostContract = {
    shared: Object.fromEntries(shared),
    loads: modulesLoadedByHost(routeData),
  };
  return {
    name: 'agency-compatibility',
    loadRemoteSnapshot(args) {
      if (args.from === 'manifest' && args.manifestJson) {
        const problems = contractProblems(args.moduleInfo.name, args.manifestJson, hostContract);
        if (problems.length > 0)
          throw new IncompatibleReleaseError(args.moduleInfo.name, args.manifestUrl ?? '', problems);
      }
      return args;
    },
  };
}
