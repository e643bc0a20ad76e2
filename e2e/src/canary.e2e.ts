import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { npmRunner, servedRemotes } from './support/release-commands';
import { buildMarker, buildRemote, markedBuildOf } from './support/remote-build';
import { useProductSuite } from './support/suite';

// Progressive delivery of the checkout remote while the product runs (issue 37): a canary to a sticky share of
// visitors, automatic rollback of a canary that fails in browsers, a signed preview link, and the anonymous
// endpoint browsers report remote loads to. v1 is the build the product publishes at start; v2 is the same
// source marked so the browser can tell it apart; "broken" is checkout whose consultation page throws on render.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'agency-canary-e2e-'));
const v2Build = join(work, 'checkout-v2');
const brokenBuild = join(work, 'checkout-broken');
// The broken source is a copy of the remote inside the repository, so its imports resolve as the real one's.
const brokenSourceDir = `e2e/.canary-broken-${process.pid}`;
const PAGE = '/consultation/3';
const HEADING = { level: 1, name: /Fractional Sr\. SWE/ } as const;
const CONTACT_INBOX = 'inbox@consultancy.test';

async function buildBroken() {
  const source = join(ROOT, brokenSourceDir);
  cpSync(join(ROOT, 'remote-checkout'), source, {
    recursive: true,
    filter: (path) => !/[/\\](dist|node_modules)$/.test(path),
  });
  writeFileSync(
    join(source, 'src/features/consultation/components/consultation-page.tsx'),
    `export default function ConsultationPage(): never {\n  throw new TypeError('this release breaks on render');\n}\n`,
  );
  await buildRemote({
    dir: brokenSourceDir,
    outputPath: brokenBuild,
    marker: buildMarker('broken'),
  });
}

describe('progressive delivery', () => {
  before(async () => {
    try {
      await Promise.all([
        buildRemote({ dir: 'remote-checkout', outputPath: v2Build, marker: buildMarker('v2') }),
        buildBroken(),
      ]);
    } finally {
      rmSync(join(ROOT, brokenSourceDir), { recursive: true, force: true });
    }
  });
  const suite = useProductSuite({
    services: true,
    // The guard looks every half second and judges from 3 loads on (the defaults: 15 s, 20 loads).
    env: { CANARY_CHECK_MS: '500', CANARY_MIN_LOADS: '3', CANARY_MARGIN_POINTS: '5', CONTACT_INBOX },
  });
  const contexts: BrowserContext[] = [];
  let v1 = '';
  let v2 = '';
  let broken = '';

  before(async () => {
    v1 = (await servedRemotes(suite.product)).checkout.release;
  });
  after(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    rmSync(work, { recursive: true, force: true });
  });

  const npmRun = npmRunner(() => suite.product, { RELEASE_ACTOR: 'e2e-tester' });

  /** A fresh visitor: a browser context of its own, recording the checkout releases its files came from. */
  async function visitor() {
    const context = await suite.browser.newContext();
    contexts.push(context);
    const { page, errors } = await newPage(context);
    const origin = new URL(suite.product.env.CHECKOUT_URL!).origin;
    const releases = new Set<string>();
    page.on('response', (response) => {
      if (response.url().startsWith(origin)) releases.add(new URL(response.url()).pathname.split('/')[1]!);
    });
    return { context, page, errors, releases };
  }

  /** Which build ran the page (v1, v2, broken). */
  const buildOf = async (page: Page) => (await markedBuildOf(page)) ?? 'v1';

  /** Opens the consultation page and says which build ran it (v1, v2, broken). */
  async function visit(page: Page) {
    await page.goto(`${suite.product.url}${PAGE}`);
    await Promise.race([
      page.getByRole('heading', HEADING).waitFor(),
      page.getByRole('heading', { name: 'This section is temporarily unavailable' }).waitFor(),
    ]);
    return buildOf(page);
  }

  test('canary 50%: of 20 fresh visitors some get each release, and each keeps theirs across reloads', async () => {
    const released = await npmRun('release', 'checkout', '--from', v2Build, '--canary', '50');
    assert.equal(released.code, 0, released.output);
    v2 = released.output.match(/canary +checkout (\S+) for 50% of visitors/)?.[1] ?? '';
    assert.notEqual(v2, '');
    assert.match(released.output, new RegExp(`${v2} for 50% of visitors, ${v1} for the rest`));
    assert.match(released.output, /audit +\S+ e2e-tester: canary to 50% of visitors/);
    // The configuration names the canary and its share; its manifest is the side this request was given.
    const config = await servedRemotes(suite.product);
    assert.ok([v1, v2].includes(config.checkout.release));
    assert.deepEqual(config.checkout.canary, {
      ...config.checkout.canary,
      release: v2,
      share: 50,
    });

    const seen = { v1: 0, v2: 0 };
    for (let i = 0; i < 20; i++) {
      const tab = await visitor();
      const first = await visit(tab.page);
      assert.ok(first === 'v1' || first === 'v2', first);
      seen[first as 'v1' | 'v2'] += 1;
      await tab.page.reload();
      await tab.page.getByRole('heading', HEADING).waitFor();
      assert.equal(await buildOf(tab.page), first, `visitor ${i} kept ${first} across the reload`);
      assert.deepEqual([...tab.releases], [first === 'v2' ? v2 : v1], 'every file from that one release');
      assert.deepEqual(tab.errors, []);
      await tab.context.close();
    }
    assert.ok(seen.v1 > 0 && seen.v2 > 0, `both releases served: ${JSON.stringify(seen)}`);

    const promoted = await npmRun('release', 'checkout', '--promote');
    assert.equal(promoted.code, 0, promoted.output);
    assert.match(promoted.output, new RegExp(`switch +checkout ${v1} -> ${v2} for every visitor`));
    const after = await servedRemotes(suite.product);
    assert.equal(after.checkout.release, v2);
    assert.equal(after.checkout.canary, undefined);
  });

  test('a canary that throws on render is rolled back automatically once its failures are reported', async () => {
    const released = await npmRun('release', 'checkout', '--from', brokenBuild, '--canary', '50');
    assert.equal(released.code, 0, released.output);
    broken = released.output.match(/canary +checkout (\S+) for 50% of visitors/)?.[1] ?? '';
    assert.notEqual(broken, '');

    // Visitors come until the canary is gone: each one the canary reaches sees the section fail, and its
    // browser reports the render failure; the guard ends the canary after 3 of them.
    let failed = 0;
    const deadline = Date.now() + 90_000;
    while ((await servedRemotes(suite.product)).checkout.canary && Date.now() < deadline) {
      const tab = await visitor();
      if ((await visit(tab.page)) === 'broken') failed += 1;
      await tab.page.waitForTimeout(200);
    }
    assert.equal((await servedRemotes(suite.product)).checkout.canary, undefined, 'the canary was ended');
    assert.ok(failed >= 3, `${failed} visitors saw it fail before it was rolled back`);
    assert.equal((await servedRemotes(suite.product)).checkout.release, v2);

    const shown: Page[] = [];
    for (let i = 0; i < 5; i++) {
      const tab = await visitor();
      await tab.page.clock.install();
      assert.equal(await visit(tab.page), 'v2', 'new visitors get the previous release');
      shown.push(tab.page);
    }
    // A load that worked is reported once its page has been shown for 10 s: those tabs' clocks move on, and
    // the journey asks until the reports are counted.
    await Promise.all(shown.map((page) => page.clock.fastForward(10_500)));
    const v2Counted = new RegExp(`${v2} .*current.*failures 0\\.0%`);
    let releases = await npmRun('releases', 'checkout');
    for (const deadline = Date.now() + 20_000; !v2Counted.test(releases.output) && Date.now() < deadline;)
      releases = await npmRun('releases', 'checkout');
    assert.equal(releases.code, 0, releases.output);
    assert.match(
      releases.output,
      new RegExp(`${broken} .*failures 100\\.0% \\(\\d+/\\d+ loads: render \\d+\\)`),
      releases.output,
    );
    assert.match(releases.output, v2Counted);
    assert.match(
      releases.output,
      new RegExp(
        `automatic-rollback +${broken} -> ${v2} +by release-guard: automatic: failure rate 100\\.0% over \\d+ loads`,
      ),
    );
    assert.match(releases.output, new RegExp(`canary +${v2} .*by e2e-tester: canary to 50% of visitors`));
    assert.match(releases.output, new RegExp(`promote +${v2} \\(was ${v1}\\) +by e2e-tester`));

    // The consultancy's inbox is told.
    const subject = `Canary rolled back: checkout ${broken}`;
    let mails: { subject: string }[] = [];
    for (let waited = 0; waited < 15_000 && !mails.some((m) => m.subject === subject); waited += 250) {
      const response = await fetch(`${suite.product.env.MAILBOX_URL}/api/messages?to=${CONTACT_INBOX}`);
      mails = response.ok ? ((await response.json()) as { subject: string }[]) : [];
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(
      mails.some((m) => m.subject === subject),
      `mailed: ${mails.map((m) => m.subject).join(', ')}`,
    );
    // Counters are per process: with replicas (E2E_API_REPLICAS), each one's, as a scraper reads them.
    const apis = (suite.product.env.API_REPLICA_URLS ?? suite.product.env.API_URL!).split(',');
    const metrics = (await Promise.all(apis.map(async (api) => (await fetch(`${api}/metrics`)).text()))).join(
      '\n',
    );
    assert.match(
      metrics,
      new RegExp(`remote_load_failures_total\\{remote="checkout",release="${broken}",phase="render"\\} \\d+`),
    );
    assert.match(metrics, new RegExp(`remote_loads_total\\{remote="checkout",release="${broken}"\\} \\d+`));
  });

  test('a signed preview link loads its release in that browser only; a tampered one is ignored', async () => {
    const previewed = await npmRun('release', 'checkout', '--from', 'remote-checkout/dist', '--preview');
    assert.equal(previewed.code, 0, previewed.output);
    const link = previewed.output.match(/preview +(http\S+)/)?.[1] ?? '';
    assert.match(link, new RegExp(`preview=checkout%40${v1.replace(/\./g, '\\.')}&expires=\\d+&signature=`));
    assert.equal((await servedRemotes(suite.product)).checkout.release, v2, 'nothing switched');

    const tester = await visitor();
    await tester.page.goto(link.replace(/\/[^/?]*\?/, `${PAGE}?`));
    await tester.page.getByRole('heading', HEADING).waitFor();
    assert.equal(await buildOf(tester.page), 'v1');
    // The browser keeps it: a later visit without the link still gets the preview.
    await tester.page.goto(`${suite.product.url}${PAGE}`);
    await tester.page.getByRole('heading', HEADING).waitFor();
    assert.equal(await buildOf(tester.page), 'v1');
    if (process.env.E2E_SHOTS)
      await tester.page.screenshot({ path: join(process.env.E2E_SHOTS, 'preview-link-in-use.png') });
    assert.deepEqual([...tester.releases], [v1]);
    assert.deepEqual(tester.errors, []);

    const other = await visitor();
    assert.equal(await visit(other.page), 'v2', 'another browser gets the current release');
    if (process.env.E2E_TRANSCRIPT)
      appendFileSync(
        process.env.E2E_TRANSCRIPT,
        `# browser that opened ${link}: checkout files from ${[...tester.releases].join(', ')}; another browser: ${[...other.releases].join(', ')}\n`,
      );

    const tampered = new URL(link.replace(/\/[^/?]*\?/, `${PAGE}?`));
    tampered.searchParams.set('preview', `checkout@${broken}`);
    const forger = await visitor();
    await forger.page.goto(tampered.href);
    await forger.page.getByRole('heading', HEADING).waitFor();
    assert.equal(await buildOf(forger.page), 'v2', 'a tampered link is ignored');
    const unsigned = await visitor();
    await unsigned.page.goto(`${suite.product.url}${PAGE}?preview=checkout@${v1}`);
    await unsigned.page.getByRole('heading', HEADING).waitFor();
    assert.equal(await buildOf(unsigned.page), 'v2', 'an unsigned link is ignored');
  });

  test('the report endpoint refuses oversize and malformed reports with 4xx', async () => {
    const report = (body: string) =>
      fetch(`${suite.product.env.API_URL}/api/remote-health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const valid = { remote: 'checkout', release: v2, outcome: 'loaded' };
    assert.equal((await report(JSON.stringify(valid))).status, 200);
    assert.equal((await report(JSON.stringify({ ...valid, errorClass: 'X'.repeat(1000) }))).status, 413);
    for (const body of [
      '{"remote":',
      JSON.stringify({ ...valid, email: 'ada@example.test' }),
      JSON.stringify({ ...valid, remote: 'elsewhere' }),
      JSON.stringify({ ...valid, outcome: 'failed' }),
      JSON.stringify({ ...valid, outcome: 'failed', phase: 'render', errorClass: 'has spaces in it' }),
      '[]',
    ]) {
      const response = await report(body);
      assert.equal(response.status, 400, body);
    }
  });
});
