// Starts the whole product: the offline services (auth, payments, mailbox), the API, and the host and
// each remote on its own origin, exactly as `npm start` runs it. Tests call it with free ports and a
// fresh data directory and stop it afterwards.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfigFrom, resolveLocalEnv } from './local-env.mjs';
import { contentSecurityPolicy, startStaticServer } from './static-server.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const APPS = [
  { dir: 'host', portVar: 'HOST_PORT', urlVar: 'PUBLIC_SITE_URL' },
  { dir: 'remote-marketing', portVar: 'MARKETING_PORT', urlVar: 'MARKETING_URL' },
  { dir: 'remote-checkout', portVar: 'CHECKOUT_PORT', urlVar: 'CHECKOUT_URL' },
  { dir: 'remote-client-portal', portVar: 'CLIENT_PORTAL_PORT', urlVar: 'CLIENT_PORTAL_URL' },
  { dir: 'remote-admin-portal', portVar: 'ADMIN_PORTAL_PORT', urlVar: 'ADMIN_PORTAL_URL' },
];

/** Runs a TypeScript service with tsx and resolves once it prints its "listening" line(s). */
function startService({ name, script, env, readyLines, log }) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    child.stderr.on('data', (chunk) => chunk.toString().split('\n').filter(Boolean).forEach((l) => log?.(`[${name}] ${l}`)));
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

/**
 * @param {{ ports?: Record<string, number>, env?: Record<string, string>, log?: (line: string) => void,
 *           services?: boolean }} options
 */
export async function startProduct({ ports = {}, env: extraEnv = {}, log, services = true } = {}) {
  const env = await resolveLocalEnv({ ...process.env, ...extraEnv }, ports);
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    if (services) {
      const cloud = startService({
        name: 'local-cloud',
        script: 'local-cloud/src/main.ts',
        env,
        readyLines: Number(env.LOCAL_CLOUD_SERVICES ?? 3),
        log,
      });
      stops.push(cloud.stop);
      await cloud.ready;
      const api = startService({ name: 'api', script: 'api/src/main.ts', env, readyLines: 1, log });
      stops.push(api.stop);
      await api.ready;
    }
    const appConfig = appConfigFrom(env);
    const csp = contentSecurityPolicy(appConfig);
    for (const app of APPS) {
      const isHost = app.dir === 'host';
      const server = await startStaticServer({
        dir: join(ROOT, app.dir, 'dist'),
        port: Number(env[app.portVar]),
        spa: isHost,
        cors: !isHost,
        csp: isHost ? csp : undefined,
        appConfig: isHost ? appConfig : undefined,
      });
      stops.push(server.close);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { env, url: env.PUBLIC_SITE_URL, stop: stopAll };
}
