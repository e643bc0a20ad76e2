// Starts the whole product: the offline services (auth, payments, mailbox), the API, and the web server
// (web-server/: the host and each remote on its own origin), exactly as `npm start` runs it. Tests call it with
// free ports and a fresh data directory and stop it afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, ROOT } from '../../web-server/src/apps.mjs';
import { isProduction, resolveLocalEnv } from '../../web-server/src/local-env.mjs';
import { startWebServer } from '../../web-server/src/web-server.mjs';
import { freePorts } from './free-ports.mjs';
import { startNginx } from './nginx.mjs';
import { onProcessEnd } from './on-process-end.mjs';
import { startPostgres } from './postgres.mjs';

export { APPS, ROOT };

/**
 * Runs a service's production build (`<dir>/dist/main.mjs`, from `npm run build`) and resolves once it prints
 * its "listening" line(s).
 */
function startService({ name, dir, env, readyLines, log, nodeArgs = [] }) {
  const script = join(ROOT, dir, 'dist', 'main.mjs');
  if (!existsSync(script)) throw new Error(`${script} is missing: build the services first (npm run build).`);
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A caller that dies without stopping the product (an uncaught error, a signal) takes its services along.
  child.once(
    'exit',
    onProcessEnd(() => child.kill('SIGTERM')),
  );
  let pending = readyLines;
  const ready = new Promise((resolve, reject) => {
    const onLine = (line) => {
      log?.(`[${name}] ${line}`);
      if (pending > 0 && /listening on /.test(line) && --pending === 0) resolve();
    };
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(onLine);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => log?.(`[${name}] ${l}`)),
    );
    child.once('exit', (code) => {
      if (pending > 0) reject(new Error(`${name} exited with code ${code} before it was ready`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { ready, stop, child };
}

/** What a start pushes its stops onto; stopAll runs them last first, past any that fail. */
function stopList() {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  return { stops, stopAll };
}

/** Several API processes on one PostgreSQL behind nginx, which listens where the single API would. */
async function startReplicas({ env, replicas, stops, log, nodeArgs }) {
  if (!env.DATABASE_URL) {
    const [pgPort] = Object.values(await freePorts(['POSTGRES_PORT']));
    const postgres = await startPostgres({ port: pgPort });
    stops.push(postgres.stop);
    env.DATABASE_URL = postgres.url;
  }
  const replicaPorts = Object.values(
    await freePorts(Array.from({ length: replicas }, (_, i) => `API_REPLICA_${i + 1}`)),
  );
  for (const [i, port] of replicaPorts.entries()) {
    // One after the other: the first applies the migrations (the others would wait on their lock anyway).
    const replica = startService({
      name: `api-${i + 1}`,
      dir: 'api',
      env: { ...env, API_PORT: String(port), TRUST_PROXY: '1' },
      readyLines: 1,
      log,
      nodeArgs,
    });
    stops.push(replica.stop);
    await replica.ready;
  }
  // Each replica's own address, for what is per process (/metrics): a scraper reads every one.
  env.API_REPLICA_URLS = replicaPorts.map((port) => `http://localhost:${port}`).join(',');
  const nginx = await startNginx({ port: Number(env.API_PORT), upstreams: replicaPorts, log });
  stops.push(nginx.stop);
}

/**
 * The offline stand-ins (unless `env` points at hosted services) and the API (or `apiReplicas` of them behind
 * nginx), on the ports `env` names. startProduct starts them before the web server; the journeys also start
 * them again, with fresh data, beside a web server they keep (e2e/src/support/product.ts).
 * @param {{ env: Record<string, string>, log?: (line: string) => void, apiReplicas?: number, nodeArgs?: string[] }} options
 * @returns {Promise<{ env: Record<string, string>, stop: () => Promise<void> }>} `env`: with what the replicas
 *   add (DATABASE_URL, API_REPLICA_URLS); `stop` stops everything it started, last first.
 */
export async function startServices({ env: given, log, apiReplicas = 1, nodeArgs = [] }) {
  const env = { ...given };
  const { stops, stopAll } = stopList();
  try {
    // The offline stand-ins serve a local run only: pointed at hosted services (production), the auth
    // stand-in would sign tokens with the project's real secret.
    if (!isProduction(env)) {
      const cloud = startService({
        name: 'local-cloud',
        dir: 'local-cloud',
        env,
        readyLines: Number(env.LOCAL_CLOUD_SERVICES ?? 3),
        log,
        nodeArgs,
      });
      stops.push(cloud.stop);
      await cloud.ready;
    }
    if (apiReplicas > 1) {
      await startReplicas({ env, replicas: apiReplicas, stops, log, nodeArgs });
    } else {
      const api = startService({ name: 'api', dir: 'api', env, readyLines: 1, log, nodeArgs });
      stops.push(api.stop);
      await api.ready;
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { env, stop: stopAll };
}

/**
 * @param {{ ports?: Record<string, number>, env?: Record<string, string>, log?: (line: string) => void,
 *           services?: boolean, builds?: Record<string, string>, apiReplicas?: number,
 *           nodeArgs?: string[] }} options
 *   `nodeArgs`: Node options for the service processes (the journeys' short-lived products).
 *   `builds`: remote name -> the build folder to publish at start instead of <remote>/dist (tests).
 *   `apiReplicas`: more than one runs that many API processes on PostgreSQL (DATABASE_URL, or a throwaway
 *   server started here) behind nginx at API_URL, as the compose deployment does.
 */
export async function startProduct({
  ports = {},
  env: extraEnv = {},
  log,
  services = true,
  builds = {},
  apiReplicas = 1,
  nodeArgs = [],
} = {}) {
  // What the caller adds and the local defaults do not name (AUTH_SESSION_CHECK_MS, say) goes to every process.
  let env = { ...extraEnv, ...(await resolveLocalEnv({ ...process.env, ...extraEnv }, ports)) };
  const { stops, stopAll } = stopList();
  try {
    if (services) {
      const started = await startServices({ env, log, apiReplicas, nodeArgs });
      stops.push(started.stop);
      env = started.env;
    }
    const web = await startWebServer({ env, builds, log });
    stops.push(web.stop);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { env, url: env.PUBLIC_SITE_URL, stop: stopAll };
}
