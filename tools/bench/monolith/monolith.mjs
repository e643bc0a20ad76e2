// The yardstick for the federation cost: the same host and landing built as one non-federated bundle
// (rspack.config.mjs). Used by `npm run bench:bundle` and by the bundle-budget browser test.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../product/static-server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

export function buildMonolith() {
  const result = spawnSync('npx', ['rspack', 'build', '--mode', 'production', '-c', 'rspack.config.mjs'], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The monolith build failed.');
}

/** Serves the built monolith like the host (single-page fallback, the product's runtime configuration). */
export function startMonolith({ port, appConfig }) {
  return startStaticServer({ dir: join(here, 'dist'), port, spa: true, appConfig });
}
