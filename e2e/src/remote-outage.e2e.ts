import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { useProductSuite } from './support/suite';

// Each case breaks the marketing remote in one way, checks that only its page area fails (header,
// footer and other routes keep working), then repairs it and recovers with the Retry button.
const FAILURES: Record<string, (route: Route) => Promise<void>> = {
  'remote-server-down': (route) => route.abort('connectionrefused'),
  'remote-resource-404': (route) => route.fulfill({ status: 404, body: 'Not found' }),
  'remote-broken-script': (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: 'throw new Error("broken deploy");',
        })
      : route.continue(),
};

describe('remote outage isolation', () => {
  const suite = useProductSuite({ services: false });

  const fallback = (page: Page) =>
    page.getByRole('heading', { name: 'This section is temporarily unavailable' });

  for (const [name, fail] of Object.entries(FAILURES)) {
    test(name, async () => {
      const context = await suite.browser.newContext();
      const page = await context.newPage();
      const marketing = `${suite.product.env.MARKETING_URL}/**`;
      await page.route(marketing, fail);

      await page.goto(suite.product.url);
      // The server rendered the landing (its server reaches the remote); the browser asks for the remote's code
      // on the visitor's first input.
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.keyboard.press('Shift');
      await fallback(page).waitFor({ timeout: 20_000 });
      assert.ok(await page.getByRole('button', { name: 'Retry' }).isVisible());
      assert.ok(await page.getByRole('banner').isVisible(), 'header still shown');
      assert.ok(await page.getByRole('contentinfo').isVisible(), 'footer still shown');

      // A host route still works while the remote is down.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Client Login' }).click();
      await page.waitForURL(`${suite.product.url}/login`);
      await page.goBack();
      await fallback(page).waitFor({ timeout: 20_000 });

      await page.unroute(marketing);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.locator('section#services').waitFor({ timeout: 20_000 });
      assert.equal(await fallback(page).count(), 0);
      await context.close();
    });
  }
});
