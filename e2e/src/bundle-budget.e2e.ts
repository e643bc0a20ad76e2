import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { useProductSuite } from './support/suite';
import { kb, measurePageJs } from '../../tools/bench/measure-js.mjs';
import { buildMonolith, startMonolith } from '../../tools/bench/monolith/monolith.mjs';
import { appConfigFrom } from '../../tools/product/local-env.mjs';

// Bytes are deterministic for a given build, so the budget is a test; timings never are.
const budget = JSON.parse(readFileSync(new URL('../../bundle-budget.json', import.meta.url), 'utf8'));

describe('bundle budget', () => {
  const suite = useProductSuite({ services: false });
  let monolith: { port: number; close: () => Promise<void> } | undefined;
  let landing: Awaited<ReturnType<typeof measurePageJs>>;

  before(async () => {
    landing = await measurePageJs(suite.browser, suite.product.url);
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

  test(`federation costs at most ${budget.monolithRatioTarget}x the same landing built without it`, async () => {
    const unfederated = await measurePageJs(suite.browser, `http://127.0.0.1:${monolith!.port}/`);
    const ratio = landing.total.gzip / unfederated.total.gzip;
    assert.ok(
      ratio <= budget.monolithRatioTarget,
      `landing JS is ${kb(landing.total.gzip)} kB gzip, the monolith ${kb(unfederated.total.gzip)} kB: ratio ${ratio.toFixed(3)}`,
    );
  });
});
