// `npm run bench:api`: starts the API and offline services on free ports with a fresh database, seeds a
// client with projects, then loads the client's project list and the contact form with 200 concurrent
// connections (autocannon) and prints p50/p99 latency and errors. 429s from the contact form's rate
// limit are deliberate and reported apart from errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startProduct } from '../tools/product/start-product.mjs';
import { freePorts } from '../tools/product/free-ports.mjs';
import { describeMachine } from '../tools/bench/machine.mjs';

const CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

// The services run from their production builds (cached when unchanged).
const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '--projects=tag:service', '--outputStyle=static'],
  { cwd: ROOT, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

console.log(describeMachine());
const ports = await freePorts();
const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-api-'));
// Request logging stays on (LOG_LEVEL info, the production default): the figures include writing the logs.
const product = await startProduct({ ports, env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) => {
      if (error) return reject(error);
      const status = result.statusCodeStats ?? {};
      const rateLimited = status['429']?.count ?? 0;
      const unexpected = result.non2xx - rateLimited + result.errors + result.timeouts;
      console.log(
        `${title.padEnd(22)} p50=${result.latency.p50} ms  p99=${result.latency.p99} ms  ` +
          `req/s=${Math.round(result.requests.average)}  2xx=${result['2xx']}  429=${rateLimited}  errors=${unexpected}`,
      );
      resolve({ p50: result.latency.p50, p99: result.latency.p99, errors: unexpected });
    });
  });
}

try {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/bench/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...product.env },
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
  const { accessToken } = JSON.parse(seed.stdout.trim().split('\n').pop());
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each, API on ${product.env.API_URL}`);
  // The first page of a tab, as the client portal asks for it.
  const list = await run('client project list', {
    url: `${product.env.API_URL}/api/projects?view=pending&limit=10`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const contact = await run('contact form', {
    url: `${product.env.API_URL}/api/contact-form`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Visitor',
      email: 'bench@example.test',
      company: '',
      projectDetails: 'A benchmark message with enough detail.',
    }),
  });
  console.log(
    `api-project-list-p50-ms=${list.p50} p99-ms=${list.p99} errors=${list.errors} ` +
      `contact-p50-ms=${contact.p50} p99-ms=${contact.p99} errors=${contact.errors}`,
  );
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
