import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { generateSync } from 'otplib';
import { pino } from 'pino';
import { AuthStore } from './auth/auth-store';
import { createAuthService } from './auth/auth-service';
import { createTokenSigner } from './auth/auth-tokens';

/**
 * Two-factor sign-in against the offline auth service, driven by the real supabase-js MFA API as an app would:
 * enrol TOTP, challenge, verify (aal2), recovery codes, unenrol.
 */
const ws: unknown = require('ws');
const SECRET = 'auth-mfa-test-secret-0123456789-0123456789-abcdef';
const SITE = 'http://localhost:3000';
const roomy = { windowMs: 60_000, limit: 1000 };

let server: ServerType;
let url = '';
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'auth-mfa-'));
  const app = createAuthService({
    store: new AuthStore(path.join(dir, 'users.json')),
    signer: createTokenSigner(SECRET, () => `${url}/auth/v1`),
    publicUrl: () => url,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    sendMail: async () => {},
    logger: pino({ level: 'silent' }),
    rateLimits: { signUp: roomy, signIn: roomy, recover: roomy, mailPerRecipient: roomy },
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

const client = (): SupabaseClient =>
  createClient(url, 'anon', {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      experimental: { recoveryCodes: true },
    },
    realtime: { transport: ws as never },
  });

let n = 0;
async function confirmedUser(): Promise<{ email: string; password: string }> {
  n += 1;
  const email = `mfa.${n}.${Date.now()}@example.test`;
  const password = 'mfa-password-1';
  const key = await new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(SECRET));
  const response = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  expect(response.status).toBe(200);
  return { email, password };
}

const claims = async (supabase: SupabaseClient) =>
  decodeJwt((await supabase.auth.getSession()).data.session!.access_token) as {
    aal: string;
    amr: { method: string }[];
    session_id: string;
  };

/** Enrols and verifies a TOTP factor; answers its id and secret. */
async function enrolTotp(supabase: SupabaseClient) {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  const { data: verified, error: verifyError } = await supabase.auth.mfa.challengeAndVerify({
    factorId: data!.id,
    code: generateSync({ secret: data!.totp.secret }),
  });
  expect(verifyError).toBeNull();
  expect(verified!.access_token).toBeTruthy();
  return { factorId: data!.id, secret: data!.totp.secret };
}

describe('two-factor sign-in (supabase-js auth.mfa)', () => {
  it('enrols TOTP with a QR code and secret; verifying upgrades the session to aal2 and ends the aal1 ones', async () => {
    const user = await confirmedUser();
    const other = client();
    await other.auth.signInWithPassword(user);
    const supabase = client();
    await supabase.auth.signInWithPassword(user);
    expect(await claims(supabase)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });

    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', issuer: 'Consultancy' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data!.totp.qr_code).not.toContain('#');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/Consultancy:${encodeURIComponent(user.email)}?secret=${data!.totp.secret}&issuer=Consultancy`,
    );
    // Unverified: listed, but no second level yet.
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });

    const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });
    const wrong = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: '000000',
    });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 });
    const right = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: generateSync({ secret: data!.totp.secret }),
    });
    expect(right.error).toBeNull();
    const upgraded = await claims(supabase);
    expect(upgraded.aal).toBe('aal2');
    expect(upgraded.amr.map((m) => m.method)).toEqual(['password', 'totp']);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    const { data: factors } = await supabase.auth.mfa.listFactors();
    expect(factors!.totp).toEqual([expect.objectContaining({ id: data!.id, status: 'verified' })]);
    // The aal1 session elsewhere ended, as GoTrue does on verification.
    const ended = await fetch(`${url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${(await other.auth.getSession()).data.session!.access_token}` },
    });
    expect(await ended.json()).toMatchObject({ code: 'session_not_found' });
    // A refreshed session keeps its level.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('signing in again gives aal1 with aal2 next; the code from the authenticator gives aal2', async () => {
    const user = await confirmedUser();
    const { secret, factorId } = await enrolTotp(await signedIn(user));
    const later = await signedIn(user);
    expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // Below aal2 a verified factor cannot be removed nor another one added.
    expect((await later.auth.mfa.unenroll({ factorId })).error).toMatchObject({ code: 'insufficient_aal' });
    expect((await later.auth.mfa.enroll({ factorType: 'totp' })).error).toMatchObject({
      code: 'insufficient_aal',
    });
    const { error } = await later.auth.mfa.challengeAndVerify({ factorId, code: generateSync({ secret }) });
    expect(error).toBeNull();
    expect((await claims(later)).aal).toBe('aal2');
    expect((await later.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await later.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('recovery codes: shown once, each replaces a TOTP code once, case and dashes ignored', async () => {
    const user = await confirmedUser();
    const first = await signedIn(user);
    await enrolTotp(first);
    const generated = await first.auth.mfa.recoveryCodes.generate();
    expect(generated.error).toBeNull();
    const codes = generated.data!.codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{16}$/);
    expect((await first.auth.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 10 });

    const lostPhone = await signedIn(user);
    const typed = codes[0]!.toUpperCase().match(/.{4}/g)!.join('-');
    const { error } = await lostPhone.auth.mfa.recoveryCodes.verify({ code: typed });
    expect(error).toBeNull();
    const upgraded = await claims(lostPhone);
    expect(upgraded.aal).toBe('aal2');
    expect(upgraded.amr.map((m) => m.method)).toContain('mfa/recovery_code');

    const again = await signedIn(user);
    expect((await again.auth.mfa.recoveryCodes.verify({ code: codes[0]! })).error).toMatchObject({
      code: 'mfa_verification_failed',
    });
    expect((await again.auth.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 9 });
    // Regenerating needs aal2 and replaces every code.
    expect((await again.auth.mfa.recoveryCodes.regenerate()).error).toMatchObject({
      code: 'insufficient_aal',
    });
    const fresh = await lostPhone.auth.mfa.recoveryCodes.regenerate();
    expect(fresh.data!.codes).toHaveLength(10);
    expect((await again.auth.mfa.recoveryCodes.verify({ code: codes[1]! })).error).toMatchObject({
      code: 'mfa_verification_failed',
    });
  });

  it('recovery codes are never the only factor, and lock after five wrong ones', async () => {
    const user = await confirmedUser();
    const supabase = await signedIn(user);
    expect((await supabase.auth.mfa.recoveryCodes.generate()).error).toMatchObject({
      code: 'mfa_recovery_codes_sole_factor',
    });
    await enrolTotp(supabase);
    const { codes } = (await supabase.auth.mfa.recoveryCodes.generate()).data!;
    const attacker = await signedIn(user);
    for (let i = 0; i < 5; i++)
      expect((await attacker.auth.mfa.recoveryCodes.verify({ code: `wrong-${i}` })).error).toMatchObject({
        code: 'mfa_verification_failed',
      });
    expect((await attacker.auth.mfa.recoveryCodes.verify({ code: codes[0]! })).error).toMatchObject({
      code: 'mfa_recovery_codes_locked',
      status: 429,
    });
  });
});

async function signedIn(user: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = client();
  const { error } = await supabase.auth.signInWithPassword(user);
  expect(error).toBeNull();
  return supabase;
}
