// V8's explicit compile hints (https://v8.dev/blog/explicit-compile-hints, Chrome 136+): a script whose first
// line is `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams in, on a background
// thread. Without it V8 compiles a bundle's module factories lazily, on the main thread, when each is first
// called: for the host's start-up chunks that was most of each start-up stage (host/src/index.ts), which a
// phone's slower CPU turns into blocking tasks. Only files whose functions nearly all run at start are hinted:
// compiling code that never runs costs CPU and memory.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export class CompileHintsPlugin {
  /** @param {string[]} groups the named chunk groups (webpackChunkName) whose files are hinted */
  constructor(groups) {
    this.groups = groups;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which drops comments), before the source maps are written (they follow it).
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 },
        () => {
          const files = new Set();
          for (const name of this.groups) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`No chunk named "${name}" to hint.`);
            for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
          }
          for (const file of files)
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        },
      );
    });
  }
}
