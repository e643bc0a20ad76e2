// `npm run bench:scale`: the product on a throwaway PostgreSQL with 10,000 projects and 50,000 tickets, two API
// replicas behind nginx (the compose topology without containers). Loads the admin's paginated project list
// and a client's with 200 concurrent connections (autocannon, alternating, after 5 s of the same load that is
// not counted), then measures in Chromium how long the admin dashboard takes to show its first page. Last line:
//   projects=10000 replicas=2 list-p50-ms=<n> list-p99-ms=<n> errors=<n>
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { startPostgres } from '../tools/product/postgres.mjs';
import { launchChromium } from '../tools/product/chromium.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';

const PROJECTS = 10_000;
const TICKETS_PER_PROJECT = 5;
const REPLICAS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// The same load first, not counted: the processes' first seconds (compiling hot code, reading each page into
// the cache, opening pool connections) are start-up, not the latency the lists have in service.
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);

const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '--projects=tag:app,tag:service', '--outputStyle=static'],
  { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);

console.log(describeMachine());
const ports = await freePorts([
  ...Object.keys(await import('../web-server/src/local-env.mjs').then((m) => m.DEFAULT_PORTS)),
  'POSTGRES_PORT',
]);
const postgres = await startPostgres({ port: ports.POSTGRES_PORT });
const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-scale-'));
let product;
try {
  product = await startProduct({
    ports,
    apiReplicas: REPLICAS,
    env: { DATA_DIR: dataDir, DATABASE_URL: postgres.url, LOG_LEVEL: 'warn' },
  });
  const { env } = product;

  const session = await signIn(env, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  const client = await createClient(env);
  console.log(`Seeding ${PROJECTS} projects and ${PROJECTS * TICKETS_PER_PROJECT} tickets...`);
  await seed(postgres.url, client.id, client.email);

  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s of warm-up, through nginx at ${env.API_URL} to ${REPLICAS} API processes`,
  );
  const result = await autocannon({
    url: env.API_URL,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(WARMUP_S > 0 && { warmup: { connections: CONNECTIONS, duration: WARMUP_S } }),
    requests: [
      {
        method: 'GET',
        path: '/api/projects?view=pending&limit=10',
        headers: { authorization: `Bearer ${session.access_token}`, 'accept-encoding': 'br' },
      },
      {
        method: 'GET',
        path: '/api/projects?view=active&limit=10',
        headers: { authorization: `Bearer ${client.token}`, 'accept-encoding': 'br' },
      },
    ],
  });
  const failures = (run) => run.non2xx + run.errors + run.timeouts;
  const errors = failures(result);
  if (result.warmup)
    console.log(
      `warm-up (${WARMUP_S} s, not counted)  p50=${result.warmup.latency.p50} ms  p99=${result.warmup.latency.p99} ms  errors=${failures(result.warmup)}`,
    );
  console.log(
    `project lists   p50=${result.latency.p50} ms  p99=${result.latency.p99} ms  req/s=${Math.round(result.requests.average)}  errors=${errors}`,
  );

  if (process.env.BENCH_PAUSE)
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_PAUSE) * 1000));
  const firstRender = await measureAdminDashboard(env);
  console.log(
    `admin-dashboard-first-render-ms=${firstRender} (${PROJECTS} projects, Chromium, after sign-in)`,
  );
  console.log(
    `projects=${PROJECTS} replicas=${REPLICAS} list-p50-ms=${result.latency.p50} list-p99-ms=${result.latency.p99} errors=${errors}`,
  );
} finally {
  await product?.stop();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function signIn(env, email, password) {
  const response = await fetch(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A confirmed client, signed in; its profile exists once it called the API. */
async function createClient(env) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/bench/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_PROJECTS: '0' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`client seeding failed: ${seeded.stderr}`);
  const { accessToken, userId, email } = JSON.parse(seeded.stdout.trim().split('\n').pop());
  return { token: accessToken, id: userId, email };
}

/** Projects in every state (one in a hundred the client's), and five tickets each, in two statements. */
async function seed(databaseUrl, clientId, clientEmail) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into projects (title, description, tier, client_id, client_name, client_email, status, admin_approval_status,
         client_approval_status, overall_status, is_active, cancelled, monthly_budget_range, timeline)
       select 'Project ' || g, 'Seeded project ' || g || ': a web application for a growing business.', 1 + g % 4,
              case when g % 100 = 0 then $1::uuid end, 'Client ' || g, case when g % 100 = 0 then $2 else 'client' || g || '@example.test' end,
              (array['pending','pending','active','pending_final_payment','completed','refused'])[1 + g % 6],
              (array['pending','accepted','accepted','accepted','accepted','refused'])[1 + g % 6],
              (array['pending','pending','accepted','accepted','accepted','pending'])[1 + g % 6],
              (array['pending','pending','accepted','accepted','accepted','refused'])[1 + g % 6],
              g % 6 in (2, 3), false, '15k-50k', '1-month'
         from generate_series(1, $3::int) g`,
      [clientId, clientEmail, PROJECTS],
    );
    await db.query(
      `insert into tickets (title, project_id, client_id, board_type, status)
       select 'Ticket ' || t, p.id, p.client_id, 'main', (array['not-started','in-progress','in-review','done'])[1 + t % 4]
         from projects p cross join generate_series(1, $1::int) t`,
      [TICKETS_PER_PROJECT],
    );
    await db.query('analyze projects; analyze tickets');
  } finally {
    await db.end();
  }
}

/** Navigation to /dashboard (signed in as the admin) until the first project of the queue shows: median of 3. */
async function measureAdminDashboard(env) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.PUBLIC_SITE_URL}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(env.ADMIN_EMAIL);
    await form.getByLabel('Password').fill(env.ADMIN_PASSWORD);
    await form.getByLabel('Password').press('Enter');
    await page.waitForURL(`${env.PUBLIC_SITE_URL}/dashboard`);
    await page
      .getByRole('heading', { name: /Project 9\d{3}/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await page.goto(`${env.PUBLIC_SITE_URL}/dashboard`);
      await page
        .getByRole('heading', { name: /Project \d+/ })
        .first()
        .waitFor({ timeout: 60_000 });
      runs.push(Date.now() - started);
    }
    return runs.sort((a, b) => a - b)[1];
  } finally {
    await browser.close();
  }
}
