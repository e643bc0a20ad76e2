import { spawnSync } from 'node:child_process';
import { ROOT } from '../product/start-product.mjs';

/**
 * Builds the apps and services a benchmark serves (Nx's cache makes an unchanged build instant), unless the
 * command line says --no-build.
 */
export function buildAppsUnlessAsked() {
  if (process.argv.includes('--no-build')) return;
  console.log('Building the apps and services (Nx cache)...');
  const built = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:app,tag:service'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (built.status !== 0) throw new Error('the build failed');
}
