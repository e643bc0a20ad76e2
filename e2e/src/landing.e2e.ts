import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { launchBrowser, newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { ROOT } from '../../web-server/src/apps.mjs';
import { findRemote, publishRelease, switchRelease } from '../../web-server/src/releases.mjs';

// Issue 16: the pages as the server sends them, before any script runs: real content, their own head, the
// runtime configuration inside, and every script the page needs announced up front (one wave).

const PUBLIC_PAGES = [
  '/',
  '/terms-of-service',
  '/privacy-policy',
  '/purchase/1',
  '/purchase/2',
  '/consultation/3',
  '/consultation/4',
  '/consultation/general',
  '/purchase-success',
  '/consultation-success',
  '/login',
];

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The served HTML with its tags' text only (what a crawler or a browser without scripts reads). */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
      .replace(/<script[^>]*>[\s\S]*?<\/script>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );

function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: RegExp, name: string) => {
    const element = head.match(tag)?.[0];
    const value = element?.match(new RegExp(`${name}="([^"]*)"`))?.[1];
    return value === undefined ? undefined : decode(value);
  };
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    description: attribute(/<meta name="description"[^>]*>/, 'content'),
    canonical: attribute(/<link rel="canonical"[^>]*>/, 'href'),
    ogTitle: attribute(/<meta property="og:title"[^>]*>/, 'content'),
    ogUrl: attribute(/<meta property="og:url"[^>]*>/, 'content'),
    ogImage: attribute(/<meta property="og:image"[^>]*>/, 'content'),
    twitterCard: attribute(/<meta name="twitter:card"[^>]*>/, 'content'),
    robots: attribute(/<meta name="robots"[^>]*>/, 'content'),
  };
}

/** The scripts the served HTML loads, preloads, or lists for its script to preload once painted. */
function announcedScripts(html: string, base: string): Set<string> {
  const listed = html.match(/<script id="start-up-files" type="application\/json">([^<]*)<\/script>/)?.[1];
  const urls = [
    ...[...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => decode(m[1]!)),
    ...[...html.matchAll(/<link rel="preload" href="([^"]+)" as="script"[^>]*>/g)].map((m) => decode(m[1]!)),
    ...(listed ? (JSON.parse(listed) as [string, string][]) : [])
      .filter(([, as]) => as === 'script')
      .map(([href]) => href),
  ].map((href) => new URL(href, base).href);
  return new Set(urls);
}

describe('pages as served', () => {
  const suite = useProductSuite({ services: false });
  const get = async (path: string) => {
    const response = await fetch(`${suite.product.url}${path}`);
    return { status: response.status, html: await response.text(), headers: response.headers };
  };

  test('the landing page as served, before any script, holds the hero headline, the four tiers and the contact section', async () => {
    const { status, html } = await get('/');
    assert.equal(status, 200);
    const text = textOf(html);
    assert.match(text, /Turning Ideas into Digital Solutions/);
    for (const tier of SERVICE_TIERS) {
      assert.ok(text.includes(tier.name), `${tier.name} is in the HTML`);
      assert.ok(text.includes(tier.price), `${tier.name}'s price is in the HTML`);
      for (const feature of tier.features) assert.ok(text.includes(feature), `${tier.name}: ${feature}`);
    }
    assert.match(html, /<section[^>]* id="contact"/);
    assert.match(text, /Let's Build Something Together/);
    assert.match(text, /What to Expect/);
    assert.ok(text.includes(suite.product.env.CONTACT_EMAIL!), 'the contact address is in the HTML');
    // Without scripts the form cannot load: a browser with them off shows the address in its place.
    assert.match(html, /<noscript><p>The form needs JavaScript\. Write to us at/);
    assert.match(html, /<section[^>]* id="services"/);
    assert.match(html, /<section[^>]* id="about"/);
    // Rendered by the server, not left for the browser.
    assert.doesNotMatch(html, /<!--\$!-->/, 'a part of the landing was left to the browser');
    // The first view's typeface only (latin), with font-display: swap, so it holds no paint (font-faces.mjs).
    assert.equal(html.match(/<link[^>]* as="font"/g)?.length, 1, 'one typeface file is preloaded');
  });

  test("the dashboard, rendered in the browser for the visitor's role, arrives with the kit's global styles", async () => {
    const { status, html } = await get('/dashboard');
    assert.equal(status, 200);
    assert.match(html, /<div id="root"><\/div>/, 'no page content: the browser renders it');
    // The browser parses them with the page instead of building them in script before the first card.
    assert.match(
      html,
      /<style data-emotion="css-global [a-z0-9]+" data-s="">[^<]*--chakra-colors-brand-solid/,
    );
  });

  test('each public page has its own title and description, its canonical address and social tags', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const { status, html } = await get(path);
      assert.equal(status, 200, path);
      const head = headOf(html);
      assert.equal(head.titles.length, 1, `${path} has one title`);
      const [title] = head.titles;
      assert.ok(title && head.description, `${path} has a title and a description`);
      assert.ok(!titles.has(title!), `${path} repeats the title "${title}"`);
      assert.ok(!descriptions.has(head.description!), `${path} repeats its description`);
      titles.add(title!);
      descriptions.add(head.description!);
      const url = `${suite.product.env.PUBLIC_SITE_URL}${path}`;
      assert.equal(head.canonical, url, `${path} canonical`);
      assert.equal(head.ogUrl, url, `${path} og:url`);
      assert.equal(head.ogTitle, title, `${path} og:title`);
      assert.equal(head.ogImage, `${suite.product.env.PUBLIC_SITE_URL}/social-card.jpg`);
      assert.equal(head.twitterCard, 'summary_large_image');
    }
    assert.equal(headOf((await get('/purchase-success')).html).robots, 'noindex');
    assert.equal(headOf((await get('/')).html).robots, 'index, follow');
  });

  test('an unknown address is a 404 page with its own title', async () => {
    const { status, html } = await get('/no/such/page');
    assert.equal(status, 404);
    assert.match(textOf(html), /Oops! Page not found/);
    assert.match(headOf(html).titles[0]!, /Page not found/);
  });

  test('robots.txt and sitemap.xml name the site from its configuration; the favicon set is served', async () => {
    const site = suite.product.env.PUBLIC_SITE_URL!;
    const robots = await get('/robots.txt');
    assert.match(robots.html, new RegExp(`Sitemap: ${site}/sitemap.xml`));
    assert.match(robots.html, /Disallow: \/dashboard/);
    const sitemap = await get('/sitemap.xml');
    assert.match(sitemap.headers.get('content-type') ?? '', /xml/);
    for (const path of ['/', '/terms-of-service', '/privacy-policy', '/purchase/1', '/login'])
      assert.ok(sitemap.html.includes(`<loc>${site}${path}</loc>`), `the sitemap lists ${path}`);
    assert.ok(!sitemap.html.includes('/dashboard'), 'the sitemap leaves private pages out');
    const { html } = await get('/');
    for (const icon of [
      '/favicon.svg',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/site.webmanifest',
      '/social-card.jpg',
    ]) {
      assert.equal((await get(icon)).status, 200, icon);
    }
    assert.match(html, /<link rel="icon" href="\/favicon.svg" type="image\/svg\+xml">/);
  });

  test('the page carries the current runtime configuration, and a release reaches it without a host rebuild', async () => {
    const inline = (html: string) =>
      JSON.parse(
        decode(html.match(/<script id="app-config" type="application\/json">([^<]*)<\/script>/)![1]!),
      ) as {
        remotes: Record<string, { manifest: string }>;
      };
    const before = inline((await get('/')).html);
    assert.deepEqual(before, await (await fetch(`${suite.product.url}/app-config.json`)).json());

    // A new marketing release (the same build plus a file, so a new release id), switched to as `npm run release` does.
    const env = { ...suite.product.env };
    const remote = await findRemote('marketing');
    const build = mkdtempSync(join(tmpdir(), 'agency-landing-release-'));
    try {
      cpSync(join(ROOT, remote.dir, 'dist'), build, { recursive: true });
      writeFileSync(join(build, 'release-note.txt'), `landing test ${Date.now()}`);
      const { release } = publishRelease({ env, remote, buildDir: build });
      switchRelease({ env, remote, release });
      const { html } = await get('/');
      const after = inline(html);
      assert.match(after.remotes.marketing!.manifest, new RegExp(`/${release}/mf-manifest.json$`));
      // The landing loads its remote on the visitor's first input (RemotePage), so it preloads none of it.
      assert.ok(!html.includes('remoteEntry.js'), "the landing preloads the remote's entry");
      assert.match(textOf(html), /Turning Ideas into Digital Solutions/, 'rendered from the new release');
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });

  for (const path of ['/', '/terms-of-service', '/login']) {
    test(`${path} loads in one wave: every script it runs was announced by the HTML, and the page hydrates without redrawing or restyling`, async () => {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const { page, errors } = await newPage(context);
      // A <style> taken out of the document (even to be put back) makes the browser apply it again from scratch.
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedStyles: string[] }).removedStyles = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node.nodeName === 'STYLE') removed.push((node as Element).outerHTML.slice(0, 80));
        }).observe(document, { childList: true, subtree: true });
      });
      const scripts: string[] = [];
      const warnings: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      page.on('console', (message) => {
        if (message.text().includes('[hydration]')) warnings.push(message.text());
      });
      const response = await page.goto(`${suite.product.url}${path}`, { waitUntil: 'networkidle' });
      const announced = announcedScripts(await response!.text(), suite.product.url);
      assert.deepEqual(
        scripts.filter((url) => !announced.has(url)),
        [],
        `${path} fetched scripts its HTML did not announce`,
      );
      assert.deepEqual(warnings, [], 'hydration re-rendered part of the page');
      assert.deepEqual(
        await page.evaluate(() => (window as unknown as { removedStyles: string[] }).removedStyles),
        [],
        'hydration moved server-rendered styles',
      );
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('the first view preloads its typeface, and one arriving after the first paint swaps in without moving anything', async () => {
    // The fallback is matched to the glyph widths the whole browser lays out; the headless shell positions
    // glyphs differently (Liberation Sans at 40 px: 301 px where the browser gives 302).
    const browser = await launchBrowser({ whole: true });
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const { page, errors } = await newPage(context);
    // Every layout shift from the first byte on, as Lighthouse's CLS counts them.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/fonts/*.woff2', async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for `load`, which waits for the held typeface too.
    const response = await page.goto(suite.product.url, { waitUntil: 'domcontentloaded' });
    const html = await response!.text();
    assert.match(
      html,
      /<link rel="preload" href="\/static\/fonts\/inter-latin-wght-normal\.[0-9a-f]+\.woff2" as="font"/,
    );
    assert.match(html, /font-family:'Inter Fallback';src:local\('Arial'\)[^}]*size-adjust:1\d\d\.\d+%/);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await page.waitForTimeout(300);
    const fallback = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
    const fontFile = page.waitForResponse(/\/static\/fonts\/.*\.woff2$/);
    release();
    assert.equal((await fontFile).status(), 200, 'the typeface did arrive');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    const after = await heading.evaluate((element) => ({
      inter: document.fonts.check(`1em ${getComputedStyle(element).fontFamily.split(',')[0]}`),
      shifts: (window as unknown as { shifts: number[] }).shifts,
    }));
    assert.match(fallback, /^"?'?Inter Variable"?'?, "?'?Inter Fallback/);
    assert.equal(after.inter, true, 'the typeface is in use once it arrived');
    const cls = after.shifts.reduce((sum, value) => sum + value, 0);
    assert.ok(cls < 0.001, `the swap moved the page: layout shifts ${after.shifts.join(', ')}`);
    assert.deepEqual(errors, []);
    await browser.close();
  });

  test('with JavaScript off, the whole landing text and the contact details are there', async () => {
    const context = await suite.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(suite.product.url);
    await page.getByRole('heading', { level: 1, name: 'Turning Ideas into Digital Solutions' }).waitFor();
    for (const tier of SERVICE_TIERS)
      assert.ok(await page.getByRole('article', { name: tier.name }).isVisible(), tier.name);
    for (const heading of [
      'Meet the Founder',
      'Choose the Right Service for Your Project',
      "Let's Build Something Together",
    ])
      assert.ok(await page.getByRole('heading', { name: heading }).isVisible(), heading);
    const email = suite.product.env.CONTACT_EMAIL!;
    const contact = page.locator('section#contact');
    assert.ok(
      await contact.getByRole('link', { name: email }).first().isVisible(),
      'the contact address is shown',
    );
    assert.ok(await contact.getByRole('link', { name: /Schedule a 15-Minute Call/ }).isVisible());
    await context.close();
  });
});
