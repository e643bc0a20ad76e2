import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startTestProduct, type RunningProduct } from './support/product';

describe('routing', () => {
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

  test('an unknown path shows the 404 page with a link home', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${product.url}/`);
    await page.close();
  });

  test('/dashboard sends a logged-out visitor to /login, replacing history', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/terms-of-service`);
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL(`${product.url}/login`);
    await page.goBack();
    await page.waitForURL(`${product.url}/terms-of-service`);
    assert.ok(page.url().endsWith('/terms-of-service'));
    await page.close();
  });

  test('visitors on / load nothing from the checkout or portal remotes', async () => {
    const page = await browser.newPage();
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(product.url, { waitUntil: 'networkidle' });
    for (const name of ['CHECKOUT_URL', 'CLIENT_PORTAL_URL', 'ADMIN_PORTAL_URL']) {
      assert.ok(!origins.has(new URL(product.env[name]!).origin), `${name} was contacted on /`);
    }
    await page.close();
  });

  test('hovering a link to a remote route prefetches that remote', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/terms-of-service`, { waitUntil: 'networkidle' });
    const checkout = new URL(product.env.CHECKOUT_URL!).origin;
    const prefetched = page.waitForRequest((request) => request.url().startsWith(checkout));
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/purchase/1';
      link.textContent = 'Buy tier 1';
      document.body.append(link);
    });
    await page.getByRole('link', { name: 'Buy tier 1' }).hover();
    await prefetched;
    await page.close();
  });
});
