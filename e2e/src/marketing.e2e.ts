import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { pageHydrated } from '../../tools/bench/measure-js.mjs';

/** True once the element's top edge is inside the viewport (below the sticky header is fine). */
async function isScrolledIntoView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y < viewport.height / 2;
}

async function waitUntilInView(page: Page, locator: Locator, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await isScrolledIntoView(page, locator))) {
    if (Date.now() > deadline) assert.fail(`${what} was not scrolled into view`);
    await page.waitForTimeout(100);
  }
}

describe('marketing pages', () => {
  const suite = useProductSuite({ services: false });

  test('an address hash scrolls to its section, from the address bar and from links', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, errors } = await newPage(context);
    await page.goto(`${suite.product.url}/#contact`);
    const contact = page.locator('section#contact');
    await contact.getByRole('heading', { name: 'Send a Message' }).waitFor();
    await waitUntilInView(page, contact, '/#contact');

    await page.getByRole('link', { name: 'View Services' }).click();
    await waitUntilInView(page, page.locator('section#services'), 'View Services');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await waitUntilInView(page, page.locator('section#about'), 'Learn More');

    await page.goto(`${suite.product.url}/terms-of-service`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await page.waitForURL(`${suite.product.url}/#services`);
    await waitUntilInView(page, page.locator('section#services'), 'the footer link to /#services');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a reader of / runs none of the page's code; section links, Back and a tier button work meanwhile, and the page is hydrated in place, never drawn again", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, errors } = await newPage(context);
    const marketing = new URL(suite.product.env.MARKETING_URL!).origin;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${suite.product.url}/`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Marks the server's elements: one drawn again by React would come without the mark.
    await page.evaluate(() => {
      for (const id of ['hero-heading', 'services-heading'])
        Object.assign(document.getElementById(id)!, { fromServer: true });
      Object.assign(window, { sameDocument: true });
    });
    const fromServer = (id: string) =>
      page.evaluate(
        (which) =>
          (document.getElementById(which) as unknown as { fromServer?: boolean }).fromServer === true,
        id,
      );
    assert.deepEqual(
      scripts.filter((url) => url.startsWith(marketing) || /federation\./.test(url)),
      [],
      'the page loaded federation or marketing code before any input',
    );

    // A section link in the header, then Back: the browser's scrolling, focus on the section's heading.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL(`${suite.product.url}/#services`);
    await waitUntilInView(page, page.locator('section#services'), 'the header link to /#services');
    await page.waitForFunction(() => document.activeElement?.id === 'services-heading');
    await page.goBack();
    await page.waitForURL(`${suite.product.url}/`);

    // The first input woke the page: it is hydrated, on the server's elements.
    await pageHydrated(page);
    assert.ok(
      scripts.some((url) => url.startsWith(marketing)),
      'the marketing remote was never loaded',
    );
    assert.ok(await fromServer('hero-heading'), 'the hero was drawn again instead of hydrated');
    assert.ok(await fromServer('services-heading'), 'the services section was drawn again');

    // A tier button: the app's router, not a new document.
    await page
      .getByRole('article', { name: 'Basic Web App' })
      .getByRole('link', { name: 'Get Started' })
      .click();
    await page.waitForURL(`${suite.product.url}/purchase/1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      true,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('tier buttons lead to purchase for tiers 1 and 2 and to consultation for tiers 3 and 4', async () => {
    const context = await suite.browser.newContext();
    const { page } = await newPage(context);
    const expected = [
      ['Basic Web App', 'Get Started', '/purchase/1'],
      ['Standard Web App', 'Get Started', '/purchase/2'],
      ['Fractional Sr. SWE', 'Schedule Consultation', '/consultation/3'],
      ['Fractional CTO', 'Schedule Consultation', '/consultation/4'],
    ] as const;
    for (const [tier, label, path] of expected) {
      await page.goto(`${suite.product.url}/#services`);
      const card = page.getByRole('article', { name: tier });
      await card.getByRole('link', { name: label }).click();
      await page.waitForURL(`${suite.product.url}${path}`);
    }
    await context.close();
  });

  test('external links open in a new tab without an opener', async () => {
    const context = await suite.browser.newContext();
    const { page } = await newPage(context);
    await page.goto(suite.product.url);
    for (const name of [
      /View Professional Profile/,
      /Book a Free 15-Minute Consultation/,
      /Schedule a 15-Minute Call/,
    ]) {
      const link = page.getByRole('link', { name });
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.match((await link.getAttribute('href')) ?? '', /^https:\/\//);
    }
    await context.close();
  });

  for (const path of ['/', '/terms-of-service']) {
    test(`axe finds no violation on ${path}`, async () => {
      const context = await suite.browser.newContext();
      const { page, errors } = await newPage(context);
      await page.goto(`${suite.product.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (path === '/') {
        // Bring the deferred contact form in, so it is checked too.
        await page.locator('section#contact').scrollIntoViewIfNeeded();
        await page.getByRole('form', { name: 'Send a Message' }).waitFor();
      }
      await assertNoAxeViolations(page, path);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('contact message', () => {
  const suite = useProductSuite({ services: true });

  test('a message sent from the contact form arrives in the mailbox', async () => {
    const context = await suite.browser.newContext();
    const { page, errors } = await newPage(context);
    const details = `E2E contact ${Date.now()}: a booking app for a bakery.`;
    await page.goto(`${suite.product.url}/#contact`);
    const form = page.getByRole('form', { name: 'Send a Message' });
    await form.getByRole('textbox', { name: 'First Name' }).fill('Ada');
    await form.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Company (optional)' }).fill('Analytical Engines');
    await form.getByRole('textbox', { name: 'Project Details' }).fill(details);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message sent successfully!').waitFor();
    await page.getByText("We'll get back to you within 24 hours.").waitFor();
    assert.equal(await form.getByRole('textbox', { name: 'Project Details' }).inputValue(), '');

    const inbox = suite.product.env.CONTACT_INBOX!;
    const deadline = Date.now() + 10_000;
    let mail: { to: string[]; subject: string; text: string } | undefined;
    while (!mail && Date.now() < deadline) {
      const response = await fetch(
        `${suite.product.env.MAILBOX_URL}/api/messages?to=${encodeURIComponent(inbox)}`,
      );
      const mails = (await response.json()) as { to: string[]; subject: string; text: string }[];
      mail = mails.find((m) => m.text.includes(details));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(mail, 'the contact message did not arrive in the mailbox');
    assert.match(mail.subject, /Ada Lovelace/);
    assert.match(mail.text, /ada@example\.com/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
