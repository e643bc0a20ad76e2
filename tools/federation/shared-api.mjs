// The public surface of every shared module (its export names), recorded with its version in
// shared-api.json. The compatibility check compares versions only (remote-contract.mjs), so a shared module
// whose exports change under the same version would let a remote built against the new exports onto a host
// that lacks them: the page would fail in the browser instead of being refused at release. CI compares the
// record with the modules as they are and fails when the exports changed but the version did not.
// `npm run shared:api` writes the record after a version bump. Export names only: a changed signature or
// behaviour under the same name still needs the bump by hand (semver, see README "Compatibility").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedWorkspacePackages } from './shared-deps.mjs';
import { readFromTypeScript } from './typescript-module.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHARED_API_FILE = join(root, 'tools', 'federation', 'shared-api.json');

/**
 * Each shared module's version and export names, as the modules are now.
 * @returns {Record<string, { version: string, exports: string[] }>}
 */
export function currentSharedApi() {
  const entries = sharedWorkspacePackages();
  const script = `const entries = ${JSON.stringify(entries)};
const api = {};
for (const { name, version } of entries) api[name] = { version, exports: Object.keys(await import(name)).sort() };
process.stdout.write(JSON.stringify(api));`;
  return readFromTypeScript(script, 'the shared modules');
}

/** @returns {Record<string, { version: string, exports: string[] }>} */
export const recordedSharedApi = () => JSON.parse(readFileSync(SHARED_API_FILE, 'utf8'));

/**
 * What is wrong with the record against the modules as they are: exports changed under the same version (a
 * bump is needed), or a record that is merely out of date.
 * @returns {string[]}
 */
export function sharedApiProblems(recorded, current) {
  const problems = [];
  for (const name of new Set([...Object.keys(recorded), ...Object.keys(current)])) {
    const before = recorded[name];
    const now = current[name];
    if (!now || !before) {
      problems.push(
        `${name} is ${now ? 'not recorded' : 'recorded but no longer shared'}: npm run shared:api`,
      );
      continue;
    }
    const added = now.exports.filter((e) => !before.exports.includes(e));
    const removed = before.exports.filter((e) => !now.exports.includes(e));
    if ((added.length || removed.length) && before.version === now.version) {
      const change = [
        added.length && `added ${added.join(', ')}`,
        removed.length && `removed ${removed.join(', ')}`,
      ]
        .filter(Boolean)
        .join('; ');
      problems.push(
        `${name} ${now.version}: its exports changed (${change}) but its version did not. Bump the version in its ` +
          `package.json (on 0.x: a patch for additions, a minor for removals), then npm run shared:api.`,
      );
    } else if (added.length || removed.length || before.version !== now.version) {
      problems.push(`${name}: the record is out of date (version or exports): npm run shared:api`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = currentSharedApi();
  const recorded = existsSync(SHARED_API_FILE) ? recordedSharedApi() : {};
  const problems = sharedApiProblems(recorded, current).filter((p) => p.includes('Bump the version'));
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  writeFileSync(SHARED_API_FILE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Recorded the exports of ${Object.keys(current).length} shared modules in ${SHARED_API_FILE}`);
}
