import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestProduct, type RunningProduct, type TestProductOptions } from './product';

export interface ProductSuite {
  readonly product: RunningProduct;
  readonly browser: Browser;
}

let processBrowser: Promise<Browser> | undefined;

/**
 * One browser for every suite of this process (run-journeys.ts runs many files in one): the tests open their
 * own contexts, which share nothing, and each suite closes what it left open. Playwright closes it when the
 * process ends.
 */
function sharedBrowser(): Promise<Browser> {
  processBrowser ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (processBrowser = undefined));
    return browser;
  });
  return processBrowser;
}

/**
 * For the calling describe(): starts the whole product (free ports, fresh data) before its tests and stops it
 * after them, and gives it a browser.
 */
export function useProductSuite(options: TestProductOptions = {}): ProductSuite {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startTestProduct(options);
    browser = await sharedBrowser();
  });
  after(async () => {
    // A page left open would go on running (a live channel reconnecting to an API that is gone) in the
    // suites after this one.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await product?.stop();
  });
  return {
    get product() {
      if (!product) throw new Error('The product is not running (before() failed).');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not running (before() failed).');
      return browser;
    },
  };
}
