import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { useProductSuite } from './support/suite';
import { firstInput, kb, measurePageJs } from '../../tools/bench/measure-js.mjs';
import { buildMonolith, startMonolith } from '../../tools/bench/monolith/monolith.mjs';
import { appConfigFrom } from '../../web-server/src/local-env.mjs';

// Bytes are deterministic for a given build, so the budget is a test; timings never are.
const budget = JSON.parse(readFileSync(new URL('../../bundle-budget.json', import.meta.url), 'utf8'));

type Measured = Awaited<ReturnType<typeof measurePageJs>>;
/** The budget is in gzip bytes. */
const gzipOnly = { brotli: false };

describe('bundle budget', () => {
  const suite = useProductSuite({ services: true });
  let monolith: { port: number; close: () => Promise<void> } | undefined;
  let landing: Measured;
  let awakeLanding: Measured;
  let signedInLanding: Measured;
  let login: Measured;

  /** A session kept in the browser, as after signing in as the admin. */
  async function adminSession() {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.product.url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(suite.product.env.ADMIN_EMAIL!);
    await form.getByLabel('Password').fill(suite.product.env.ADMIN_PASSWORD!);
    await form.getByLabel('Password').press('Enter');
    await page.waitForURL(`${suite.product.url}/dashboard`);
    const state = await context.storageState();
    await context.close();
    return state;
  }

  before(async () => {
    landing = await measurePageJs(suite.browser, suite.product.url, gzipOnly);
    awakeLanding = await measurePageJs(suite.browser, suite.product.url, { ...gzipOnly, settle: firstInput });
    login = await measurePageJs(suite.browser, `${suite.product.url}/login`, gzipOnly);
    signedInLanding = await measurePageJs(suite.browser, suite.product.url, {
      ...gzipOnly,
      storageState: await adminSession(),
    });
    await buildMonolith();
    monolith = await startMonolith({ appConfig: appConfigFrom(suite.product.env) });
  });
  after(async () => {
    await monolith?.close();
  });

  test(`the landing page loads at most ${budget.landing.maxJsGzipBytes / 1000} kB of JavaScript (gzip), none from checkout or the portals`, async () => {
    const forbidden = (budget.landing.forbiddenOrigins as string[]).map(
      (name) => new URL(suite.product.env[name]!).origin,
    );
    for (const origin of Object.keys(landing.byOrigin)) {
      assert.ok(!forbidden.includes(origin), `the landing loaded JavaScript from ${origin}`);
    }
    assert.ok(
      landing.total.gzip <= budget.landing.maxJsGzipBytes,
      `landing JS is ${kb(landing.total.gzip)} kB gzip, over the budget of ${kb(budget.landing.maxJsGzipBytes)} kB`,
    );
  });

  test(`a signed-in visitor's / loads at most ${budget.signedInLanding.maxJsGzipBytes / 1000} kB (gzip), and no supabase-js while the kept session is fresh`, () => {
    assert.ok(
      signedInLanding.total.gzip <= budget.signedInLanding.maxJsGzipBytes,
      `signed-in / is ${kb(signedInLanding.total.gzip)} kB gzip, over ${kb(budget.signedInLanding.maxJsGzipBytes)} kB`,
    );
    const supabase = signedInLanding.files.filter((file) => /supabase-auth/.test(file.url));
    assert.deepEqual(
      supabase.map((file) => file.url),
      [],
      'supabase-js loaded on / although the kept session had hours left',
    );
  });

  test(`/login loads at most ${budget.login.maxJsGzipBytes / 1000} kB (gzip)`, () => {
    assert.ok(
      login.total.gzip <= budget.login.maxJsGzipBytes,
      `/login is ${kb(login.total.gzip)} kB gzip, over ${kb(budget.login.maxJsGzipBytes)} kB`,
    );
  });

  test(`after the visitor's first input the landing has loaded at most ${budget.landingAwake.maxJsGzipBytes / 1000} kB (gzip): the marketing remote, through federation`, () => {
    assert.ok(
      awakeLanding.total.gzip <= budget.landingAwake.maxJsGzipBytes,
      `the awake landing's JS is ${kb(awakeLanding.total.gzip)} kB gzip, over ${kb(budget.landingAwake.maxJsGzipBytes)} kB`,
    );
    assert.ok(
      awakeLanding.files.some((file) => /remoteEntry\.js$/.test(file.url)),
      "the landing never loaded the marketing remote's entry",
    );
    assert.ok(
      !landing.files.some((file) => /remoteEntry\.js$/.test(file.url)),
      "the landing loaded the marketing remote's entry before the visitor's first input",
    );
  });

  // The monolith renders its landing in the browser at once: the like-for-like cost is the landing once hydrated.
  test(`federation costs at most ${budget.monolithRatioTarget}x the same landing built without it`, async () => {
    const unfederated = await measurePageJs(suite.browser, `http://127.0.0.1:${monolith!.port}/`, gzipOnly);
    const ratio = awakeLanding.total.gzip / unfederated.total.gzip;
    assert.ok(
      ratio <= budget.monolithRatioTarget,
      `the awake landing's JS is ${kb(awakeLanding.total.gzip)} kB gzip, the monolith ${kb(unfederated.total.gzip)} kB: ratio ${ratio.toFixed(3)}`,
    );
  });
});
