import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
// @ts-expect-error -- plain ESM module without type declarations
import { kb, measurePageJs } from '../../tools/bench/measure-js.mjs';
import { launchBrowser } from './support/browser';
import { startTestProduct, type RunningProduct } from './support/product';

// Bytes are deterministic for a given build, so the budget is a test; timings never are.
const budget = JSON.parse(readFileSync(new URL('../../bundle-budget.json', import.meta.url), 'utf8'));

describe('bundle budget', () => {
  let product: RunningProduct;
  let browser: Browser;

  before(async () => {
    product = await startTestProduct({ services: false });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  test(`the landing page loads at most ${budget.landing.maxJsGzipBytes / 1000} kB of JavaScript (gzip)`, async () => {
    const result = await measurePageJs(browser, product.url);
    const forbidden = (budget.landing.forbiddenOrigins as string[]).map((name) => new URL(product.env[name]!).origin);
    for (const origin of Object.keys(result.byOrigin)) {
      assert.ok(!forbidden.includes(origin), `the landing loaded JavaScript from ${origin}`);
    }
    assert.ok(
      result.total.gzip <= budget.landing.maxJsGzipBytes,
      `landing JS is ${kb(result.total.gzip)} kB gzip, over the budget of ${kb(budget.landing.maxJsGzipBytes)} kB`,
    );
  });
});
