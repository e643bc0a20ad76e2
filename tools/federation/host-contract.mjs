// What the host offers remotes and asks of them: the shared modules it provides (name -> version) and the
// modules it loads from each remote (from its route data). The host's build publishes it as
// /federation-host.json beside index.html, which `npm run release` reads from the running host; in the
// browser, the host's compatibility runtime plugin derives the same from its share list and route data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import hostFederation from '../../host/module-federation.config.mjs';
import { hostSharedModules } from './host-shared-modules.mjs';
import { HOST_CONTRACT_FILE } from '../../web-server/src/build-layout.mjs';
import { modulesLoadedByHost } from '../../web-server/src/remote-contract.mjs';

const hostDir = fileURLToPath(new URL('../../host/', import.meta.url));

/** The host's route data (host/src/app/remote-routes.json, named by its module-federation.config.mjs). */
export function hostRouteData() {
  return JSON.parse(readFileSync(join(hostDir, hostFederation.routes), 'utf8'));
}

/**
 * @param {{ production?: boolean }} options development builds also provide React's JSX dev runtime
 * @returns {import('../../web-server/src/remote-contract.mjs').HostContract}
 */
export function hostContract({ production = true } = {}) {
  return {
    shared: Object.fromEntries(
      hostSharedModules({ production }).map(([name, { version }]) => [name, version]),
    ),
    loads: modulesLoadedByHost(hostRouteData()),
  };
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
