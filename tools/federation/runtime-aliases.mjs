// Rspack resolves the Module Federation runtime packages to their CommonJS builds, which cannot be
// tree-shaken. Pointing every exported entry at its ESM build cut the host runtime ~34 -> 25 kB gz and
// each remoteEntry ~34 -> 9 kB gz (architecture.md). CJS files requested by absolute path are mapped too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = [
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/runtime-tools',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/sdk',
  '@module-federation/error-codes',
  '@module-federation/inject-external-runtime-core-plugin',
];

// Some of these packages do not export package.json, so they are found on disk (npm hoists them).
function packageDir(name) {
  return join(root, 'node_modules', name);
}

export function federationRuntimeAliases() {
  const aliases = {};
  for (const name of PACKAGES) {
    const dir = packageDir(name);
    const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const [key, value] of Object.entries(exports ?? {})) {
      if (key.includes('*')) continue;
      const esm =
        typeof value === 'string' ? value : (value.import?.default ?? value.import ?? value.default);
      if (typeof esm !== 'string' || !/\.m?js$/.test(esm)) continue;
      const target = join(dir, esm);
      aliases[`${name}${key === '.' ? '' : key.slice(1)}$`] = target;
      const cjs = target.replace(/\.m?js$/, '.cjs');
      if (existsSync(cjs)) aliases[`${cjs}$`] = target;
    }
  }
  return aliases;
}
