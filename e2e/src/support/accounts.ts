import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expectOk } from './api';
import type { RunningProduct } from './product';

/** The password of a client made by createClient when the journey does not choose one. */
export const PASSWORD = 'client-secret';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A service-role key signed with the local secret, for the auth service's admin API (as api/src/bench/seed.ts does). */
export function serviceRoleKey(product: RunningProduct): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }),
  );
  const signature = createHmac('sha256', product.env.SUPABASE_JWT_SECRET!)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Signs in through the auth service with a password; the access token. */
export async function signIn(product: RunningProduct, email: string, password: string): Promise<string> {
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = product.env;
  const session = await expectOk<{ access_token: string }>(
    await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    `sign in ${email}`,
  );
  return session.access_token;
}

/** The seeded admin's access token. */
export function signInAsAdmin(product: RunningProduct): Promise<string> {
  return signIn(product, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
}

/** A confirmed client, created through the auth service's admin API; returns its access token. */
export async function createClient(
  product: RunningProduct,
  {
    email,
    password = PASSWORD,
    fullName = 'Grace Hopper',
  }: { email: string; password?: string; fullName?: string },
): Promise<string> {
  const key = serviceRoleKey(product);
  await expectOk(
    await fetch(`${product.env.SUPABASE_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
    }),
    'create client',
  );
  return signIn(product, email, password);
}

/** Fills in and sends the Login form at `url`; what follows (dashboard, error, MFA) is the caller's to check. */
export async function submitLogin(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Password').press('Enter');
}

/** Logs in through the Login form at `url` and waits for the dashboard. */
export async function logIn(page: Page, url: string, email: string, password: string) {
  await submitLogin(page, url, email, password);
  await page.waitForURL(`${url}/dashboard`);
}
