import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const builder = fileURLToPath(new URL('./build-remote.mjs', import.meta.url));

export interface RemoteBuildOptions {
  /** The remote's folder, e.g. 'remote-checkout'. */
  dir: string;
  /** Where the build goes: written in place, the way `npm run build` writes <remote>/dist. */
  outputPath: string;
  /** Script run by every exposed chunk, to tell one build of the same source from another in the browser. */
  marker?: string;
  /** Shared modules to build against other versions than shared/ holds, e.g. { '@agency/ui': '1.0.0' }. */
  sharedVersions?: Record<string, string>;
}

/** A production build of a remote, as its team would make it, with the variations a release test needs. */
export async function buildRemote(options: RemoteBuildOptions): Promise<void> {
  await promisify(execFile)(process.execPath, [builder, JSON.stringify(options)], {
    maxBuffer: 16 * 1024 * 1024,
  });
}
