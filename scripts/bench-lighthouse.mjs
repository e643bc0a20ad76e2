// `npm run bench:lighthouse`: builds what changed, starts the product on free ports, and runs Lighthouse (the
// npm package, mobile preset: simulated slow 4G) LIGHTHOUSE_RUNS times (default 3) on /, /purchase/1,
// /terms-of-service and /login in Debian's Chromium, at two CPU multipliers, and prints the median of each
// figure per page:
//  - the preset's 4x (which Lighthouse's docs say emulates a mid-tier phone on a high-end desktop);
//  - the multiplier calibrated from Lighthouse's own benchmark index, as its docs describe (throttling.md,
//    "Calibrating the CPU slowdown"): the 4x runs' median index / the mid-tier phone's index
//    (tools/bench/cpu-calibration.mjs); on the machines here it is ~6-9x, what a mid-range phone measures;
//  - beside it, at the calibrated multiplier, the same server-rendered HTML with every script (and script
//    preload) removed, served through a small proxy: what the page costs without any JavaScript.
// Last line: lighthouse-mobile-home perf=<n> a11y=<n> bp=<n> seo=<n> lcp-ms=<n> (at 4x, as before).
// Scores depend on the machine (Lighthouse's CPU benchmark varies from run to run here): compare pages within
// one run of this script, and never test a score; the browser tests check the HTML and head tags instead.
// LIGHTHOUSE_CPU_SLOWDOWN=<n> replaces the calibrated multiplier.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { CHROMIUM_PATH, withoutBrowserUiPreload } from '../tools/product/chromium.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';
import { buildAppsUnlessAsked } from '../tools/bench/build-apps.mjs';
import { median } from '../tools/bench/stats.mjs';
import { calibratedMultiplier, MID_TIER_BENCHMARK_INDEX } from '../tools/bench/cpu-calibration.mjs';
import { startWithoutScripts } from '../tools/bench/without-scripts.mjs';

const PAGES = ['/', '/purchase/1', '/terms-of-service', '/login'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FIXED_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
if (FIXED_SLOWDOWN !== undefined && !(FIXED_SLOWDOWN >= 1)) {
  console.error(
    `LIGHTHOUSE_CPU_SLOWDOWN must be a number of 1 or more; it is "${process.env.LIGHTHOUSE_CPU_SLOWDOWN}".`,
  );
  process.exit(2);
}
const PRESET_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

buildAppsUnlessAsked();

console.log(describeMachine());
const dataDir = mkdtempSync(join(tmpdir(), 'agency-lighthouse-'));
const product = await startProduct({
  ports: await freePorts(),
  env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  // Lighthouse's launcher's own flags, merged with ours (tools/product/chromium.mjs) into one --disable-features.
  ignoreDefaultFlags: true,
  chromeFlags: withoutBrowserUiPreload([
    ...chromeLauncher.Launcher.defaultFlags(),
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ]),
});

/** One Lighthouse run: the four category scores (0-100) and the metrics, in ms (CLS unitless). */
async function audit(url, cpuSlowdown) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failed = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
  };
}

/** Every page RUNS times at `cpuSlowdown` (on `origin`), the medians per page. */
async function auditPages(label, origin, cpuSlowdown) {
  const results = {};
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await audit(`${origin}${path}`, cpuSlowdown);
      runs.push(result);
      console.log(
        `  ${label} ${path} run ${i + 1}: perf ${result.perf} lcp ${Math.round(result.lcp)} ms tbt ${Math.round(result.tbt)} ms` +
          ` (benchmark index ${Math.round(result.benchmarkIndex)})` +
          (result.failed.length ? ` (failed: ${[...new Set(result.failed)].join(', ')})` : ''),
      );
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    results[path] = Object.fromEntries(
      ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'si', 'benchmarkIndex'].map((key) => [
        key,
        pick(key),
      ]),
    );
  }
  return results;
}

function printTable(title, results) {
  const indexes = Object.values(results).map((r) => Math.round(r.benchmarkIndex));
  console.log(`\n${title}, medians of ${RUNS} (benchmark index per page: ${indexes.join(', ')}):`);
  console.log('  page                 perf  a11y    bp   seo   FCP ms   LCP ms   TBT ms     CLS    SI ms');
  for (const [path, r] of Object.entries(results)) {
    console.log(
      `  ${path.padEnd(18)} ${[r.perf, r.a11y, r.bp, r.seo].map((n) => String(n).padStart(5)).join(' ')}` +
        ` ${[r.fcp, r.lcp, r.tbt].map((n) => String(Math.round(n)).padStart(8)).join(' ')}` +
        ` ${r.cls.toFixed(3).padStart(7)} ${String(Math.round(r.si)).padStart(8)}`,
    );
  }
}

const withoutScripts = await startWithoutScripts(product.url);
try {
  const preset = await auditPages(`${PRESET_SLOWDOWN}x`, product.url, PRESET_SLOWDOWN);
  const index = median(Object.values(preset).map((r) => r.benchmarkIndex));
  const slowdown = FIXED_SLOWDOWN ?? calibratedMultiplier(index);
  console.log(
    FIXED_SLOWDOWN
      ? `CPU multiplier ${slowdown}x (LIGHTHOUSE_CPU_SLOWDOWN)`
      : `Calibrated CPU multiplier: benchmark index ${Math.round(index)} / mid-tier phone ${MID_TIER_BENCHMARK_INDEX} = ${slowdown}x`,
  );
  const phone = await auditPages(`${slowdown}x`, product.url, slowdown);
  const noJs = await auditPages(`${slowdown}x no-JS`, withoutScripts.url, slowdown);

  printTable(`Lighthouse mobile preset, CPU ${PRESET_SLOWDOWN}x slower`, preset);
  printTable(`Lighthouse mobile preset, CPU ${slowdown}x slower (calibrated)`, phone);
  printTable(`The same server HTML without scripts, CPU ${slowdown}x slower`, noJs);
  console.log(`\nSide by side (perf / TBT ms / LCP s / CLS):`);
  console.log(
    `  page                 ${`${PRESET_SLOWDOWN}x`.padEnd(24)} ${`${slowdown}x`.padEnd(24)} ${`no JS at ${slowdown}x`}`,
  );
  const cell = (r) =>
    `${r.perf} / ${Math.round(r.tbt)} / ${(r.lcp / 1000).toFixed(1)} / ${r.cls.toFixed(3)}`.padEnd(24);
  for (const path of PAGES)
    console.log(`  ${path.padEnd(18)}   ${cell(preset[path])} ${cell(phone[path])} ${cell(noJs[path])}`);
  const home = preset['/'];
  console.log(
    `lighthouse-mobile-home perf=${home.perf} a11y=${home.a11y} bp=${home.bp} seo=${home.seo} lcp-ms=${Math.round(home.lcp)}`,
  );
} finally {
  await withoutScripts.close();
  await chrome.kill();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
