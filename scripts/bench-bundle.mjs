// `npm run bench:bundle`: builds everything, loads /, / after the visitor's first input, / signed in, /login,
// /purchase/1 and /dashboard in Chromium and prints the JavaScript each route loads per origin (raw, gzip,
// brotli); then builds the same landing as one non-federated bundle and prints the federation cost as a ratio,
// at load and once the landing has hydrated. Last line:
// landing-js-gz-kb=<n> monolith-gz-kb=<n> ratio=<r> awake-landing-js-gz-kb=<n> awake-ratio=<r>
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstInput, kb, measurePageJs } from '../tools/bench/measure-js.mjs';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { appConfigFrom } from '../web-server/src/local-env.mjs';
import { buildMonolith, startMonolith } from '../tools/bench/monolith/monolith.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';

const run = (args) => {
  const result = spawnSync('npx', args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
};

console.log('Building the apps and the monolith...');
run(['nx', 'run-many', '-t', 'build', '--projects=tag:app', '--skip-nx-cache']);
run(['nx', 'run-many', '-t', 'build', '--projects=tag:service']);
await buildMonolith();

const budget = JSON.parse(readFileSync(join(ROOT, 'bundle-budget.json'), 'utf8'));
const ports = await freePorts();
const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-'));
const services = !process.argv.includes('--no-services');
const product = await startProduct({ ports, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, services });
const monolith = await startMonolith({ appConfig: appConfigFrom(product.env) });
const browser = await launchChromium();

async function signInAsAdmin() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${product.url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(product.env.ADMIN_EMAIL);
  await form.getByLabel('Password').fill(product.env.ADMIN_PASSWORD);
  await form.getByLabel('Password').press('Enter');
  await page.waitForURL(`${product.url}/dashboard`);
  const state = await context.storageState();
  await context.close();
  return state;
}

try {
  const names = Object.fromEntries(
    [
      'PUBLIC_SITE_URL',
      'MARKETING_URL',
      'CHECKOUT_URL',
      'CLIENT_PORTAL_URL',
      'ADMIN_PORTAL_URL',
      'STRIPE_JS_URL',
    ]
      .filter((v) => product.env[v])
      .map((v) => [
        new URL(product.env[v]).origin,
        v
          .replace(/_URL$/, '')
          .toLowerCase()
          .replace('public_site', 'host')
          .replace('stripe_js', 'stripe.js (offline)'),
      ]),
  );
  // /dashboard is measured signed in as the admin (signed out it would only redirect to /login), and so is the
  // signed-in visitor's / (a session kept in the browser, as after any sign-in).
  const adminSession = services ? await signInAsAdmin() : undefined;
  const measured = {};
  const pages = [
    { key: 'landing', route: '/' },
    { key: 'landingAwake', route: '/', settle: firstInput, label: "after the visitor's first input" },
    ...(adminSession ? [{ key: 'signedInLanding', route: '/', storageState: adminSession }] : []),
    { key: 'login', route: '/login' },
    { key: 'purchase', route: '/purchase/1' },
    ...(adminSession ? [{ key: 'dashboard', route: '/dashboard', storageState: adminSession }] : []),
  ];
  for (const { key, route, storageState, settle, label } of pages) {
    const result = await measurePageJs(browser, `${product.url}${route}`, { storageState, settle });
    measured[key] = result;
    console.log(
      `\n${route}${storageState ? ' (signed in as the admin)' : ''}${label ? ` ${label}` : ''}  (${result.total.files} JS files)`,
    );
    console.log('  origin                 raw kB   gzip kB  brotli kB');
    for (const [origin, s] of Object.entries(result.byOrigin)) {
      console.log(
        `  ${(names[origin] ?? origin).padEnd(20)} ${kb(s.raw).padStart(8)} ${kb(s.gzip).padStart(9)} ${kb(s.brotli).padStart(10)}`,
      );
    }
    console.log(
      `  ${'total'.padEnd(20)} ${kb(result.total.raw).padStart(8)} ${kb(result.total.gzip).padStart(9)} ${kb(result.total.brotli).padStart(10)}`,
    );
  }
  const mono = await measurePageJs(browser, `http://localhost:${monolith.port}/`);
  console.log(
    `\nmonolith /  ${kb(mono.total.raw)} kB raw, ${kb(mono.total.gzip)} kB gzip, ${kb(mono.total.brotli)} kB brotli`,
  );

  const landing = measured.landing;
  const forbidden = budget.landing.forbiddenOrigins.map((v) => new URL(product.env[v]).origin);
  const leaked = Object.keys(landing.byOrigin).filter((origin) => forbidden.includes(origin));
  const ratio = landing.total.gzip / mono.total.gzip;
  // The monolith renders its landing in the browser at once: the like-for-like federation cost is the landing
  // once it has hydrated too.
  const awake = measured.landingAwake;
  const awakeRatio = awake.total.gzip / mono.total.gzip;
  const verdict = (ok) => (ok ? 'ok' : 'OVER');
  console.log(
    `\nlanding: budget ≤ ${kb(budget.landing.maxJsGzipBytes)} kB gzip -> ${verdict(landing.total.gzip <= budget.landing.maxJsGzipBytes)}; ` +
      `target ≤ ${kb(budget.landing.targetJsGzipBytes)} kB -> ${verdict(landing.total.gzip <= budget.landing.targetJsGzipBytes)}; ` +
      `ratio ≤ ${budget.monolithRatioTarget} -> ${verdict(ratio <= budget.monolithRatioTarget)}; ` +
      `ratio target ≤ ${budget.monolithRatioGoal} -> ${verdict(ratio <= budget.monolithRatioGoal)}; ` +
      `checkout/portal bytes on / -> ${leaked.length === 0 ? 'none' : leaked.join(', ')}`,
  );
  console.log(
    `landing after the first input: ${kb(awake.total.gzip)} kB gzip, budget ≤ ${kb(budget.landingAwake.maxJsGzipBytes)} kB -> ${verdict(awake.total.gzip <= budget.landingAwake.maxJsGzipBytes)}; ` +
      `ratio to the monolith ${awakeRatio.toFixed(3)} (≤ ${budget.monolithRatioTarget} -> ${verdict(awakeRatio <= budget.monolithRatioTarget)}; ≤ ${budget.monolithRatioGoal} -> ${verdict(awakeRatio <= budget.monolithRatioGoal)})`,
  );
  for (const [key, label] of [
    ['signedInLanding', '/ signed in'],
    ['login', '/login'],
  ]) {
    if (!measured[key]) continue;
    const max = budget[key].maxJsGzipBytes;
    console.log(
      `${label}: ${kb(measured[key].total.gzip)} kB gzip, budget ≤ ${kb(max)} kB -> ${verdict(measured[key].total.gzip <= max)}`,
    );
  }
  console.log(
    `landing-js-gz-kb=${kb(landing.total.gzip)} monolith-gz-kb=${kb(mono.total.gzip)} ratio=${ratio.toFixed(3)} awake-landing-js-gz-kb=${kb(awake.total.gzip)} awake-ratio=${awakeRatio.toFixed(3)}`,
  );
} finally {
  await browser.close();
  await monolith.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
