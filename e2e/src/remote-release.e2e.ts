import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { newPage } from './support/browser';
import { npmRunner, servedRemotes } from './support/release-commands';
import { buildMarker, buildRemote, markedBuildOf } from './support/remote-build';
import { useProductSuite } from './support/suite';

// Checkout shipped the way its team would, while the product runs: v1 is the build the product published
// at start; v2 rebuilds that same folder in place (marked so the browser can tell it apart); the last ones
// are built against @agency/ui 1.0.0, a major the host (0.1.x) cannot provide.
const work = mkdtempSync(join(tmpdir(), 'agency-release-e2e-'));
const checkoutBuild = join(work, 'checkout');
/** The @agency/ui the host provides: the version in shared/. */
const HOST_UI_VERSION = (
  JSON.parse(readFileSync(new URL('../../shared/ui/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
const SUCCESS = { level: 1, name: 'Consultation Requested!' } as const;
const NOTICE = /you are seeing the previous version/;

describe('remote releases', () => {
  before(() => buildRemote({ dir: 'remote-checkout', outputPath: checkoutBuild }));
  const suite = useProductSuite({ services: false, builds: { checkout: checkoutBuild } });
  const contexts: BrowserContext[] = [];
  let v1 = '';
  let v2 = '';

  before(async () => {
    v1 = (await servedRemotes(suite.product)).checkout.release;
    await assertServerRendered('/consultation-success', v1);
  });
  after(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    rmSync(work, { recursive: true, force: true });
  });

  const npmRun = npmRunner(() => suite.product);

  /** A visitor's tab that records which checkout release each response came from and every failed request. */
  async function visitor() {
    const context = await suite.browser.newContext();
    contexts.push(context);
    const { page, errors } = await newPage(context);
    const origin = new URL(suite.product.env.CHECKOUT_URL!).origin;
    const releases = new Set<string>();
    const failures: string[] = [];
    const files: string[] = [];
    // A page the server rendered from one release and the browser hydrated with another would say so here.
    page.on('console', (message) => {
      if (message.text().includes('[hydration]')) failures.push(message.text());
    });
    page.on('response', (response) => {
      if (!response.url().startsWith(origin)) return;
      const path = new URL(response.url()).pathname;
      releases.add(path.split('/')[1]!);
      files.push(path);
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // Requests the tab cancels itself when it navigates away are no serving failure.
      const reason = request.failure()?.errorText;
      // The host's health reports (issue 37) go to the API, which this suite does not run.
      if (request.url().endsWith('/api/remote-health')) return;
      if (reason !== 'net::ERR_ABORTED') failures.push(`${reason} ${request.url()}`);
    });
    return { page, errors, releases, failures, files };
  }

  /** The page as the server sends it: rendered, and preloading the files of the release it was rendered with. */
  async function assertServerRendered(path: string, release: string) {
    const html = await (await fetch(`${suite.product.url}${path}`)).text();
    assert.match(html.slice(html.indexOf('id="root"')), new RegExp(SUCCESS.name));
    assert.ok(html.includes(`/${release}/mf-manifest.json`), `rendered with ${release}`);
  }

  test('rebuilding the build folder in place, while visitors browse, never yields a 404 or a length mismatch', async () => {
    const tab = await visitor();
    let rebuilt = false;
    const rebuilding = buildRemote({
      dir: 'remote-checkout',
      outputPath: checkoutBuild,
      marker: buildMarker('v2'),
    }).then(() => (rebuilt = true));
    let visits = 0;
    while (!rebuilt || visits < 4) {
      await tab.page.goto(
        `${suite.product.url}${visits % 2 ? '/purchase-success' : '/consultation-success'}`,
      );
      await tab.page.getByRole('heading', { level: 1 }).first().waitFor();
      visits += 1;
    }
    await rebuilding;
    assert.deepEqual(tab.failures, []);
    assert.deepEqual(tab.errors, []);
    assert.deepEqual([...tab.releases], [v1], 'every file came from the published release');
  });

  test('release: new visitors get v2 at once, a tab left open gets it on its next navigation to checkout', async () => {
    const open = await visitor();
    // The tab's clock runs as a real one, but the journey can move it on instead of waiting.
    await open.page.clock.install();
    await open.page.goto(`${suite.product.url}/consultation-success`);
    await open.page.getByRole('heading', SUCCESS).waitFor();

    const released = await npmRun('release', 'checkout', '--from', checkoutBuild);
    assert.equal(released.code, 0, released.output);
    v2 = released.output.match(/switch +checkout \S+ -> (\S+)/)?.[1] ?? '';
    assert.match(released.output, new RegExp(`switch +checkout ${v1} -> 0\\.1\\.0-[0-9a-f]{10}`));
    assert.match(released.output, /requests +fit .*API.*: it takes every field of the \d+ request routes/);
    assert.notEqual(v2, v1);
    assert.equal((await servedRemotes(suite.product)).checkout.release, v2);

    await assertServerRendered('/consultation-success', v2);
    const fresh = await visitor();
    await fresh.page.goto(`${suite.product.url}/consultation-success`);
    await fresh.page.getByRole('heading', SUCCESS).waitFor();
    assert.deepEqual([...fresh.releases], [v2]);
    assert.equal(await markedBuildOf(fresh.page), 'v2');
    assert.deepEqual([...fresh.errors, ...fresh.failures], []);

    // The open tab re-reads the configuration on a navigation once it is 10 s old. Having run v1's code, it
    // loads the next checkout page afresh (two releases of one remote never share a document).
    await open.page.clock.fastForward(10_500);
    await open.page.locator('main a[href="/"]').first().click();
    await open.page.locator('main a[href="/consultation/3"]').first().click();
    await open.page.getByRole('heading', { level: 1, name: /Fractional Sr\. SWE/ }).waitFor();
    assert.equal(await markedBuildOf(open.page), 'v2');
    await open.page.goBack();
    await open.page.goBack();
    await open.page.getByRole('heading', SUCCESS).waitFor();
    assert.ok(
      open.files.some((f) => f.startsWith(`/${v2}/`) && f.includes('consultation_success_page')),
      'the page it had shown from v1 now comes from v2',
    );
    assert.deepEqual([...open.errors, ...open.failures], []);
    assert.equal(await open.page.getByText(NOTICE).count(), 0);
  });

  test('rollback: visitors get v1 again', async () => {
    const rolledBack = await npmRun('rollback', 'checkout');
    assert.equal(rolledBack.code, 0, rolledBack.output);
    assert.match(rolledBack.output, new RegExp(`switch +checkout ${v2} -> ${v1}`));

    await assertServerRendered('/consultation-success', v1);
    const tab = await visitor();
    await tab.page.goto(`${suite.product.url}/consultation-success`);
    await tab.page.getByRole('heading', SUCCESS).waitFor();
    assert.deepEqual([...tab.releases], [v1]);
    assert.equal(await markedBuildOf(tab.page), undefined);
    assert.deepEqual([...tab.errors, ...tab.failures], []);
  });

  test("api:check: this checkout's API takes what every live release may send", async () => {
    const checked = await npmRun('api:check');
    assert.equal(checked.code, 0, checked.output);
    assert.match(checked.output, new RegExp(`checkout +${v1}: sends nothing this API refuses`));
    assert.match(checked.output, /client_portal +0\.1\.0-[0-9a-f]{10}: sends nothing this API refuses/);
    assert.match(checked.output, /This API takes every request the live releases may send: deploy it\./);
  });

  test('a release that sends a request field the API does not take is refused, with nothing published', async () => {
    // A checkout built from a shared/domain whose consultation request has a field this API does not know yet.
    const ahead = join(work, 'checkout-ahead-of-api');
    cpSync(checkoutBuild, ahead, { recursive: true });
    const file = join(ahead, 'api-requests.json');
    const contract = JSON.parse(readFileSync(file, 'utf8'));
    contract['POST /api/schedule-consultation'].body.push('referralCode');
    writeFileSync(file, JSON.stringify(contract));
    for (const compressed of [`${file}.gz`, `${file}.br`]) rmSync(compressed, { force: true });

    const refused = await npmRun('release', 'checkout', '--from', ahead);
    assert.equal(refused.code, 1, refused.output);
    assert.match(
      refused.output,
      /Refused: checkout 0\.1\.0-[0-9a-f]{10} was built with requests that .*API.* does not take/,
    );
    assert.match(
      refused.output,
      /POST \/api\/schedule-consultation: the API does not take referralCode in its body/,
    );
    assert.match(refused.output, /Deploy \(or start\) the API built from the same shared\/domain first/);
    assert.match(refused.output, new RegExp(`Nothing was published; checkout stays on ${v1}`));
    assert.equal((await servedRemotes(suite.product)).checkout.release, v1);
  });

  test('a release built against an incompatible shared major is refused; forced, browsers fall back to the previous release', async () => {
    const incompatible = join(work, 'checkout-ui-1');
    await buildRemote({
      dir: 'remote-checkout',
      outputPath: incompatible,
      sharedVersions: { '@agency/ui': '1.0.0' },
    });

    const refused = await npmRun('release', 'checkout', '--from', incompatible);
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /Refused: checkout 0\.1\.0-[0-9a-f]{10} does not fit the running host/);
    assert.match(
      refused.output,
      new RegExp(
        `@agency/ui: checkout needs @agency/ui \\^1\\.0\\.0, the host provides ${HOST_UI_VERSION}\\.`,
      ),
    );
    assert.match(refused.output, /Deploy a host built with @agency\/ui 1\.0\.0 first/);
    assert.match(refused.output, new RegExp(`Nothing was published; checkout stays on ${v1}`));
    assert.equal((await servedRemotes(suite.product)).checkout.release, v1);

    const forced = await npmRun('release', 'checkout', '--from', incompatible, '--force');
    assert.equal(forced.code, 0, forced.output);
    const { checkout } = await servedRemotes(suite.product);
    assert.notEqual(checkout.release, v1);
    assert.equal(checkout.previous?.release, v1);

    const tab = await visitor();
    await tab.page.goto(`${suite.product.url}/consultation-success`);
    await tab.page.getByRole('heading', SUCCESS).waitFor();
    await tab.page.getByRole('status').getByText(NOTICE).waitFor();
    assert.deepEqual(
      tab.files.filter((f) => f.startsWith(`/${checkout.release}/`)),
      [`/${checkout.release}/mf-manifest.json`],
      'only the incompatible manifest was fetched, none of its code',
    );
    assert.ok(tab.files.some((f) => f.startsWith(`/${v1}/`) && f.includes('consultation_success_page')));
    assert.equal(await tab.page.getByText(/Check your connection/).count(), 0);
    assert.deepEqual([...tab.errors, ...tab.failures], []);
  });

  test('with no release to fall back to, the visitor is told the section does not work with this version', async () => {
    // A second incompatible release on top: both the current and the previous release are refused.
    const alsoIncompatible = join(work, 'checkout-ui-1-again');
    await buildRemote({
      dir: 'remote-checkout',
      outputPath: alsoIncompatible,
      sharedVersions: { '@agency/ui': '1.0.0' },
      marker: buildMarker('v2'),
    });
    const forced = await npmRun('release', 'checkout', '--from', alsoIncompatible, '--force');
    assert.equal(forced.code, 0, forced.output);

    const tab = await visitor();
    await tab.page.goto(`${suite.product.url}/consultation-success`);
    await tab.page
      .getByRole('heading', { level: 1, name: 'This section does not work with this version of the site' })
      .waitFor();
    assert.ok(await tab.page.getByRole('button', { name: 'Reload page' }).isVisible());
    assert.equal(await tab.page.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.ok(await tab.page.getByRole('banner').isVisible(), 'the header still works');
    assert.deepEqual([...tab.errors, ...tab.failures], []);

    // The way out is a rollback to a release that fits, named with --to.
    const rolledBack = await npmRun('rollback', 'checkout', '--to', v1);
    assert.equal(rolledBack.code, 0, rolledBack.output);
    await tab.page.reload();
    await tab.page.getByRole('heading', SUCCESS).waitFor();
  });
});
