// What the host offers remotes and asks of them: the shared modules it provides (name -> version) and the
// modules it loads from each remote (from its route data). The host's build publishes it twice: as
// /federation-host.json beside index.html, which `npm run release` reads from the running host, and as a
// generated module that its compatibility runtime plugin checks every remote manifest against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import hostFederation from '../../host/module-federation.config.mjs';
import { hostSharedModules } from './host-shared-modules.mjs';
import { modulesLoadedByHost } from './remote-contract.mjs';

export const HOST_CONTRACT_FILE = 'federation-host.json';

const hostDir = fileURLToPath(new URL('../../host/', import.meta.url));

/** The host's route data (host/src/app/remote-routes.json, named by its module-federation.config.mjs). */
export function hostRouteData() {
  return JSON.parse(readFileSync(join(hostDir, hostFederation.routes), 'utf8'));
}

/**
 * @param {{ production?: boolean }} options development builds also provide React's JSX dev runtime
 * @returns {import('./remote-contract.mjs').HostContract}
 */
export function hostContract({ production = true } = {}) {
  return {
    shared: Object.fromEntries(
      hostSharedModules({ production }).map(([name, { version }]) => [name, version]),
    ),
    loads: modulesLoadedByHost(hostRouteData()),
  };
}

/**
 * Source of the generated module `@agency/federation/host-contract`: what the host loads from each remote,
 * without the routes that use each module (only people need those). The runtime takes what the host
 * provides from its share list (shared-modules), which it holds anyway.
 */
export function hostLoadsSource() {
  const loads = hostContract().loads;
  for (const modules of Object.values(loads)) for (const name of Object.keys(modules)) modules[name] = '';
  return `export const hostLoads = ${JSON.stringify(loads)};\n`;
}

/** Emits federation-host.json into the host's build, re-read from the route data on every compilation. */
export class HostContractPlugin {
  constructor({ production }) {
    this.production = production;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostContractPlugin', (compilation) => {
      compilation.fileDependencies.add(join(hostDir, hostFederation.routes));
      compilation.hooks.processAssets.tap(
        { name: 'HostContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const body = { host: hostFederation.name, ...hostContract({ production: this.production }) };
          compilation.emitAsset(
            HOST_CONTRACT_FILE,
            new sources.RawSource(`${JSON.stringify(body, null, 2)}\n`),
          );
        },
      );
    });
  }
}
