import { scriptJson } from './script-json';

/** A file the browser should start fetching early: a script, or a fetch (a federation manifest). */
export interface PreloadFile {
  href: string;
  as: 'script' | 'fetch';
}

/** The id of the JSON element that lists what a server-rendered page fetches to start (preloadStartUpFiles). */
export const START_UP_FILES_ID = 'start-up-files';

/** How a page carries a list of files for its scripts to preload: `[href, as]` pairs. */
export const preloadPairs = (files: PreloadFile[]) => files.map(({ href, as }) => [href, as]);

/** The element the server writes into a page it rendered: its start-up files, as JSON no value can break out of. */
export function startUpFilesElement(files: PreloadFile[]): string {
  return `<script id="${START_UP_FILES_ID}" type="application/json">${scriptJson(preloadPairs(files))}</script>`;
}

/**
 * Starts fetching, all at once, what the server listed for this page's start-up: the host's start-up chunks and
 * the route's remote (its manifest, entry and page chunks), which the app would otherwise find one after another.
 * Called once the page is painted, so at the browser's usual priority: as preload links in the head they shared
 * the network with the HTML and the typeface the first paint needs (Lighthouse's slow 4G, 9x CPU: the largest
 * paint at 2.3-2.5 s with them there, 1.2-1.6 s after).
 */
export function preloadStartUpFiles(): void {
  const list = document.getElementById(START_UP_FILES_ID)?.textContent;
  if (!list) return;
  for (const [href, as] of JSON.parse(list) as [string, PreloadFile['as']][]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.href = href;
    link.setAttribute('as', as);
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
