// `npm run bench:profile`: builds what changed, starts the product on free ports and, in Debian's Chromium on a
// phone's screen with the CPU slowed down by DevTools (CDP Emulation.setCPUThrottlingRate) at Lighthouse's preset
// 4x and at the multiplier calibrated from Lighthouse's benchmark index for a mid-tier phone
// (tools/bench/cpu-calibration.mjs), records a CPU profile (V8's sampling profiler) of each public page's load
// PROFILE_RUNS times (default 3): from navigation until the app is ready and PROFILE_SETTLE_MS (2,000) more.
// Every sample's self time is mapped through the builds' hidden source maps (each app's `dist/`, read by the
// script's origin) to its source file and npm package, and printed per page and multiplier over the
// runs, the median of each figure (other work on a shared machine only ever adds to it):
//  - busy: self time of everything but idle and the browser's own work outside JavaScript ("(program)": parsing,
//    style, layout and paint, printed beside it);
//  - per package (an npm package, one of this repository's apps or shared packages, the bundler's runtime, the
//    garbage collector) and the top PROFILE_TOP (15) source files.
// What a step that removes start-up work removed shows here, by package and file; Lighthouse's total blocking
// time (`npm run bench:lighthouse`) is what it is worth. PROFILE_CPU_SLOWDOWN=<n> replaces the calibrated
// multiplier; PROFILE_PAGES=/,/login profiles those pages only. The network is this machine's (the CPU's work
// does not depend on it).
// Last line: profile / busy-ms=<n> chakra-ms=<n> react-dom-ms=<n> federation-ms=<n> emotion-ms=<n> (/ at 4x).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { APPS, ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';
import { buildAppsUnlessAsked } from '../tools/bench/build-apps.mjs';
import { median } from '../tools/bench/stats.mjs';
import { calibrateBrowser, PRESET_MULTIPLIER } from '../tools/bench/cpu-calibration.mjs';
import { MOBILE_VIEWPORT, PUBLIC_PAGES } from '../tools/bench/early-visitor.mjs';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const SETTLE_MS = Number(process.env.PROFILE_SETTLE_MS ?? 2000);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
/** PROFILE_PAGES=/,/login profiles those pages only. */
const PAGES = process.env.PROFILE_PAGES?.split(',') ?? PUBLIC_PAGES;
/** Microseconds between samples: fine enough for the short functions of a styling engine. */
const SAMPLING_INTERVAL_US = 200;

/** The packages the last line names, each a group of npm packages. */
const GROUPS = {
  chakra: (name) =>
    name.startsWith('@chakra-ui/') || name.startsWith('@zag-js/') || name.startsWith('@ark-ui/'),
  'react-dom': (name) => name === 'react-dom' || name === 'scheduler',
  federation: (name) => name.startsWith('@module-federation/'),
  emotion: (name) => name.startsWith('@emotion/') || name === 'stylis',
};

buildAppsUnlessAsked();

/**
 * Where a script's code came from: `{ source, pkg }` for a position (0-based line and column, as the profile
 * gives them) in the script at `url`, read through its app's source map. `source` is a path in this repository
 * (or `<package>/<file>` inside node_modules); `pkg` the npm package, the app or shared package, or
 * `bundler runtime`. Scripts of no app of the product (the browser's, an extension's) keep their URL.
 */
function sourceMapper(appDirByOrigin) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      // The browser's own scripts may be named without a scheme (`v8/LoadTimes`).
      const { origin, pathname } = URL.parse(url) ?? { origin: '', pathname: '' };
      const dir = appDirByOrigin.get(origin);
      // A remote serves its current release under /<release>/: a fresh product's is the build in its dist/.
      const candidates = dir ? [pathname, pathname.replace(/^\/[^/]+/, '')] : [];
      const file = candidates.map((path) => join(ROOT, dir, 'dist', `${path}.map`)).find(existsSync);
      maps.set(url, { dir, map: file ? new TraceMap(readFileSync(file, 'utf8')) : null });
    }
    return maps.get(url);
  };
  return (url, line, column) => {
    const { dir, map } = mapOf(url);
    if (!map) return { source: url, pkg: dir ?? url };
    // A function's position is where its code starts, sometimes just before the first mapped token.
    const position = { line: line + 1, column };
    const { source } =
      originalPositionFor(map, position).source === null
        ? originalPositionFor(map, { ...position, bias: LEAST_UPPER_BOUND })
        : originalPositionFor(map, position);
    if (!source) return { source: `${url} (unmapped)`, pkg: dir };
    // `webpack://<app>/<path relative to the app>`; the bundler's own runtime has no file.
    const path = source.replace(/^webpack:\/\/[^/]*\//, '');
    if (path.startsWith('webpack/')) return { source: path, pkg: 'bundler runtime' };
    const inRepo = normalize(join(dir, path));
    const dependency = inRepo.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
    if (dependency) return { source: `${dependency[1]}/${dependency[2]}`, pkg: dependency[1] };
    const workspace = inRepo.match(/^(shared\/[^/]+|[^/]+)\//);
    return { source: inRepo, pkg: workspace ? workspace[1] : dir };
  };
}

/** Self time (ms) per package and per source file of one CPU profile, and the busy and "(program)" totals. */
function attribute(profile, mapPosition) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const result = { busy: 0, program: 0, packages: new Map(), files: new Map() };
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') return;
    if (functionName === '(program)') {
      result.program += ms;
      return;
    }
    result.busy += ms;
    const { source, pkg } = url
      ? mapPosition(url, lineNumber, columnNumber)
      : {
          source: functionName || '(native)',
          pkg: functionName === '(garbage collector)' ? 'GC' : '(native)',
        };
    add(result.packages, pkg, ms);
    add(result.files, source, ms);
  });
  return result;
}

/** One profiled load of `url` at `rate`: the CPU profile from navigation until the app is ready and settled. */
async function profileLoad(browser, url, rate) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, {
      timeout: 60_000,
      polling: 100,
    });
    await page.waitForTimeout(SETTLE_MS);
    const { profile } = await cdp.send('Profiler.stop');
    return profile;
  } finally {
    await context.close();
  }
}

/** The median over `results` of every key of one of their maps (a run without the key counts 0). */
function medians(results, key) {
  const names = new Set(results.flatMap((result) => [...result[key].keys()]));
  return new Map([...names].map((name) => [name, median(results.map((r) => r[key].get(name) ?? 0))]));
}

const ms = (value) => String(Math.round(value)).padStart(6);
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
const groupTotal = (packages, group) =>
  [...packages].filter(([name]) => GROUPS[group](name)).reduce((sum, [, value]) => sum + value, 0);

console.log(describeMachine());
const dataDir = mkdtempSync(join(tmpdir(), 'agency-profile-'));
const product = await startProduct({
  ports: await freePorts(),
  env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const browser = await launchChromium();
try {
  const appDirByOrigin = new Map(APPS.map((app) => [new URL(product.env[app.urlVar]).origin, app.dir]));
  const mapPosition = sourceMapper(appDirByOrigin);
  // PROFILE_CPU_SLOWDOWN=<n> replaces the calibrated multiplier (a loaded machine calibrates low).
  const calibrated = await calibrateBrowser(browser, process.env.PROFILE_CPU_SLOWDOWN);
  // Every page once before measuring: the server renders each on its first request.
  for (const path of PAGES) await fetch(`${product.url}${path}`).then((r) => r.text());

  const rows = [];
  for (const rate of [PRESET_MULTIPLIER, calibrated]) {
    for (const path of PAGES) {
      const results = [];
      for (let i = 0; i < RUNS; i++)
        results.push(attribute(await profileLoad(browser, `${product.url}${path}`, rate), mapPosition));
      const busy = median(results.map((r) => r.busy));
      const program = median(results.map((r) => r.program));
      const packages = medians(results, 'packages');
      const files = medians(results, 'files');
      const row = { rate, path, busy, program };
      for (const group of Object.keys(GROUPS)) row[group] = groupTotal(packages, group);
      rows.push(row);
      const spread = results.map((r) => Math.round(r.busy)).join(', ');
      console.log(
        `\n${rate}x ${path}: busy ${Math.round(busy)} ms (runs: ${spread}), browser outside JavaScript ${Math.round(program)} ms`,
      );
      console.log('  self time per package:');
      for (const [name, value] of top(packages, TOP)) console.log(`  ${ms(value)} ms  ${name}`);
      console.log(`  top ${TOP} source files:`);
      for (const [name, value] of top(files, TOP)) console.log(`  ${ms(value)} ms  ${name}`);
    }
  }

  console.log(
    `\nMain-thread self time during load on a mobile screen, CPU slowed ${PRESET_MULTIPLIER}x and ${calibrated}x (calibrated), median of ${RUNS} loads (ms):`,
  );
  console.log('  CPU    page                   busy  chakra  react-dom  federation  emotion  outside JS');
  for (const r of rows)
    console.log(
      `  ${`${r.rate}x`.padEnd(6)} ${r.path.padEnd(18)} ${ms(r.busy)} ${ms(r.chakra).padStart(7)} ${ms(r['react-dom']).padStart(10)} ${ms(r.federation).padStart(11)} ${ms(r.emotion).padStart(8)} ${ms(r.program).padStart(11)}`,
    );
  const home = rows.find((r) => r.rate === PRESET_MULTIPLIER && r.path === '/') ?? rows[0];
  console.log(
    `profile ${home.path} busy-ms=${Math.round(home.busy)} chakra-ms=${Math.round(home.chakra)} react-dom-ms=${Math.round(home['react-dom'])} federation-ms=${Math.round(home.federation)} emotion-ms=${Math.round(home.emotion)}`,
  );
} finally {
  await browser.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
