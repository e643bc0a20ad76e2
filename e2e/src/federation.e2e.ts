import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';

const REMOTES = ['marketing', 'checkout', 'client_portal', 'admin_portal'];

describe('federation', () => {
  const suite = useProductSuite({ services: false });

  test('host and every remote share one React, router, Chakra system and auth store', async () => {
    const context = await suite.browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(`${suite.product.url}/__diagnostics/federation`);
    for (const remote of REMOTES) {
      const row = page.locator(`tr[data-remote="${remote}"]`);
      for (const check of ['react', 'router', 'chakra', 'store']) {
        await assert.doesNotReject(
          row.locator(`[data-check="${check}"]`).getByText('same', { exact: true }).waitFor(),
        );
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
