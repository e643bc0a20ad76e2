// The tools are plain Node, which cannot import the TypeScript of shared/. What they need from it is read in a
// child Node that runs TypeScript (tsx), from the repository's root.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs `script` (an ES module body that may import TypeScript packages) and returns what it wrote to
 * standard output, parsed as JSON. Throws with the child's errors when it fails.
 * @param {string} script
 * @param {string} what what is read, for the error
 */
export function readFromTypeScript(script, what) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (child.status !== 0) throw new Error(`Could not read ${what}:\n${child.stderr}`);
  return JSON.parse(child.stdout);
}
