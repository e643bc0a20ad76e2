// `npm run bench:compile-hints`: what V8's compile hint on the host's start-up chunks is worth
// (tools/federation/compile-hints-plugin.mjs). The same build is served with the hinted files as built and with
// the hint line taken out, in turn (COMPILE_HINT_RUNS loads of each public page each, default 8, alternating
// which goes first), and each load of a phone-sized page is traced at full speed. Printed per page, the median:
//  - blocking time after the first paint as Lighthouse's simulation estimates it: each main-thread task's
//    length times the CPU multiplier, less 50 ms (at the preset's 4x and at the calibrated multiplier);
//  - the main thread's work after the first paint and in all.
// The files are put back as built when it ends. Last line: compile-hints / tbt-on=<n> tbt-off=<n> (calibrated).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';
import { buildAppsUnlessAsked } from '../tools/bench/build-apps.mjs';
import { calibrateBrowser, PRESET_MULTIPLIER } from '../tools/bench/cpu-calibration.mjs';
import { MOBILE_VIEWPORT, PUBLIC_PAGES } from '../tools/bench/early-visitor.mjs';
import { median } from '../tools/bench/stats.mjs';
import { COMPILE_HINT } from '../tools/federation/compile-hints-plugin.mjs';

const RUNS = Number(process.env.COMPILE_HINT_RUNS ?? 8);
const SETTLE_MS = 1000;

buildAppsUnlessAsked();
const jsDir = join(ROOT, 'host', 'dist', 'static', 'js');
const hinted = readdirSync(jsDir)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ path: join(jsDir, file), built: readFileSync(join(jsDir, file), 'utf8') }))
  .filter(({ built }) => built.startsWith(COMPILE_HINT));
if (!hinted.length) throw new Error('No hinted file in host/dist: build the host in production mode.');
console.log(`Hinted files: ${hinted.map(({ path }) => path.slice(jsDir.length + 1)).join(', ')}`);

/** Serves the hinted files as built (`on`) or without their first line (`off`), precompressed copies too. */
function serve(variant) {
  for (const { path, built } of hinted) {
    const body = variant === 'on' ? built : built.slice(COMPILE_HINT.length);
    writeFileSync(path, body);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    // A quick brotli: what is measured is the compiling, not the bytes.
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-hints-'));
let product;
let browser;

/** The main thread's tasks of one traced load (ms from navigation, and length in ms). */
async function load(path) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
  // The last hydration slices may follow the network's last request.
  await page.waitForTimeout(SETTLE_MS);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const requested = new Set(traceEvents.filter((e) => e.name === 'ResourceSendRequest').map((e) => e.pid));
  const main = traceEvents.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && requested.has(e.pid),
  );
  const events = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid);
  return {
    firstPaint: events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0,
    tasks: events.filter((e) => e.name === 'RunTask' && e.dur).map((e) => ({ at: e.ts, ms: e.dur / 1000 })),
  };
}

function figures({ firstPaint, tasks }, multipliers) {
  const after = tasks.filter((task) => task.at >= firstPaint);
  const sum = (list, of) => list.reduce((total, task) => total + of(task), 0);
  return {
    ...Object.fromEntries(
      multipliers.map((m) => [`tbt${m}`, sum(after, (task) => Math.max(0, task.ms * m - 50))]),
    ),
    afterPaint: sum(after, (task) => task.ms),
    all: sum(tasks, (task) => task.ms),
  };
}

const rows = [];
try {
  product = await startProduct({
    ports: await freePorts(),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  browser = await launchChromium();
  const calibrated = await calibrateBrowser(browser, process.env.COMPILE_HINT_CPU_SLOWDOWN);
  const multipliers = [PRESET_MULTIPLIER, calibrated];
  for (const path of PUBLIC_PAGES) {
    const loads = { on: [], off: [] };
    for (let run = 0; run < RUNS; run++)
      for (const variant of run % 2 ? ['on', 'off'] : ['off', 'on']) {
        serve(variant);
        loads[variant].push(figures(await load(path), multipliers));
      }
    for (const variant of ['off', 'on']) {
      const of = (key) => Math.round(median(loads[variant].map((load) => load[key])));
      rows.push({
        path,
        variant,
        ...Object.fromEntries(
          ['afterPaint', 'all', ...multipliers.map((m) => `tbt${m}`)].map((k) => [k, of(k)]),
        ),
      });
    }
  }
  console.log(
    `\nMain thread of a load at full speed, median of ${RUNS} per row (ms); blocking time as Lighthouse's simulation estimates it at ${PRESET_MULTIPLIER}x and ${calibrated}x:`,
  );
  console.log(
    `  ${'page'.padEnd(20)} hint  ${`TBT ${PRESET_MULTIPLIER}x`.padStart(9)}  ${`TBT ${calibrated}x`.padStart(9)}  after paint  all`,
  );
  for (const row of rows)
    console.log(
      `  ${row.path.padEnd(20)} ${row.variant.padEnd(4)}  ${String(row[`tbt${PRESET_MULTIPLIER}`]).padStart(9)}  ${String(row[`tbt${calibrated}`]).padStart(9)}  ${String(row.afterPaint).padStart(11)}  ${row.all}`,
    );
  const landing = (variant) =>
    rows.find((row) => row.path === '/' && row.variant === variant)[`tbt${calibrated}`];
  console.log(`compile-hints / tbt-on=${landing('on')} tbt-off=${landing('off')}`);
} finally {
  serve('on');
  await browser?.close();
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
