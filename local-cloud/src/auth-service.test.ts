import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { AuthStore } from './auth/auth-store';
import { createAuthService, type AuthMail } from './auth/auth-service';
import { createTokenSigner } from './auth/auth-tokens';

const SECRET = 'auth-service-test-secret-0123456789-0123456789';
const limit = { windowMs: 60_000, limit: 2 };

let server: ServerType;
let url: string;
let dir: string;
const mails: AuthMail[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'auth-service-'));
  const app = createAuthService({
    store: new AuthStore(path.join(dir, 'users.json')),
    signer: createTokenSigner(SECRET, () => `${url}/auth/v1`),
    publicUrl: () => url,
    siteUrl: 'http://localhost:3000',
    allowedOrigins: ['http://localhost:3000'],
    sendMail: async (mail) => {
      mails.push(mail);
    },
    logger: pino({ level: 'silent' }),
    rateLimits: { signUp: limit, signIn: limit, recover: limit },
    bcryptRounds: 4,
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/auth/v1${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const serviceKey = (role: string) =>
  new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));

describe('auth service', () => {
  it('rate-limits sign-in per address, ignoring X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await post(
        '/token?grant_type=password',
        { email: 'nobody@example.test', password: 'whatever' },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('rate-limits sign-up per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post('/signup', { email: `u${i}@example.test`, password: 'secret1' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your sign-up', 'Confirm your sign-up']);
  });

  it('refuses an empty refresh token and unknown grant types', async () => {
    const r = await post('/token?grant_type=refresh_token', {});
    expect(await r.json()).toMatchObject({ code: 'refresh_token_not_found' });
    const unknown = await fetch(`${url}/auth/v1/token?grant_type=magic`, { method: 'POST', body: '{}' });
    expect(await unknown.json()).toMatchObject({ code: 'unsupported_grant_type' });
  });

  it('answers malformed JSON with 400', async () => {
    const r = await fetch(`${url}/auth/v1/recover`, { method: 'POST', body: '{"email":' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'bad_json' });
  });

  it('opens the admin API only to the service role key', async () => {
    const user = { email: 'staff@example.test', password: 'secret1', email_confirm: true };
    expect((await post('/admin/users', user)).status).toBe(403);
    expect(
      (await post('/admin/users', user, { authorization: `Bearer ${await serviceKey('authenticated')}` }))
        .status,
    ).toBe(403);
    const created = await post('/admin/users', user, {
      authorization: `Bearer ${await serviceKey('service_role')}`,
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      email: 'staff@example.test',
      email_confirmed_at: expect.any(String),
    });
    const again = await post('/admin/users', user, {
      authorization: `Bearer ${await serviceKey('service_role')}`,
    });
    expect(again.status).toBe(422);
  });

  it('answers CORS preflights for the product origins with the supabase-js headers', async () => {
    const r = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(r.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
  });
});
