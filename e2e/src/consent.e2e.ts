import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';

const PIXEL_ID = '1234567890';
/** The ad pixel's hosts: its script (connect.facebook.net) and its beacons (www.facebook.com). */
const PIXEL_HOSTS = /^https:\/\/(connect|www)\.facebook\.(net|com)\//;

/**
 * A context where every request to the pixel's hosts is recorded and answered locally (there is no network
 * here): the script is a stand-in that takes over the queue the way fbevents.js does.
 */
async function recordingPixelRequests(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(PIXEL_HOSTS, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: 'window.__pixelLoaded = true;',
    });
  });
  return requests;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' });

async function visitWhatWouldBeTracked(page: Page, url: string): Promise<void> {
  // The services section in view (a tier view event), then the purchase and consultation pages (page views).
  await page.locator('section#services').scrollIntoViewIfNeeded();
  await page.getByRole('article', { name: 'Basic Web App' }).waitFor();
  await page.waitForTimeout(300);
  await page.goto(`${url}/purchase/1`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.goto(`${url}/consultation/3`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(300);
}

describe('tracking consent', () => {
  const suite = useProductSuite({ env: { PIXEL_ID } });

  test('no request goes to the pixel host before consent; accepting sends one, and the choice is remembered', async () => {
    const context = await suite.browser.newContext();
    const pixelRequests = await recordingPixelRequests(context);
    const { page, errors } = await newPage(context);
    await page.goto(suite.product.url);
    await banner(page).waitFor();

    await visitWhatWouldBeTracked(page, suite.product.url);
    assert.equal(
      pixelRequests.length,
      0,
      `nothing reaches the pixel host before consent: ${pixelRequests.join(', ')}`,
    );
    assert.equal(await page.evaluate(() => 'fbq' in window), false);

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => (window as { __pixelLoaded?: boolean }).__pixelLoaded === true);
    assert.ok(pixelRequests.length >= 1, 'the pixel loads once the visitor accepts');
    assert.ok(pixelRequests.every((url) => url.startsWith('https://connect.facebook.net/')));

    // The same visit now reaches the pixel: the check before consent was not vacuous.
    pixelRequests.length = 0;
    await page.goto(`${suite.product.url}/purchase/1`);
    await page.waitForFunction(() => (window as { __pixelLoaded?: boolean }).__pixelLoaded === true);
    const tracked = await page.evaluate(() =>
      (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue
        .filter((call) => call[0] === 'track')
        .map((call) => call[1]),
    );
    assert.deepEqual(tracked, ['ViewContent']);
    assert.equal(pixelRequests.length, 1);

    await page.reload();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' }).waitFor();
    assert.equal(await banner(page).count(), 0, 'the choice is remembered');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('declining sends nothing, and the choice can be changed from the footer', async () => {
    const context = await suite.browser.newContext();
    const pixelRequests = await recordingPixelRequests(context);
    const { page, errors } = await newPage(context);
    await page.goto(suite.product.url);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.reload();
    await visitWhatWouldBeTracked(page, suite.product.url);
    assert.equal(await banner(page).count(), 0);
    assert.equal(
      pixelRequests.length,
      0,
      `nothing reaches the pixel host after declining: ${pixelRequests.join(', ')}`,
    );

    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' }).click();
    await banner(page).getByText('You have declined.').waitFor();
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await page.waitForFunction(() => (window as { __pixelLoaded?: boolean }).__pixelLoaded === true);
    assert.ok(pixelRequests.length >= 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the banner is accessible: axe-clean, reachable and usable from the keyboard, and it hides no control for good', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await recordingPixelRequests(context);
    const { page } = await newPage(context);
    await page.goto(suite.product.url);
    await banner(page).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await assertNoAxeViolations(page, '/ with the consent banner');

    // At the end of the page the banner sits below the footer instead of over it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(200);
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    const bannerBox = await banner(page).boundingBox();
    assert.ok(
      footerBox && bannerBox && bannerBox.y >= footerBox.y + footerBox.height - 1,
      'the banner does not cover the footer',
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    const decline = banner(page).getByRole('button', { name: 'Decline' });
    for (let i = 0; i < 30 && !(await decline.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    assert.ok(await decline.evaluate((el) => el === document.activeElement), 'Decline is reachable with Tab');
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('agency-tracking-consent')), 'denied');
    await context.close();
  });

  test('the privacy policy is linked from the footer and from the banner', async () => {
    const context = await suite.browser.newContext();
    await recordingPixelRequests(context);
    const { page, errors } = await newPage(context);
    await page.goto(suite.product.url);
    await banner(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${suite.product.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('With your consent only, we use the Meta advertising pixel').waitFor();
    await assertNoAxeViolations(page, '/privacy-policy');
    await page.goto(suite.product.url);
    // The banner shows once the page is hydrated, sticky at the bottom of the screen: scrolled to the footer,
    // it slides over the footer's links, so a visitor (and Playwright) clicks once it is there, not as it arrives.
    await banner(page).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${suite.product.url}/privacy-policy`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
