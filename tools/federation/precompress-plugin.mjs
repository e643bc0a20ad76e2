// Writes .br and .gz beside every emitted text asset so the static servers send precompressed files.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|json|html|css|svg|txt|map)$/;
const MIN_BYTES = 512;

export class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
            const buffer = Buffer.from(asset.source());
            if (buffer.length < MIN_BYTES) continue;
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(buffer, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(
                brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              ),
            );
          }
        },
      );
    });
  }
}
