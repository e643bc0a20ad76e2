import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestProduct, type RunningProduct, type TestProductOptions } from './product';

export interface ProductSuite {
  readonly product: RunningProduct;
  readonly browser: Browser;
}

/**
 * For the calling describe(): starts the whole product (free ports, fresh data) and a browser before its
 * tests and stops both after them.
 */
export function useProductSuite(options: TestProductOptions = {}): ProductSuite {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startTestProduct(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
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
