import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { useProductSuite } from './support/suite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Listening TCP sockets of this machine: local address → port, from /proc (IPv4 and IPv6). */
function listeningSockets(): Array<{ address: string; port: number }> {
  const sockets: Array<{ address: string; port: number }> = [];
  for (const [file, v6] of [['/proc/net/tcp', false], ['/proc/net/tcp6', true]] as const) {
    let text = '';
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
        : hex!.match(/../g)!.reverse().map((byte) => parseInt(byte, 16)).join('.');
      sockets.push({ address, port: parseInt(portHex!, 16) });
    }
  }
  return sockets;
}

/** Runs a service's entry point with `env` and resolves with its exit code and output. */
function runService(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { PATH: process.env.PATH!, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const ports = ['HOST_PORT', 'MARKETING_PORT', 'CHECKOUT_PORT', 'CLIENT_PORTAL_PORT', 'ADMIN_PORTAL_PORT', 'API_PORT', 'LOCAL_AUTH_PORT', 'LOCAL_STRIPE_PORT', 'MAILBOX_PORT', 'SMTP_PORT'].map((name) => Number(env[name]));
    const sockets = listeningSockets().filter((socket) => ports.includes(socket.port));
    assert.deepEqual([...new Set(sockets.map((s) => s.port))].sort(), [...ports].sort(), 'each port listens');
    assert.deepEqual(sockets.filter((s) => s.address !== '127.0.0.1'), []);
  });

  test('the API refuses to start in production without its secrets, naming each variable', async () => {
    const { code, output } = await runService('api/src/main.ts', { NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_local' });
    assert.equal(code, 1);
    for (const variable of ['DATABASE_URL', 'SUPABASE_JWT_SECRET', 'STRIPE_SECRET_KEY', 'SMTP_URL', 'PUBLIC_SITE_URL']) assert.match(output, new RegExp(variable));
    assert.match(output, /STRIPE_WEBHOOK_SECRET is a public local default/);
  });

  test('the offline services refuse the public local secrets in production', async () => {
    const { code, output } = await runService('local-cloud/src/main.ts', { NODE_ENV: 'production' });
    assert.equal(code, 1);
    assert.match(output, /SUPABASE_JWT_SECRET must be set/);
  });
});
