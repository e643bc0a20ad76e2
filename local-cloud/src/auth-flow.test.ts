import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/**
 * The offline auth service driven by the real supabase-js, with mail read from the local mailbox and the
 * real api started beside it: sign up, confirm, sign in, call the api, refresh, sign out, recover.
 */
// Node 20 has no global WebSocket; supabase-js's realtime client needs one. `ws` ships no types here.
const ws: unknown = require('ws');
const ROOT = path.resolve(__dirname, '..', '..');
const JWT_SECRET = 'auth-flow-test-secret-0123456789-0123456789-abcdef';
const SITE = 'http://localhost:3000';
const ADMIN = { email: 'boss@consultancy.test', password: 'boss-password' };

interface Service {
  child: ChildProcess;
  lines: string[];
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

function startService(script: string, env: Record<string, string>): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    waiters.forEach((w) => w());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return {
    child,
    lines,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (const line of lines) {
            const match = line.match(pattern);
            if (match) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(match);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in:\n${lines.join('\n')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

let dataDir: string;
let cloud: Service;
let api: Service;
let authUrl: string;
let mailboxUrl: string;
let apiUrl: string;
let cloudEnv: Record<string, string>;

async function startCloud(): Promise<void> {
  cloud = startService('local-cloud/src/main.ts', cloudEnv);
  authUrl = `http://localhost:${(await cloud.waitFor(/auth listening on http:\/\/localhost:(\d+)/))[1]}`;
  mailboxUrl = `http://localhost:${(await cloud.waitFor(/mailbox listening on http:\/\/localhost:(\d+)/))[1]}`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'auth-flow-'));
  cloudEnv = {
    DATA_DIR: dataDir,
    LOCAL_AUTH_PORT: '0',
    MAILBOX_PORT: '0',
    SMTP_PORT: '0',
    LOCAL_STRIPE_PORT: '0',
    SUPABASE_JWT_SECRET: JWT_SECRET,
    PUBLIC_SITE_URL: SITE,
  };
  await startCloud();
  const smtpPort = (await cloud.waitFor(/mailbox smtp on smtp:\/\/localhost:(\d+)/))[1]!;
  cloudEnv.SMTP_PORT = smtpPort;
  api = startService('api/src/main.ts', {
    DATA_DIR: dataDir,
    API_PORT: '0',
    SUPABASE_URL: authUrl,
    SUPABASE_JWT_SECRET: JWT_SECRET,
    SMTP_URL: `smtp://localhost:${smtpPort}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_SITE_URL: SITE,
    // Ask the auth service about every call's session: an ended one is refused at once.
    AUTH_SESSION_CHECK_MS: '0',
  });
  apiUrl = `http://localhost:${(await api.waitFor(/api listening on http:\/\/localhost:(\d+)/, 30_000))[1]}`;
  await api.waitFor(/api admin account: boss@consultancy\.test/, 30_000);
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const supabase = (): SupabaseClient =>
  createClient(authUrl, 'anon-key-not-checked-offline', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });

async function mailsTo(email: string): Promise<Array<{ subject: string; links: string[] }>> {
  return (await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`)).json();
}

async function linkFor(email: string, type: 'signup' | 'recovery'): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = (await mailsTo(email)).flatMap((m) => m.links).find((l) => l.includes(`type=${type}`));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} mail for ${email}`);
}

async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

const callApi = (route: string, token: string) =>
  fetch(`${apiUrl}${route}`, { headers: { authorization: `Bearer ${token}` } });

const refreshWith = (refreshToken: string) =>
  fetch(`${authUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

describe('offline auth with supabase-js', () => {
  const email = `ada.${Date.now()}@example.test`;
  const password = 'first-password';

  it('signs up, confirms by mail, signs in, calls the api, refreshes and signs out', async () => {
    const client = supabase();
    const signUp = await client.auth.signUp({
      email,
      password,
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: `${SITE}/login` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const early = await client.auth.signInWithPassword({ email, password });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const confirmed = await follow(await linkFor(email, 'signup'));
    expect(confirmed.origin + confirmed.pathname).toBe(`${SITE}/login`);
    const fragment = new URLSearchParams(confirmed.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();

    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    const signIn = await client.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });

    const me = await callApi('/api/me', session.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      profile: { id: session.user.id, full_name: 'Ada Lovelace', email },
      role: 'CLIENT',
    });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const next = refreshed.data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    expect((await client.auth.signOut()).error).toBeNull();
    const afterSignOut = await refreshWith(next.refresh_token);
    expect(afterSignOut.status).toBe(400);
    const user = await fetch(`${authUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('uses each refresh token once and ends the session when one is replayed', async () => {
    const { data } = await supabase().auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;
    const rotated = await refreshWith(first);
    expect(rotated.status).toBe(200);
    const { refresh_token: second } = (await rotated.json()) as { refresh_token: string };
    const replay = await refreshWith(first);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await refreshWith(second)).status).toBe(400);
  });

  it('refuses weak passwords with reasons', async () => {
    const { error } = await supabase().auth.signUp({
      email: `weak.${Date.now()}@example.test`,
      password: '12345',
    });
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
  });

  it('sends a recovery link whose redirect carries type=recovery, then sets a new password', async () => {
    const client = supabase();
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset-password` })).error,
    ).toBeNull();
    const landed = await follow(await linkFor(email, 'recovery'));
    expect(landed.pathname).toBe('/reset-password');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const { error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect((await client.auth.updateUser({ password: 'second-password' })).error).toBeNull();
    expect(
      (await supabase().auth.signInWithPassword({ email, password: 'second-password' })).error,
    ).toBeNull();
    expect((await supabase().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('a password change through supabase-js ends the other sessions and keeps its own', async () => {
    const laptop = supabase();
    const phone = supabase();
    expect((await laptop.auth.signInWithPassword({ email, password: 'second-password' })).error).toBeNull();
    const { data } = await phone.auth.signInWithPassword({ email, password: 'second-password' });
    expect((await laptop.auth.updateUser({ password: 'third-password' })).error).toBeNull();
    expect((await laptop.auth.getUser()).error).toBeNull();
    expect((await refreshWith(data.session!.refresh_token)).status).toBe(400);
    // supabase-js drops a session the server no longer knows.
    expect((await phone.auth.getUser()).data.user).toBeNull();
    expect((await laptop.auth.updateUser({ password: 'second-password' })).error).toBeNull();
  });

  it('a password reset by e-mail ends the API access of every other device and mails a notice', async () => {
    const phone = supabase();
    const { data } = await phone.auth.signInWithPassword({ email, password: 'second-password' });
    const phoneToken = data.session!.access_token;
    expect((await callApi('/api/get-current-user-role', phoneToken)).status).toBe(200);

    const laptop = supabase();
    const recoveryLinks = async () =>
      (await mailsTo(email)).flatMap((m) => m.links).filter((l) => l.includes('type=recovery'));
    const before = new Set(await recoveryLinks());
    await laptop.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset-password` });
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt++) {
      link = (await recoveryLinks()).find((l) => !before.has(l));
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const fragment = new URLSearchParams((await follow(link!)).hash.slice(1));
    await laptop.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await laptop.auth.updateUser({ password: 'second-password' })).error).toBeNull();

    // The phone's access token has not expired, but its session has: the API refuses it.
    const refused = await callApi('/api/get-current-user-role', phoneToken);
    expect(refused.status).toBe(401);
    const laptopToken = (await laptop.auth.getSession()).data.session!.access_token;
    expect((await callApi('/api/get-current-user-role', laptopToken)).status).toBe(200);
    for (let attempt = 0; attempt < 50; attempt++) {
      if ((await mailsTo(email)).some((m) => m.subject === 'Your password was changed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Your password was changed');
  });

  it('signing up again with a confirmed address changes nothing and answers without an error', async () => {
    const { data, error } = await supabase().auth.signUp({ email, password: 'takeover-password' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(
      (await supabase().auth.signInWithPassword({ email, password: 'takeover-password' })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
  });

  it('sends redirects only to the product origins', async () => {
    await supabase().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const landed = await follow(await linkFor(email, 'recovery'));
    expect(landed.origin).toBe(SITE);
  });

  it('makes the first admin an ADMIN in the api', async () => {
    const { data, error } = await supabase().auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const role = await callApi('/api/get-current-user-role', data.session!.access_token);
    expect(await role.json()).toEqual({ role: 'ADMIN' });
  });

  it('keeps users across a restart', async () => {
    expect(existsSync(path.join(dataDir, 'auth', 'users.json'))).toBe(true);
    await cloud.stop();
    await startCloud();
    const { error } = await supabase().auth.signInWithPassword({ email, password: 'second-password' });
    expect(error).toBeNull();
  });

  it('serves the mailbox page and clears it', async () => {
    const page = await (await fetch(`${mailboxUrl}/`)).text();
    expect(page).toContain('Local mailbox');
    expect((await fetch(`${mailboxUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${mailboxUrl}/api/messages`)).json()).toEqual([]);
  });
});
