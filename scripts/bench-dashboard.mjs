// `npm run bench:dashboard`: the admin dashboard with 200 projects and 200 tickets, measured in Chromium. Builds
// what is missing, starts the product on free ports with a fresh DATA_DIR, seeds through the API (a client's
// requests; the admin accepts, refuses, completes, cancels; tickets on the boards), then, three times in a
// fresh browser context signed in as the admin:
//   load  navigation → the Project Queue's first card rendered
//   tab   Queue → Active (its board rendered) and Active → Queue (first card rendered); the slower of the two
//   move  a ticket moved with the keyboard → shown in its new column and its PATCH answered (settled)
//   dom   elements in the page on each tab; the largest
// Prints each run, then the medians; last line:
// dashboard-200 load-ms=<n> tab-ms=<n> move-ms=<n> dom=<n>
// Targets: load ≤ 1000, tab ≤ 100, move ≤ 100, dom ≤ 1500. Tests never check timings; this prints them.
// `-- --before <git ref>` measures the admin portal built at that commit first (on the same API, host and data),
// then this checkout's, and prints both last lines: a before-and-after pair from one run on one machine.
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';
import { median } from '../tools/bench/stats.mjs';

const PROJECTS = 200;
const TICKETS = 200;
const RUNS = 3;

const run = (args) => {
  const result = spawnSync('npx', args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
};

console.log('Building the apps and services (Nx cache)...');
run(['nx', 'run-many', '-t', 'build', '--projects=tag:app,tag:service', '--outputStyle=static']);

// --before <git ref>: the admin portal built from that commit is measured first, on a product of its own
// seeded the same way, then this checkout's; both in one run on one machine.
const beforeRef = process.argv.includes('--before')
  ? process.argv[process.argv.indexOf('--before') + 1]
  : null;
const beforeBuild = beforeRef ? buildAdminPortalAt(beforeRef) : null;

console.log(describeMachine());
// Seeding sends 200 project requests: behind a "proxy" each comes from its own address, so the per-address
// rate limit (20 requests per 15 minutes) is not what is measured. (The services inherit this process's env.)
process.env.TRUST_PROXY = '1';
const browser = await launchChromium();
/** The product being measured: one per build measured, started fresh. */
let product;
let env;

/** The admin portal's production build at `ref`, from a throwaway worktree: its dist folder. */
function buildAdminPortalAt(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'agency-bench-before-'));
  const sh = (command, args, cwd) => {
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  };
  console.log(`Building the admin portal at ${ref} (a worktree in ${dir})...`);
  sh('git', ['worktree', 'add', '--detach', dir, ref], ROOT);
  process.on('exit', () => spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT }));
  sh(
    'npm',
    ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    dir,
  );
  sh('npx', ['patch-package'], dir);
  sh('npx', ['nx', 'run', '@agency/remote-admin-portal:build', '--outputStyle=static'], dir);
  return join(dir, 'remote-admin-portal', 'dist');
}

// --- seeding through the API ---------------------------------------------------------------------------------

let address = 0;
async function call(token, method, path, body) {
  address += 1;
  const response = await fetch(`${env.API_URL}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function signIn(email, password) {
  const response = await fetch(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign in ${email}: ${response.status}`);
  return (await response.json()).access_token;
}

function serviceRoleKey() {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${head}.${createHmac('sha256', env.SUPABASE_JWT_SECRET).update(head).digest('base64url')}`;
}

/** Runs `task` over `items`, a few at a time. */
async function inBatches(items, size, task) {
  const out = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return out;
}

async function seed() {
  const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
  const password = `bench-${randomUUID()}`;
  const key = serviceRoleKey();
  const created = await fetch(`${env.SUPABASE_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: 'Bench Client' },
    }),
  });
  if (!created.ok) throw new Error(`create the bench client: ${created.status}`);
  const client = await signIn(email, password);
  const admin = await signIn(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);

  // 200 requests: 180 subscriptions asked by the client, 20 fixed-price projects the admin enters for them.
  const subscriptions = await inBatches([...Array(PROJECTS - 20).keys()], 8, (i) =>
    call(client, 'POST', '/api/create-project', {
      title: `Bench project ${String(i + 1).padStart(3, '0')}`,
      tier: i % 2 ? 3 : 4,
      description: `Benchmark project number ${i + 1}: a platform for the team.`,
      monthly_budget_range: ['under-5k', '5k-15k', '15k-50k', '50k-plus'][i % 4],
      timeline: ['asap', '1-month', '2-3-months', '6-months'][i % 4],
    }).then((answer) => answer.id),
  );
  const fixed = await inBatches([...Array(20).keys()], 8, (i) =>
    call(admin, 'POST', '/api/create-project', {
      title: `Bench site ${String(i + 1).padStart(2, '0')}`,
      tier: i % 2 ? 1 : 2,
      description: `A fixed-price site number ${i + 1} for the bench client.`,
      client: 'Bench Client',
      clientEmail: email,
    }).then((answer) => answer.id),
  );

  // States: 40 pending, 20 awaiting the client, 60 active, 30 completed, 20 cancelled, 20 refused (of the
  // subscriptions); of the fixed-price ones 10 awaiting the final payment and 10 active.
  // Accepting is sending a proposal (issue 33): a subscription's with the monthly fee the admin chose, a
  // fixed-price one at the tier's price; the client's approval signs the version it was sent.
  const subscription = new Set(subscriptions);
  const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const accept = (id) =>
    subscription.has(id)
      ? call(admin, 'POST', `/api/projects/${id}/proposal`, {
          scope: 'Technical leadership for the platform team.',
          deliverables: ['Architecture review', 'Hiring plan'],
          monthlyFee: 12000,
          validUntil,
        })
      : call(admin, 'POST', `/api/projects/${id}/accept`);
  const approve = async (id, card) => {
    const { proposal } = await call(client, 'GET', `/api/projects/${id}/proposal`);
    return call(client, 'POST', '/api/client-approve-project', {
      projectId: id,
      action: 'accept',
      proposalVersion: proposal.document.version,
      proposalHash: proposal.hash,
      agreed: true,
      signedName: 'Bench Client',
      ...(card && { paymentMethodId: 'pm_card_visa' }),
    });
  };
  const [awaiting, active, completed, cancelled, refused] = [
    subscriptions.slice(40, 60),
    subscriptions.slice(60, 120),
    subscriptions.slice(120, 150),
    subscriptions.slice(150, 170),
    subscriptions.slice(170, 180),
  ];
  await inBatches([...awaiting, ...active, ...completed, ...cancelled, ...fixed], 6, accept);
  await inBatches([...active, ...completed, ...cancelled], 4, (id) => approve(id, true));
  await inBatches(fixed, 6, (id) => approve(id, false));
  await inBatches([...completed, ...fixed.slice(0, 10)], 4, (id) =>
    call(admin, 'POST', '/api/complete-project', { projectId: id }),
  );
  await inBatches(cancelled, 4, (id) =>
    call(admin, 'POST', '/api/cancel-project', { projectId: id, cancelledBy: 'admin', issueRefund: false }),
  );
  await inBatches([...refused, ...subscriptions.slice(0, 10)], 6, (id) =>
    call(admin, 'POST', `/api/projects/${id}/refuse`),
  );

  // 200 tickets: 50 on the board the Active tab opens with (its newest project), the rest on other boards.
  const first = (await call(admin, 'GET', '/api/projects?view=active&limit=1')).projects[0].id;
  const statuses = ['not-started', 'in-progress', 'in-review', 'done'];
  const boards = [
    ...Array.from({ length: 50 }, (_, i) => ({ project: first, board: 'main', i })),
    ...Array.from({ length: 110 }, (_, i) => ({ project: active[i % active.length], board: 'main', i })),
    ...Array.from({ length: 40 }, (_, i) => ({
      project: completed[i % completed.length],
      board: 'maintenance',
      i,
    })),
  ];
  await inBatches(boards.slice(0, TICKETS), 8, ({ project, board, i }) =>
    call(admin, 'POST', '/api/tickets', {
      project_id: project,
      title: `Task ${i + 1}: ${board} work`,
      board_type: board,
      status: statuses[i % 4],
    }),
  );
  const counts = (await call(admin, 'GET', '/api/project-counts')).counts;
  return { counts };
}

// --- measuring in Chromium -------------------------------------------------------------------------------

/** In the page before any script: marks when things appear, and which fetches are still running. */
function instrument() {
  const bench = (window.__bench = { inflight: 0, lastFetchEnd: 0 });
  const original = window.fetch.bind(window);
  window.fetch = (...args) => {
    const live = String(args[0]).includes('/api/live');
    if (!live) bench.inflight += 1;
    return original(...args).finally(() => {
      if (live) return;
      bench.inflight -= 1;
      bench.lastFetchEnd = performance.now();
    });
  };
  const observer = new MutationObserver(() => {
    if (bench.load === undefined && document.querySelector('[role="tabpanel"][data-selected] article')) {
      bench.loadSeen = performance.now();
      requestAnimationFrame(() => (bench.load = performance.now()));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** In the page: runs `act`, then resolves with the time until `done()` holds and a frame was painted. */
function timeUntil(page, act, done) {
  return page.evaluate(
    ({ act, done }) =>
      new Promise((resolve, reject) => {
        const check = new Function(`return (${done})()`);
        const start = performance.now();
        const deadline = setTimeout(() => reject(new Error(`timed out waiting for ${done}`)), 20_000);
        const finish = () => {
          requestAnimationFrame(() => {
            clearTimeout(deadline);
            resolve(performance.now() - start);
          });
        };
        const observer = new MutationObserver(() => {
          if (check()) {
            observer.disconnect();
            finish();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        new Function(`(${act})()`)();
        if (check()) {
          observer.disconnect();
          finish();
        }
      }),
    { act: act.toString(), done: done.toString() },
  );
}

const domSize = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

async function measure(storageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  try {
    await page.goto(`${product.url}/dashboard`);
    await page.waitForFunction(() => window.__bench.load !== undefined, null, { timeout: 30_000 });
    const load = await page.evaluate(() => window.__bench.load);
    // The page at rest: the other tabs' first pages and the first board are read while idle.
    await page.waitForFunction(
      () => window.__bench.inflight === 0 && performance.now() - window.__bench.lastFetchEnd > 300,
      null,
      { timeout: 30_000 },
    );
    let dom = await domSize(page);

    const toActive = await timeUntil(
      page,
      () => document.querySelector('[role="tab"][data-value="active"]').click(),
      () =>
        Boolean(
          document.querySelector(
            '[role="tabpanel"][data-selected] [data-status="not-started"] li[data-ticket-id]',
          ),
        ),
    );
    dom = Math.max(dom, await domSize(page));

    // A ticket moved with the keyboard (→ next column): settled once shown there and saved.
    const ticketId = await page.evaluate(() =>
      document.querySelector('[data-status="not-started"] li[data-ticket-id]').getAttribute('data-ticket-id'),
    );
    await page.focus(`li[data-ticket-id="${ticketId}"]`);
    const move = await timeUntil(
      page,
      () =>
        document.activeElement.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
        ),
      () => {
        const card = document.activeElement;
        return Boolean(card?.closest('[data-status="in-progress"]')) && window.__bench.inflight === 0;
      },
    );
    await page.waitForFunction(() => window.__bench.inflight === 0);

    const toQueue = await timeUntil(
      page,
      () => document.querySelector('[role="tab"][data-value="queue"]').click(),
      () => Boolean(document.querySelector('[role="tabpanel"][data-selected] article')),
    );

    for (const value of ['pendingFinalPayment', 'completed', 'refused', 'inbox']) {
      await page.click(`[role="tab"][data-value="${value}"]`);
      await page.waitForSelector('[role="tabpanel"][data-selected] :is(article, p)', { timeout: 20_000 });
      await page.waitForFunction(() => window.__bench.inflight === 0);
      dom = Math.max(dom, await domSize(page));
    }
    return { load, tab: Math.max(toActive, toQueue), toActive, toQueue, move, dom };
  } finally {
    await context.close();
  }
}

async function adminSession() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${product.url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(env.ADMIN_EMAIL);
  await form.getByLabel('Password').fill(env.ADMIN_PASSWORD);
  await form.getByLabel('Password').press('Enter');
  await page.waitForURL(`${product.url}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

const ms = (value) => Math.round(value);

/** Starts a product publishing `builds`, seeds it, measures the dashboard RUNS times; the medians. */
async function benchProduct(label, builds) {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-dashboard-'));
  product = await startProduct({
    ports: await freePorts(),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    builds,
  });
  env = product.env;
  try {
    console.log(`${label}: seeding ${PROJECTS} projects and ${TICKETS} tickets...`);
    const { counts } = await seed();
    console.log(
      `  views: ${Object.entries(counts)
        .map(([view, n]) => `${view} ${n}`)
        .join(', ')}`,
    );
    const session = await adminSession();
    // One visit first, so each measured run meets a warm server as a returning admin would.
    await measure(session);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await measure(session);
      runs.push(result);
      console.log(
        `  run ${i + 1}: load ${ms(result.load)} ms, tab ${ms(result.tab)} ms (Queue→Active ${ms(result.toActive)}, Active→Queue ${ms(result.toQueue)}), move ${ms(result.move)} ms, dom ${result.dom}`,
      );
    }
    return {
      load: ms(median(runs.map((r) => r.load))),
      tab: ms(median(runs.map((r) => r.tab))),
      move: ms(median(runs.map((r) => r.move))),
      dom: median(runs.map((r) => r.dom)),
    };
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (value, target) => `${value} (target ≤ ${target}: ${value <= target ? 'ok' : 'OVER'})`;
const line = (label, summary) =>
  `${label} load-ms=${summary.load} tab-ms=${summary.tab} move-ms=${summary.move} dom=${summary.dom}`;
try {
  const before = beforeBuild
    ? await benchProduct(`before (${beforeRef})`, { admin_portal: beforeBuild })
    : null;
  const summary = await benchProduct(beforeRef ? 'after (this checkout)' : 'this checkout', {});
  console.log(
    `median of ${RUNS}: load ${verdict(summary.load, 1000)}, tab ${verdict(summary.tab, 100)}, move ${verdict(summary.move, 100)}, dom ${verdict(summary.dom, 1500)}`,
  );
  if (before) console.log(line(`dashboard-200-before ${beforeRef}`, before));
  console.log(line('dashboard-200', summary));
} finally {
  await browser.close();
}
