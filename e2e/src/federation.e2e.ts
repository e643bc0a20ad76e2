import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startTestProduct, type RunningProduct } from './support/product';

const REMOTES = ['marketing', 'checkout', 'client_portal', 'admin_portal'];

describe('federation', () => {
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

  test('host and every remote share one React, router, Chakra system and auth store', async () => {
    const context = await browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(`${product.url}/__diagnostics/federation`);
    for (const remote of REMOTES) {
      const row = page.locator(`tr[data-remote="${remote}"]`);
      for (const check of ['react', 'router', 'chakra', 'store']) {
        await assert.doesNotReject(row.locator(`[data-check="${check}"]`).getByText('same', { exact: true }).waitFor());
      }
      assert.equal(await row.locator('[data-check="store-value"]').textContent(), '(none)');
    }
    await page.getByRole('button', { name: 'Set store value in host' }).click();
    for (const remote of REMOTES) {
      const value = page.locator(`tr[data-remote="${remote}"] [data-check="store-value"]`);
      await value.getByText('probe@federation.check').waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
