import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { recentProductLines } from './product';
import { recentLines } from './recent-lines';
import { launchChromium, TEST_CHROMIUM_PATH } from '../../../tools/product/chromium.mjs';

/**
 * A journey's pages live for seconds: V8's optimising compilers cost the renderer more CPU than they save
 * there (its CPU over two journey files: 10.7 s → 9.2 s with Sparkplug as the highest tier). The benchmarks'
 * browser keeps them, as a visitor's has.
 */
const SHORT_LIVED_PAGES = ['--js-flags=--max-opt=1'];

/**
 * Debian's Chromium headless shell, with nothing reaching outside this machine (tools/product/chromium.mjs).
 * `whole`: the whole browser instead, for what depends on how it lays out text.
 */
export function launchBrowser({ whole = false } = {}): Promise<Browser> {
  return launchChromium({
    ...(whole ? {} : { executablePath: TEST_CHROMIUM_PATH }),
    args: SHORT_LIVED_PAGES,
  });
}

/**
 * A page that fails the test on any uncaught page error, and whose goto and reload return once the product's
 * page responds. Pages arrive rendered by the server: a click that lands before the host's scripts have run (a
 * loaded machine) would do nothing, so a navigation to the app waits until the host marks it ready.
 */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  recordStory(page);
  explainFailedWaits(page);
  if (process.env.E2E_API_JITTER) await jitterApi(page, Number(process.env.E2E_API_JITTER));
  const appReady = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { timeout: 30_000 },
    );
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await appReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await appReady();
    return response;
  };
  return { page, errors };
}

/** The last API answers and console lines of each page: what a failing wait prints beside the page. */
const stories = new WeakMap<Page, ReturnType<typeof recentLines>>();

function recordStory(page: Page): void {
  const story = recentLines(80);
  stories.set(page, story);
  const start = Date.now();
  const line = (text: string) => story.add(`+${Date.now() - start}ms ${text}`);
  page.on('console', (message) => line(`console ${message.type()}: ${message.text().slice(0, 300)}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || url.pathname === '/api/live') return;
    const method = response.request().method();
    void response
      .text()
      .catch(() => '')
      .then((body) =>
        line(`${response.status()} ${method} ${url.pathname}${url.search} ${body.slice(0, 400)}`),
      );
  });
}

let waitsExplained = false;
/**
 * A wait that times out says what the page showed instead (its accessibility tree) and what the page last heard
 * from the API: a journey that fails once in many runs can then be read from CI's log.
 */
function explainFailedWaits(page: Page): void {
  if (waitsExplained) return;
  waitsExplained = true;
  const locator = Object.getPrototypeOf(page.locator('body')) as Locator;
  const waitFor = locator.waitFor;
  locator.waitFor = async function (this: Locator, options) {
    try {
      return await waitFor.call(this, options);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      const shown = this.page();
      const tree = await shown
        .locator('body')
        .ariaSnapshot({ timeout: 5000 })
        .catch((problem: unknown) => `(no snapshot: ${String(problem)})`);
      const story = (stories.get(shown)?.lines() ?? []).join('\n');
      const told = `\n--- ${shown.url()} showed:\n${tree.slice(0, 12_000)}\n--- its last API answers:\n${story}\n--- the product's last log lines:\n${recentProductLines().join('\n')}`;
      error.message += told;
      // What the test runner prints is the stack, written when the error was made.
      if (error.stack) error.stack += told;
      throw error;
    }
  };
}

/** E2E_API_JITTER=<ms>: API calls leave and answer after random delays up to that, so races show. */
async function jitterApi(page: Page, ms: number): Promise<void> {
  const wait = () => new Promise((resolve) => setTimeout(resolve, Math.random() * ms));
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/live',
    async (route) => {
      await wait();
      const response = await route.fetch().catch(() => null);
      if (!response) return route.abort().catch(() => undefined);
      await wait();
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
}
