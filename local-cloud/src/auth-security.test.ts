import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import bcrypt from 'bcryptjs';
import { pino } from 'pino';
import type { RateLimit } from '@agency/domain';
import { AuthStore } from './auth/auth-store';
import { createAuthService, type AuthMail } from './auth/auth-service';
import { createTokenSigner } from './auth/auth-tokens';

/**
 * The findings of issue 13 against the offline auth service, one test each: it must not be usable to take
 * over an account before confirmation, to mail many recipients at once, to flood one recipient, to keep
 * sessions alive after a password change, or to find out by timing who has an account.
 */
const SECRET = 'auth-security-test-secret-0123456789-0123456789';
const SITE = 'http://localhost:3000';
const roomy: RateLimit = { windowMs: 60_000, limit: 1000 };

interface AuthUnderTest {
  url: string;
  mails: AuthMail[];
  stop(): Promise<void>;
}

const running: AuthUnderTest[] = [];

async function startAuth(
  options: {
    mailPerRecipient?: RateLimit;
    signIn?: RateLimit;
    bcryptRounds?: number;
    resendIntervalMs?: number;
  } = {},
): Promise<AuthUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-security-'));
  const mails: AuthMail[] = [];
  let url = '';
  const app = createAuthService({
    store: new AuthStore(path.join(dir, 'users.json')),
    signer: createTokenSigner(SECRET, () => `${url}/auth/v1`),
    publicUrl: () => url,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    sendMail: async (mail) => {
      mails.push(mail);
    },
    logger: pino({ level: 'silent' }),
    // Behind a proxy, so each test can claim as many source addresses as it likes.
    trustProxy: true,
    rateLimits: {
      signUp: roomy,
      signIn: options.signIn ?? roomy,
      recover: roomy,
      mailPerRecipient: options.mailPerRecipient ?? roomy,
      resendIntervalMs: options.resendIntervalMs,
    },
    bcryptRounds: options.bcryptRounds ?? 4,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve(s);
    });
  });
  const auth = {
    url,
    mails,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.push(auth);
  return auth;
}

afterAll(async () => {
  await Promise.all(running.map((auth) => auth.stop()));
});

let source = 0;
/** Each request from another source address (X-Forwarded-For), so only per-recipient limits can apply. */
function call(auth: AuthUnderTest, method: string, route: string, body?: unknown, token?: string) {
  source += 1;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': `10.1.${source >> 8}.${source & 255}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${auth.url}/auth/v1${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const signUp = (auth: AuthUnderTest, email: string, password: string, fullName = 'Ada Lovelace') =>
  call(auth, 'POST', `/signup?redirect_to=${encodeURIComponent(`${SITE}/login`)}`, {
    email,
    password,
    data: { full_name: fullName },
  });

async function signIn(auth: AuthUnderTest, email: string, password: string) {
  const response = await call(auth, 'POST', '/token?grant_type=password', { email, password });
  return {
    status: response.status,
    body: (await response.json()) as { access_token: string; refresh_token: string; code?: string },
  };
}

const refresh = (auth: AuthUnderTest, refreshToken: string) =>
  call(auth, 'POST', '/token?grant_type=refresh_token', { refresh_token: refreshToken });

/** Follows the newest link of `type` mailed to `email`. */
async function confirmByMail(
  auth: AuthUnderTest,
  email: string,
  type: 'signup' | 'recovery' = 'signup',
): Promise<URLSearchParams> {
  const mail = [...auth.mails].reverse().find((m) => m.to === email && m.text.includes(`type=${type}`));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no ${type} mail to ${email}`);
  const response = await fetch(link, { redirect: 'manual' });
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

async function signedUpAndConfirmed(auth: AuthUnderTest, email: string, password: string): Promise<void> {
  expect((await signUp(auth, email, password)).status).toBe(200);
  expect((await confirmByMail(auth, email)).get('access_token')).toBeTruthy();
}

describe('offline auth service security', () => {
  let auth: AuthUnderTest;
  beforeAll(async () => {
    auth = await startAuth();
  });

  it('signing up again before confirmation keeps the first password', async () => {
    const email = 'first.come@example.test';
    expect((await signUp(auth, email, 'owner-password', 'Ada Owner')).status).toBe(200);
    const again = await signUp(auth, email, 'attacker-password', 'Mallory');
    expect(again.status).toBe(200);
    const confirmed = await confirmByMail(auth, email);
    expect(confirmed.get('type')).toBe('signup');

    expect(await signIn(auth, email, 'attacker-password')).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials' },
    });
    const owner = await signIn(auth, email, 'owner-password');
    expect(owner.status).toBe(200);
    const user = await (await call(auth, 'GET', '/user', undefined, owner.body.access_token)).json();
    expect(user.user_metadata).toEqual({ full_name: 'Ada Owner' });
  });

  it('signing up again answers alike for a confirmed and an unconfirmed address, and resends only the confirmation', async () => {
    await signedUpAndConfirmed(auth, 'confirmed.one@example.test', 'secret-one');
    expect((await signUp(auth, 'pending.one@example.test', 'secret-one')).status).toBe(200);
    const mailsBefore = auth.mails.length;
    const answers = [];
    for (const email of ['confirmed.one@example.test', 'pending.one@example.test']) {
      const response = await signUp(auth, email, 'another-secret', 'Somebody');
      expect(response.status).toBe(200);
      const body = await response.json();
      answers.push({
        ...body,
        id: 'x',
        email: 'x',
        created_at: 'x',
        updated_at: 'x',
        confirmation_sent_at: 'x',
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({
      identities: [],
      email_confirmed_at: null,
      last_sign_in_at: null,
      user_metadata: { full_name: 'Somebody' },
    });
    expect(auth.mails.slice(mailsBefore).map((m) => [m.to, m.subject])).toEqual([
      ['pending.one@example.test', 'Confirm your sign-up'],
    ]);
  });

  it('a comma-separated list of addresses is refused and mails nobody', async () => {
    const list = Array.from({ length: 50 }, (_, i) => `victim${i}@example.test`).join(',');
    const before = auth.mails.length;
    for (const [route, body] of [
      ['/signup', { email: list, password: 'secret-one' }],
      ['/recover', { email: list }],
    ] as const) {
      const response = await call(auth, 'POST', route, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        msg: 'Unable to validate email address: invalid format',
      });
    }
    expect(auth.mails.length).toBe(before);
  });

  it('a CR/LF in the address cannot inject a recipient', async () => {
    await signedUpAndConfirmed(auth, 'crlf.owner@example.test', 'secret-one');
    const before = auth.mails.length;
    for (const email of [
      'crlf.owner@example.test\r\nBcc: victim@example.test',
      'new.one@example.test\nBcc: victim@example.test',
    ]) {
      expect((await call(auth, 'POST', '/recover', { email })).status).toBe(400);
      expect((await signUp(auth, email, 'secret-one')).status).toBe(400);
    }
    expect(auth.mails.length).toBe(before);
    expect(
      (await signIn(auth, 'crlf.owner@example.test\r\nBcc: victim@example.test', 'secret-one')).status,
    ).toBe(400);
  });

  it('an address longer than SMTP carries is refused', async () => {
    const response = await signUp(auth, `${'a'.repeat(250)}@example.test`, 'secret-one');
    expect(response.status).toBe(400);
    const admin = await call(auth, 'POST', '/recover', { email: `${'b'.repeat(65)}@example.test` });
    expect(admin.status).toBe(400);
  });

  it('a password change ends every other session of the user', async () => {
    const email = 'two.devices@example.test';
    await signedUpAndConfirmed(auth, email, 'old-password');
    const laptop = (await signIn(auth, email, 'old-password')).body;
    const phone = (await signIn(auth, email, 'old-password')).body;

    const changed = await call(auth, 'PUT', '/user', { password: 'new-password' }, laptop.access_token);
    expect(changed.status).toBe(200);

    const phoneUser = await call(auth, 'GET', '/user', undefined, phone.access_token);
    expect(phoneUser.status).toBe(403);
    expect(await phoneUser.json()).toMatchObject({ code: 'session_not_found' });
    expect((await refresh(auth, phone.refresh_token)).status).toBe(400);

    // The caller's own session goes on, as with GoTrue.
    expect((await call(auth, 'GET', '/user', undefined, laptop.access_token)).status).toBe(200);
    expect((await refresh(auth, laptop.refresh_token)).status).toBe(200);
    expect((await signIn(auth, email, 'new-password')).status).toBe(200);
  });

  it('a password reset by e-mail ends every other session and mails a "password changed" notice', async () => {
    const email = 'reset.notice@example.test';
    await signedUpAndConfirmed(auth, email, 'old-password');
    const phone = (await signIn(auth, email, 'old-password')).body;
    expect((await call(auth, 'POST', '/recover', { email })).status).toBe(200);
    const recovery = await confirmByMail(auth, email, 'recovery');
    expect(recovery.get('type')).toBe('recovery');

    const changed = await call(
      auth,
      'PUT',
      '/user',
      { password: 'new-password' },
      recovery.get('access_token')!,
    );
    expect(changed.status).toBe(200);
    const phoneUser = await call(auth, 'GET', '/user', undefined, phone.access_token);
    expect(await phoneUser.json()).toMatchObject({ code: 'session_not_found' });
    expect((await refresh(auth, phone.refresh_token)).status).toBe(400);
    const notice = auth.mails.filter((m) => m.to === email && m.subject === 'Your password was changed');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(`${SITE}/login`);
  });

  it('a metadata-only update sends no notice', async () => {
    const email = 'name.only@example.test';
    await signedUpAndConfirmed(auth, email, 'old-password');
    const session = (await signIn(auth, email, 'old-password')).body;
    await call(auth, 'PUT', '/user', { data: { full_name: 'Ada King' } }, session.access_token);
    expect(auth.mails.filter((m) => m.to === email && m.subject === 'Your password was changed')).toEqual([]);
  });
});

describe('resending the confirmation (auth.resend)', () => {
  it("answers an unknown address alike with no mail, then refuses for a minute with GoTrue's 429", async () => {
    const auth = await startAuth({ resendIntervalMs: 60_000 });
    const email = 'late.confirmer@example.test';
    const response = await call(auth, 'POST', '/resend', { type: 'signup', email });
    // Nobody has the address yet: the same answer, no mail.
    expect(response.status).toBe(200);
    expect(auth.mails.filter((m) => m.to === email)).toEqual([]);
    const again = await call(auth, 'POST', '/resend', { type: 'signup', email });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      msg: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/),
    });
  });

  it('sends a working confirmation link once the minute has passed, and nothing to a confirmed address', async () => {
    const auth = await startAuth({ resendIntervalMs: 200 });
    const email = 'resend.me@example.test';
    expect((await signUp(auth, email, 'password-1')).status).toBe(200);
    // Within the interval of the sign-up mail: refused, whoever asks.
    expect((await call(auth, 'POST', '/resend', { type: 'signup', email })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const resent = await call(auth, 'POST', `/resend?redirect_to=${encodeURIComponent(`${SITE}/login`)}`, {
      type: 'signup',
      email,
    });
    expect(resent.status).toBe(200);
    const confirmations = auth.mails.filter((m) => m.to === email && m.subject === 'Confirm your sign-up');
    expect(confirmations).toHaveLength(2);
    // The new link works (and the first one no longer does: one live link per purpose).
    const confirmed = await confirmByMail(auth, email);
    expect(confirmed.get('access_token')).toBeTruthy();
    expect((await signIn(auth, email, 'password-1')).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await call(auth, 'POST', '/resend', { type: 'signup', email })).status).toBe(200);
    expect(auth.mails.filter((m) => m.to === email && m.subject === 'Confirm your sign-up')).toHaveLength(2);
  });

  it('an unconfirmed sign-in answers email_not_confirmed only with the right password', async () => {
    const auth = await startAuth();
    const email = 'not.yet@example.test';
    await signUp(auth, email, 'password-1');
    expect((await signIn(auth, email, 'password-1')).body).toMatchObject({ code: 'email_not_confirmed' });
    expect((await signIn(auth, email, 'wrong-password')).body).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses other types and a missing address', async () => {
    const auth = await startAuth();
    expect((await call(auth, 'POST', '/resend', { type: 'sms', email: 'a@example.test' })).status).toBe(400);
    expect((await call(auth, 'POST', '/resend', { type: 'signup' })).status).toBe(400);
  });
});

describe('mails per recipient', () => {
  it('limits reset mails to one recipient, from any number of source addresses', async () => {
    const auth = await startAuth({ mailPerRecipient: { windowMs: 60_000, limit: 3 } });
    await signedUpAndConfirmed(auth, 'victim@example.test', 'secret-one');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(auth, 'POST', '/recover', { email: 'victim@example.test' })).status);
    // The sign-up counted too: two resets pass, then the address is over its limit.
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(auth.mails.filter((m) => m.subject === 'Reset your password')).toHaveLength(2);
    const limited = await call(auth, 'POST', '/recover', { email: 'Victim@Example.test' });
    expect(await limited.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    // Other recipients are unaffected.
    expect((await call(auth, 'POST', '/recover', { email: 'someone.else@example.test' })).status).toBe(200);
  });

  it('limits sign-up confirmations to one recipient, and answers alike whether or not it has an account', async () => {
    const auth = await startAuth({ mailPerRecipient: { windowMs: 60_000, limit: 2 } });
    const statuses = async (email: string) => {
      const result: number[] = [];
      for (let i = 0; i < 3; i++) result.push((await signUp(auth, email, 'secret-one')).status);
      return result;
    };
    expect(await statuses('pending.victim@example.test')).toEqual([200, 200, 429]);
    expect(auth.mails.filter((m) => m.to === 'pending.victim@example.test')).toHaveLength(2);
    const recover = async (email: string) => {
      const result: number[] = [];
      for (let i = 0; i < 3; i++) result.push((await call(auth, 'POST', '/recover', { email })).status);
      return result;
    };
    expect(await recover('nobody.here@example.test')).toEqual([200, 200, 429]);
    expect(await recover('pending.victim@example.test')).toEqual([429, 429, 429]);
  });
});

describe('timing', () => {
  it('a wrong password costs the same bcrypt work for an unknown address as for an account', async () => {
    // The work, not the clock: each sign-in compares the password once, with an account's hash or, for an
    // unknown address, a dummy hash of the same cost. (Timing it measured the machine's load as much.)
    const auth = await startAuth({ bcryptRounds: 8 });
    await signedUpAndConfirmed(auth, 'timed@example.test', 'secret-one');
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      const costOfSignIn = async (email: string) => {
        compare.mockClear();
        expect((await signIn(auth, email, 'wrong-password')).status).toBe(400);
        return compare.mock.calls.map(([, hash]) => bcrypt.getRounds(hash as string));
      };
      expect(await costOfSignIn('timed@example.test')).toEqual([8]);
      expect(await costOfSignIn('unknown@example.test')).toEqual([8]);
    } finally {
      compare.mockRestore();
    }
  });
});

describe('rate limits behind the proxy', () => {
  it('key on the address the proxy appended, not on what the caller wrote before it', async () => {
    const auth = await startAuth({ signIn: { windowMs: 60_000, limit: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.0.${i}, 10.9.9.9` },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
