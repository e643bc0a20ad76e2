// /app-config.json as the host's server answers it: the product's settings from the environment, with each
// remote's current and previous release taken from the release pointer (releases.mjs). The pointer is
// checked on every request and re-read when it changed, so a release or rollback reaches browsers without
// restarting anything; until a remote has a release, its unversioned URL from the environment stands.
import { statSync } from 'node:fs';
import { appConfigFrom } from './local-env.mjs';
import { readPointer, releasePaths, servedRemotes } from './releases.mjs';

/**
 * @param {Record<string, string>} env
 * @param {{ log?: (line: string) => void }} options
 * @returns {() => ReturnType<typeof appConfigFrom>} the current configuration (the same object until it changes)
 */
export function runtimeConfig(env, { log = console.error } = {}) {
  const base = appConfigFrom(env);
  const { pointerFile } = releasePaths(env);
  let stamp;
  let current = base;
  return () => {
    const stat = statSync(pointerFile, { throwIfNoEntry: false });
    const next = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'none';
    if (next === stamp) return current;
    stamp = next;
    try {
      current = {
        ...base,
        remotes: { ...base.remotes, ...(stat ? servedRemotes(readPointer(pointerFile)) : {}) },
      };
    } catch (error) {
      // The pointer is replaced whole, so this is a hand edit gone wrong: keep serving the last good one.
      log(`[runtime-config] ${pointerFile} unreadable, keeping the previous configuration: ${error.message}`);
    }
    return current;
  };
}
