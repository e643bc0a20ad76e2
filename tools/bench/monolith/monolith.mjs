// The yardstick for the federation cost: the same host and landing built as one non-federated bundle
// (rspack.config.mjs). Used by `npm run bench:bundle` and by the bundle-budget browser test.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import createConfig from './rspack.config.mjs';
import { startStaticServer } from '../../../web-server/src/static-server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function buildMonolith() {
  const compiler = rspack(await createConfig({}, { mode: 'production' }));
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
  );
  if (stats.hasErrors())
    throw new Error(`The monolith build failed:\n${stats.toString({ all: false, errors: true })}`);
}

/** Serves the built monolith like the host (single-page fallback, the product's runtime configuration). */
export function startMonolith({ port = 0, appConfig }) {
  return startStaticServer({ dir: join(here, 'dist'), port, spa: true, appConfig });
}
