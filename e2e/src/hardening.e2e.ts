import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { useProductSuite } from './support/suite';
import { freePorts } from '../../tools/product/free-ports.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Listening TCP sockets of this machine: local address → port, from /proc (IPv4 and IPv6). */
function listeningSockets(): Array<{ address: string; port: number }> {
  const sockets: Array<{ address: string; port: number }> = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A') continue; // LISTEN
      const [hex, portHex] = local!.split(':');
      const address = v6
        ? hex === '00000000000000000000000001000000'
          ? '::1'
          : hex === '00000000000000000000000000000000'
            ? '::'
            : hex!
        : hex!
            .match(/../g)!
            .reverse()
            .map((byte) => parseInt(byte, 16))
            .join('.');
      sockets.push({ address, port: parseInt(portHex!, 16) });
    }
  }
  return sockets;
}

/** Runs a service's entry point with `env` and resolves with its exit code and output. */
function runService(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('hardening (issue 13)', () => {
  const suite = useProductSuite({ services: true });

  test('every server of the product listens on this machine only (127.0.0.1), not on every interface', () => {
    const env = suite.product.env;
    const ports = [
      'HOST_PORT',
      'MARKETING_PORT',
      'CHECKOUT_PORT',
      'CLIENT_PORTAL_PORT',
      'ADMIN_PORTAL_PORT',
      'API_PORT',
      'LOCAL_AUTH_PORT',
      'LOCAL_STRIPE_PORT',
      'MAILBOX_PORT',
      'SMTP_PORT',
    ].map((name) => Number(env[name]));
    const sockets = listeningSockets().filter((socket) => ports.includes(socket.port));
    assert.deepEqual([...new Set(sockets.map((s) => s.port))].sort(), [...ports].sort(), 'each port listens');
    assert.deepEqual(
      sockets.filter((s) => s.address !== '127.0.0.1'),
      [],
    );
  });

  test('the API refuses to start in production without its secrets, naming each variable', async () => {
    const { code, output } = await runService('api/src/main.ts', {
      NODE_ENV: 'production',
      STRIPE_WEBHOOK_SECRET: 'whsec_local',
    });
    assert.equal(code, 1);
    for (const variable of [
      'DATABASE_URL',
      'SUPABASE_JWT_SECRET',
      'STRIPE_SECRET_KEY',
      'SMTP_URL',
      'PUBLIC_SITE_URL',
    ])
      assert.match(output, new RegExp(variable));
    assert.match(output, /STRIPE_WEBHOOK_SECRET is a public local default/);
  });

  test('SIGTERM drains the API: push streams end, the process finishes what it was doing and exits 0', async () => {
    const env = suite.product.env;
    const [port] = Object.values(await freePorts(['DRAINED_API_PORT']));
    const dataDir = mkdtempSync(join(tmpdir(), 'agency-drain-'));
    const child = spawn(process.execPath, ['api/dist/main.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ...env, API_PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 60_000;
      while (!/listening on/.test(output) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const signIn = await fetch(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: env.SUPABASE_ANON_KEY!, 'content-type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      const stream = await fetch(`http://127.0.0.1:${port}/api/live`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(stream.status, 200);
      const reader = stream.body!.getReader();
      await reader.read();
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The stream ends (its browser would reconnect to a replica that stays), then the process exits cleanly.
      for (;;) if ((await reader.read()).done) break;
      assert.equal(await exited, 0);
      assert.match(output, /"msg":"draining"/);
      assert.match(output, /"msg":"stopped"/);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the offline services refuse the public local secrets in production', async () => {
    const { code, output } = await runService('local-cloud/src/main.ts', { NODE_ENV: 'production' });
    assert.equal(code, 1);
    assert.match(output, /SUPABASE_JWT_SECRET must be set/);
  });
});
