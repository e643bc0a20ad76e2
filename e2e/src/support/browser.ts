import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, TEST_CHROMIUM_PATH } from '../../../tools/product/chromium.mjs';

/**
 * Debian's Chromium headless shell, with nothing reaching outside this machine (tools/product/chromium.mjs).
 * `whole`: the whole browser instead, for what depends on how it lays out text.
 */
export function launchBrowser({ whole = false } = {}): Promise<Browser> {
  return launchChromium(whole ? {} : { executablePath: TEST_CHROMIUM_PATH });
}

/**
 * A page that fails the test on any uncaught page error, and whose goto returns once the product's page
 * responds. Pages arrive rendered by the server: a click that lands before the host's scripts have run (a
 * loaded machine) would do nothing, so a navigation to the app waits until the host marks it ready.
 */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { timeout: 30_000 },
    );
    return response;
  };
  return { page, errors };
}
