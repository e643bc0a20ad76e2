// `npm run bench:hydration`: builds what changed, starts the product on free ports and, in Debian's Chromium
// on a mobile screen with the CPU slowed down by DevTools (CDP Emulation.setCPUThrottlingRate) at Lighthouse's
// preset 4x and at the multiplier calibrated from Lighthouse's benchmark index for a mid-tier phone
// (tools/bench/cpu-calibration.mjs), prints per public page:
//  - first contentful paint and the time until every control above the fold responds (is hydrated), median of
//    HYDRATION_RUNS clean loads;
//  - what a scripted early visitor lost (tools/bench/early-visitor.mjs): clicks and keystrokes made as soon as
//    the controls show, and 0.3 s and 1 s later, each on a fresh load; must be 0.
// HYDRATION_CPU_SLOWDOWN=<n> replaces the calibrated multiplier.
// Last line: hydration lost-clicks=<n> lost-keystrokes=<n> (both multipliers, all pages).
// The network is Lighthouse's slow 4G as DevTools applies it (HYDRATION_NETWORK=off: this machine's), so the
// scripts arrive after the HTML, as on a phone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';
import { buildAppsUnlessAsked } from '../tools/bench/build-apps.mjs';
import { median } from '../tools/bench/stats.mjs';
import { calibrateBrowser, PRESET_MULTIPLIER } from '../tools/bench/cpu-calibration.mjs';
import { controlsReady, earlyVisit, EARLY_VISITS, PUBLIC_PAGES } from '../tools/bench/early-visitor.mjs';

const RUNS = Number(process.env.HYDRATION_RUNS ?? 2);
const DELAYS_MS = [0, 300, 1000];
const network = process.env.HYDRATION_NETWORK !== 'off';

buildAppsUnlessAsked();

console.log(describeMachine());
const dataDir = mkdtempSync(join(tmpdir(), 'agency-hydration-'));
const product = await startProduct({
  ports: await freePorts(),
  env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const browser = await launchChromium();
try {
  // HYDRATION_CPU_SLOWDOWN=<n> replaces the calibrated multiplier (a loaded machine calibrates low).
  const calibrated = await calibrateBrowser(browser, process.env.HYDRATION_CPU_SLOWDOWN);
  // Every page once before measuring: the server renders each on its first request.
  for (const path of PUBLIC_PAGES) await fetch(`${product.url}${path}`).then((r) => r.text());

  let totalClicks = 0;
  let totalKeystrokes = 0;
  const rows = [];
  for (const rate of [PRESET_MULTIPLIER, calibrated]) {
    for (const path of PUBLIC_PAGES) {
      const loads = [];
      for (let i = 0; i < RUNS; i++)
        loads.push(await controlsReady(browser, `${product.url}${path}`, rate, { network }));
      const lost = { clicks: 0, keystrokes: 0, what: [] };
      for (const delayMs of DELAYS_MS) {
        const trial = await earlyVisit(browser, product.url, path, { rate, delayMs, network });
        lost.clicks += trial.clicks;
        lost.keystrokes += trial.keystrokes;
        lost.what.push(...trial.what.map((w) => `+${delayMs} ms: ${w}`));
      }
      totalClicks += lost.clicks;
      totalKeystrokes += lost.keystrokes;
      const steps = EARLY_VISITS[path].steps;
      const row = {
        rate,
        path,
        fcp: median(loads.map((l) => l.fcp)),
        ready: median(loads.map((l) => l.ready)),
        controls: loads[0].controls,
        clicks: `${lost.clicks}/${steps.filter((s) => s.kind === 'click').length * DELAYS_MS.length}`,
        keystrokes: `${lost.keystrokes}/${steps.filter((s) => s.kind === 'type').reduce((n, s) => n + s.text.length, 0) * DELAYS_MS.length}`,
      };
      rows.push(row);
      console.log(
        `  ${rate}x ${path}: FCP ${Math.round(row.fcp)} ms, controls respond at ${Math.round(row.ready)} ms, lost ${row.clicks} clicks, ${row.keystrokes} keystrokes` +
          (lost.what.length ? ` (${lost.what.join('; ')})` : ''),
      );
    }
  }
  console.log(
    `\nHydration on a mobile screen${network ? ' over slow 4G' : ''}, CPU slowed ${PRESET_MULTIPLIER}x and ${calibrated}x (calibrated), median of ${RUNS} loads; early visitor at +${DELAYS_MS.join('/+')} ms:`,
  );
  console.log(
    '  CPU    page                  FCP ms  controls respond ms  controls  lost clicks  lost keystrokes',
  );
  for (const r of rows) {
    console.log(
      `  ${`${r.rate}x`.padEnd(6)} ${r.path.padEnd(18)} ${String(Math.round(r.fcp)).padStart(9)} ${String(Math.round(r.ready)).padStart(20)} ${String(r.controls).padStart(9)} ${r.clicks.padStart(12)} ${r.keystrokes.padStart(16)}`,
    );
  }
  console.log(`hydration lost-clicks=${totalClicks} lost-keystrokes=${totalKeystrokes}`);
} finally {
  await browser.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
