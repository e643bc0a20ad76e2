import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useProductSuite } from './support/suite';

describe('routing', () => {
  const suite = useProductSuite({ services: false });

  test('an unknown path shows the 404 page with a link home', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.product.url}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${suite.product.url}/`);
    await page.close();
  });

  test('/dashboard sends a logged-out visitor to /login, replacing history', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.product.url}/terms-of-service`);
    await page.goto(`${suite.product.url}/dashboard`);
    await page.waitForURL(`${suite.product.url}/login`);
    await page.goBack();
    await page.waitForURL(`${suite.product.url}/terms-of-service`);
    assert.ok(page.url().endsWith('/terms-of-service'));
    await page.close();
  });

  test('visitors on / load nothing from the checkout or portal remotes', async () => {
    const page = await suite.browser.newPage();
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(suite.product.url, { waitUntil: 'networkidle' });
    for (const name of ['CHECKOUT_URL', 'CLIENT_PORTAL_URL', 'ADMIN_PORTAL_URL']) {
      assert.ok(!origins.has(new URL(suite.product.env[name]!).origin), `${name} was contacted on /`);
    }
    await page.close();
  });

  test('hovering a link to a remote route prefetches that remote', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.product.url}/terms-of-service`, { waitUntil: 'networkidle' });
    const checkout = new URL(suite.product.env.CHECKOUT_URL!).origin;
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
