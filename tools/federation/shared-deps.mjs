// The share list, computed once for every app: React as singletons, plus every entry of every package
// under shared/ except stateless ones that opt out ("federation": { "shared": false }), which are
// tree-shaken per app. Remotes consume it through the build plugin; the host provides it at run time
// (host-shared-modules.mjs).
// Versions follow semver and every requirement is a caret range of the version built against: a remote
// built against @agency/ui 0.1.0 runs on any host providing 0.1.x (for 0.x a minor bump is breaking, from
// 1.0 on only a major). `strictVersion` makes a singleton outside the range fail loudly instead of being
// used anyway; `npm run release` refuses such a remote before it is published (remote-contract.mjs).
// Third-party UI/router/state libraries are deliberately NOT shared: apps reach them only through the
// shared/ facades, so the bundler tree-shakes them inside the facade chunk (shared modules are not).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const reactVersion = readJson(join(root, 'node_modules/react/package.json')).version;

export function sharedWorkspacePackages() {
  const dir = join(root, 'shared');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => readJson(join(dir, entry.name, 'package.json')))
    .filter((pkg) => pkg.federation?.shared !== false)
    .flatMap((pkg) =>
      Object.keys(pkg.exports ?? { '.': '' })
        // Test support (`./testing`) is never loaded by an app, and server-rendering helpers (`./server`) never
        // reach a browser, so neither is a singleton.
        .filter((key) => !key.includes('*') && key !== './testing' && key !== './server')
        .map((key) => ({ name: `${pkg.name}${key.slice(1)}`, version: pkg.version })),
    );
}

export function sharedDependencies() {
  const singleton = (version) => ({
    singleton: true,
    requiredVersion: `^${version}`,
    version,
    strictVersion: true,
  });
  const shared = {
    react: singleton(reactVersion),
    'react/': singleton(reactVersion),
    'react-dom': singleton(reactVersion),
    'react-dom/': singleton(reactVersion),
  };
  for (const pkg of sharedWorkspacePackages()) shared[pkg.name] = singleton(pkg.version);
  return shared;
}
