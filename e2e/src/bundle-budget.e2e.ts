import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { useProductSuite } from './support/suite';
import { kb, measurePageJs } from '../../tools/bench/measure-js.mjs';

// Bytes are deterministic for a given build, so the budget is a test; timings never are.
const budget = JSON.parse(readFileSync(new URL('../../bundle-budget.json', import.meta.url), 'utf8'));

describe('bundle budget', () => {
  const suite = useProductSuite({ services: false });

  test(`the landing page loads at most ${budget.landing.maxJsGzipBytes / 1000} kB of JavaScript (gzip)`, async () => {
    const result = await measurePageJs(suite.browser, suite.product.url);
    const forbidden = (budget.landing.forbiddenOrigins as string[]).map((name) => new URL(suite.product.env[name]!).origin);
    for (const origin of Object.keys(result.byOrigin)) {
      assert.ok(!forbidden.includes(origin), `the landing loaded JavaScript from ${origin}`);
    }
    assert.ok(
      result.total.gzip <= budget.landing.maxJsGzipBytes,
      `landing JS is ${kb(result.total.gzip)} kB gzip, over the budget of ${kb(budget.landing.maxJsGzipBytes)} kB`,
    );
  });
});
