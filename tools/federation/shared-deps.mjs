// The share list, computed once for every app: React as singletons, plus every entry of every package
// under shared/ except stateless ones that opt out ("federation": { "shared": false }), which are
// tree-shaken per app. Remotes consume it through the build plugin; the host provides it at run time
// (host-shared-modules.mjs).
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
        // Test support (`./testing`) is never loaded by an app, so it is no singleton.
        .filter((key) => !key.includes('*') && key !== './testing')
        .map((key) => ({ name: `${pkg.name}${key.slice(1)}`, version: pkg.version })),
    );
}

export function sharedDependencies() {
  const singleton = (version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  const shared = {
    react: singleton(reactVersion),
    'react/': singleton(reactVersion),
    'react-dom': singleton(reactVersion),
    'react-dom/': singleton(reactVersion),
  };
  for (const pkg of sharedWorkspacePackages()) {
    shared[pkg.name] = { singleton: true, requiredVersion: pkg.version, version: pkg.version, strictVersion: true };
  }
  return shared;
}
