import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

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

/** A `marker` that names the build in the browser (read back with markedBuildOf). */
export const buildMarker = (name: string) => `window.__checkoutBuild = ${JSON.stringify(name)};`;

/**
 * The marked build that ran the page (undefined: one without a marker), read once React has taken over its
 * main heading: a page the server rendered shows the heading before any of the release's code has run.
 */
export async function markedBuildOf(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactProps$'));
  });
  return page.evaluate(() => (window as { __checkoutBuild?: string }).__checkoutBuild);
}
