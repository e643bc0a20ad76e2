// Loads a page in Chromium and measures every JavaScript file it fetched: raw bytes, gzip (level 9) and
// brotli (quality 11), grouped by origin. Sizes are computed from the bodies, so they are deterministic.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const sizes = (body, brotli) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotli ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0,
});

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ settle?: (page: import('playwright-core').Page) => Promise<void>, storageState?: object,
 *           brotli?: boolean }} options
 *   `brotli: false` leaves brotli sizes 0: at quality 11 they are most of the measuring's CPU, and the budget
 *   test reads gzip only.
 */
export async function measurePageJs(browser, url, { settle, storageState, brotli = true } = {}) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  // A dashboard keeps its live channel (GET /api/live, a stream) open, so the network is never idle: the
  // stream is refused here (the dashboard then retries it with backoff), which changes no JavaScript loaded.
  await context.route('**/api/live', (route) => route.abort());
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const isJs = type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
    if (isJs && response.ok()) scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine parsing the host's chunks can outlast networkidle's 500 ms, before the page has even
  // asked for its runtime config and remote: measure once the page's heading is there.
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  if (settle) await settle(page);
  await page.waitForLoadState('networkidle');
  const files = [];
  for (const response of scripts) {
    const body = await response.body().catch(() => undefined);
    if (body)
      files.push({ url: response.url(), origin: new URL(response.url()).origin, ...sizes(body, brotli) });
  }
  await context.close();
  const byOrigin = {};
  for (const file of files) {
    const entry = (byOrigin[file.origin] ??= { files: 0, raw: 0, gzip: 0, brotli: 0 });
    entry.files += 1;
    entry.raw += file.raw;
    entry.gzip += file.gzip;
    entry.brotli += file.brotli;
  }
  const total = files.reduce(
    (sum, f) => ({
      files: sum.files + 1,
      raw: sum.raw + f.raw,
      gzip: sum.gzip + f.gzip,
      brotli: sum.brotli + f.brotli,
    }),
    { files: 0, raw: 0, gzip: 0, brotli: 0 },
  );
  return { url, files, byOrigin, total };
}

export const kb = (bytes) => (bytes / 1000).toFixed(1);

/**
 * `settle` for a page that hydrates on the visitor's first input (host/src/lib/federation/components/remote-page.tsx):
 * a key press, then the page taking over its server HTML (its first link is React's). What such a page loads then
 * is what it loaded at once before, and what the same page without federation loads at once.
 */
export async function firstInput(page) {
  await page.keyboard.press('Shift');
  await pageHydrated(page);
}

/** Waits until React has taken over the page's server HTML: its first link carries React's props. */
export function pageHydrated(page) {
  return page.waitForFunction(() => {
    const link = document.querySelector('#main a[href]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'));
  });
}
