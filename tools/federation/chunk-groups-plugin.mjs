// Writes which files each named chunk group of the host's build consists of (`import(/* webpackChunkName */)`),
// so the server can preload exactly what a route will ask for, in the first wave (see
// web-server/src/server-render.mjs). `startup` is what every page loads right after the entry script;
// `shared:<name>` is what the host provides a shared module from.
import { CHUNK_GROUPS_FILE } from '../../web-server/src/build-layout.mjs';
/** Where the host's build writes the module that provides its shared modules (create-rspack-config.mjs). */
export const SHARED_MODULES_FILE = 'node_modules/.federation/shared-modules.js';

export class ChunkGroupsPlugin {
  constructor({ startup }) {
    this.startup = startup;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          const files = (group) => group.getFiles().filter((file) => file.endsWith('.js'));
          for (const [name, group] of compilation.namedChunkGroups) groups[name] = files(group);
          // The chunks the host provides a shared module from, fetched when a remote first asks for it.
          for (const group of compilation.chunkGroups) {
            const origin = group.origins?.find((o) => o.module?.identifier?.().endsWith(SHARED_MODULES_FILE));
            if (origin && !group.name) groups[`shared:${origin.request}`] = files(group);
          }
          if (!groups[this.startup])
            throw new Error(`No chunk named "${this.startup}": name the app's async boundary.`);
          compilation.emitAsset(
            CHUNK_GROUPS_FILE,
            new sources.RawSource(`${JSON.stringify({ startup: this.startup, groups }, null, 2)}\n`),
          );
        },
      );
    });
  }
}
