// Writes which files each named chunk group of the host's build consists of (`import(/* webpackChunkName */)`),
// so the server can preload exactly what a route will ask for, in the first wave (see
// tools/product/server-render.mjs). `startup` is what every page loads right after the entry script.
export const CHUNK_GROUPS_FILE = '.ssr/chunk-groups.json';

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
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.getFiles().filter((file) => file.endsWith('.js'));
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
