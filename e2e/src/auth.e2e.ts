import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { serviceRoleKey, submitLogin } from './support/accounts';
import { mailsTo } from './support/mailbox';

/** Polls the offline mailbox's JSON API for a mail to this address whose link has this verify type. */
async function mailLink(product: RunningProduct, to: string, type: 'signup' | 'recovery'): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const link = (await mailsTo(product, to))
      .flatMap((mail) => mail.links)
      .find((l) => l.includes('/verify') && l.includes(`type=${type}`));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${type} mail for ${to}`);
}

/** Every mail of `type` to `to`, oldest first. */
async function mailLinks(
  product: RunningProduct,
  to: string,
  type: 'signup' | 'recovery',
): Promise<string[]> {
  return (await mailsTo(product, to))
    .flatMap((mail) => mail.links)
    .filter((l) => l.includes('/verify') && l.includes(`type=${type}`));
}

/** Waits for a mail whose link is not among `seen`. */
async function newMailLink(
  product: RunningProduct,
  to: string,
  type: 'signup' | 'recovery',
  seen: string[],
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const fresh = (await mailLinks(product, to, type)).find((link) => !seen.includes(link));
    if (fresh) return fresh;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No new ${type} mail for ${to}`);
}

/** An account that never confirmed its address and was mailed nothing lately (made through the admin API). */
async function unconfirmedAccount(product: RunningProduct, email: string, password: string): Promise<void> {
  const serviceKey = serviceRoleKey(product);
  const response = await fetch(`${product.env.SUPABASE_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${serviceKey}`,
      apikey: serviceKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password, user_metadata: { full_name: 'Grace Hopper' } }),
  });
  assert.equal(response.status, 200, await response.text());
}

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signUpAndConfirm(page: Page, product: RunningProduct, email: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Check your email' });
  await dialog.getByText(email).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The confirmation link signs the new user in and lands on /login, which goes on to the dashboard.
  await page.goto(await mailLink(product, email, 'signup'));
  await page.waitForURL(`${product.url}/dashboard`);
}

async function logOut(page: Page, product: RunningProduct) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${product.url}/`);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
}

/** How long the API takes the auth service's word that a session is alive (its default is 10 s). */
const SESSION_CHECK_MS = 2_000;

describe('signing in (with the offline auth service and mailbox)', () => {
  const suite = useProductSuite({ env: { AUTH_SESSION_CHECK_MS: String(SESSION_CHECK_MS) } });

  test('sign up → confirm from the mailbox → log in → header shows Logout and Dashboard → logout', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    const email = uniqueEmail('signup');
    await signUpAndConfirm(page, suite.product, email, 'first-secret');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    await logOut(page, suite.product);

    await submitLogin(page, suite.product.url, email, 'first-secret');
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    assert.equal(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href'), '/dashboard');
    assert.equal(await header.getByRole('link', { name: 'Login' }).count(), 0);
    await logOut(page, suite.product);
    assert.equal(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href'), '/login');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('wrong credentials: Login Failed', async () => {
    const context = await suite.browser.newContext();
    const { page } = await newPage(context);
    await submitLogin(page, suite.product.url, uniqueEmail('nobody'), 'not-a-password');
    await page.getByText('Login Failed').waitFor();
    await page.getByText('Invalid credentials. Please try again.').waitFor();
    assert.ok(page.url().endsWith('/login'));
    await context.close();
  });

  test('forgot password → mailbox link → reset → log in with the new password', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    const email = uniqueEmail('reset');
    await signUpAndConfirm(page, suite.product, email, 'old-secret');
    await logOut(page, suite.product);

    await page.goto(`${suite.product.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset Link Sent').waitFor();

    await page.goto(await mailLink(suite.product, email, 'recovery'));
    // supabase-js reads the session from the fragment, then clears it.
    await page.waitForURL((url) => url.pathname === '/reset-password' && !url.hash.includes('access_token'));
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.getByLabel(/^New Password/).fill('new-secret');
    await page.getByLabel(/^Confirm Password/).fill('new-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated', { exact: true }).waitFor();
    await page.waitForURL(`${suite.product.url}/login`, { timeout: 5000 });

    await submitLogin(page, suite.product.url, email, 'old-secret');
    await page.getByText('Login Failed').waitFor();
    await submitLogin(page, suite.product.url, email, 'new-secret');
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an unconfirmed login says "Please confirm your e-mail"; Resend mails a link that confirms; the used link says so', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    const email = uniqueEmail('unconfirmed');
    await unconfirmedAccount(suite.product, email, 'patient-secret');

    await submitLogin(page, suite.product.url, email, 'patient-secret');
    const form = page.getByRole('form', { name: 'Login' });
    const notice = form.getByRole('alert').filter({ hasText: 'Please confirm your e-mail' });
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', new RegExp(email.replace(/[.+]/g, '\\$&')));
    assert.equal(await page.getByText('Invalid credentials. Please try again.').count(), 0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the login is ${width}px wide at 390`);

    await notice.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await notice
      .getByRole('status')
      .filter({ hasText: `A new confirmation link is on its way to ${email}.` })
      .waitFor();
    const link = await newMailLink(suite.product, email, 'signup', []);
    // A second one within the minute is refused, as hosted Supabase does.
    await notice.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await notice.getByRole('status').filter({ hasText: 'less than a minute ago' }).waitFor();
    assert.equal((await mailLinks(suite.product, email, 'signup')).length, 1);

    await page.goto(link);
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The same link a second time (another browser): a clear message, and no error left in the address.
    const other = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page: again } = await newPage(other);
    await again.goto(link);
    await again
      .getByRole('alert')
      .filter({ hasText: 'This link has already been used or has expired' })
      .waitFor();
    await again.waitForURL((url) => url.pathname === '/login' && url.hash === '');
    assert.deepEqual(errors, []);
    await other.close();
    await context.close();
  });

  test('a password reset by e-mail signs out the other browser where the user was signed in, and mails a notice', async () => {
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page: phonePage } = await newPage(phone);
    const email = uniqueEmail('two-devices');
    await signUpAndConfirm(phonePage, suite.product, email, 'old-secret');
    await phonePage.getByRole('heading', { level: 1 }).first().waitFor();

    const laptop = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await newPage(laptop);
    await page.goto(`${suite.product.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset Link Sent').waitFor();
    await page.goto(await mailLink(suite.product, email, 'recovery'));
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.getByLabel(/^New Password/).fill('new-secret');
    await page.getByLabel(/^Confirm Password/).fill('new-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated', { exact: true }).waitFor();
    const resetAt = Date.now();

    const deadline = Date.now() + 15_000;
    let notice = false;
    while (!notice && Date.now() < deadline) {
      notice = (await mailsTo(suite.product, email)).some((m) => m.subject === 'Your password was changed');
      if (!notice) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(notice, 'a "Your password was changed" mail was sent');

    // The API asks the auth service about a session at most every SESSION_CHECK_MS (AUTH_SESSION_CHECK_MS):
    // after that, the phone's next visit finds its session ended and shows the login.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, resetAt + SESSION_CHECK_MS + 500 - Date.now())),
    );
    await phonePage.reload();
    await phonePage.waitForURL(`${suite.product.url}/login`, { timeout: 15_000 });
    await phonePage.getByRole('form', { name: 'Login' }).waitFor();
    await laptop.close();
    await phone.close();
  });

  test('a reset page without a recovery session: Invalid Reset Link, then /login', async () => {
    const context = await suite.browser.newContext();
    const { page } = await newPage(context);
    await page.goto(`${suite.product.url}/reset-password`);
    await page.getByText('Invalid Reset Link').waitFor();
    await page.waitForURL(`${suite.product.url}/login`);
    await context.close();
  });

  test('the admin sees "Admin Dashboard"', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await newPage(context);
    await submitLogin(
      page,
      suite.product.url,
      suite.product.env.ADMIN_EMAIL!,
      suite.product.env.ADMIN_PASSWORD!,
    );
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    await context.close();
  });

  test('a kept session the services refuse (revoked elsewhere) signs this browser out: the login, not a failing dashboard', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await newPage(context);
    await submitLogin(
      page,
      suite.product.url,
      suite.product.env.ADMIN_EMAIL!,
      suite.product.env.ADMIN_PASSWORD!,
    );
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    // What a revoked session looks like from this browser: a token the API refuses (its signature no longer
    // matches) that has not expired yet, and a refresh token the auth service no longer knows.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
      const session = JSON.parse(localStorage.getItem(key)!);
      const [head, body, signature] = session.access_token.split('.');
      session.access_token = `${head}.${body}.${signature.split('').reverse().join('')}`;
      session.refresh_token = 'revoked-elsewhere';
      localStorage.setItem(key, JSON.stringify(session));
    });
    await page.reload();
    await page.waitForURL(`${suite.product.url}/login`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).some((k) => /^sb-.*-auth-token$/.test(k)),
    );
    assert.equal(kept, false, 'the refused session is forgotten');
    await context.close();
  });

  test('a session survives a reload', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await newPage(context);
    await submitLogin(
      page,
      suite.product.url,
      suite.product.env.ADMIN_EMAIL!,
      suite.product.env.ADMIN_PASSWORD!,
    );
    await page.waitForURL(`${suite.product.url}/dashboard`);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(page.url().endsWith('/dashboard'));
    await context.close();
  });
});

/** With E2E_SCREENS_DIR set, the journey's screens are kept there (`2fa-<step>.png`). */
async function screen(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, `2fa-${name}.png`), fullPage: true });
}

async function assertFits(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `the page is ${scrollWidth}px wide at ${width}`);
}

describe('two-factor sign-in for the admin (TOTP through supabase-js, offline GoTrue)', () => {
  const suite = useProductSuite();
  const phone = { viewport: { width: 390, height: 844 } };

  test('the admin turns on TOTP (QR code, key, recovery codes); then sign-in needs the code, the API refuses aal1, a recovery code replaces the code', async () => {
    const env = suite.product.env;
    const [email, password] = [env.ADMIN_EMAIL!, env.ADMIN_PASSWORD!];
    const context = await suite.browser.newContext(phone);
    const { page, errors } = await newPage(context);
    await submitLogin(page, suite.product.url, email, password);
    await page.waitForURL(`${suite.product.url}/dashboard`);
    const prompt = page.getByText('Protect the admin account');
    await prompt.waitFor();
    await assertFits(page, 390);
    await screen(page, '1-dashboard-prompt');

    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await page.waitForURL(`${suite.product.url}/account/security`);
    await page.getByRole('heading', { level: 1, name: 'Account security' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const enrol = page.getByRole('form', { name: 'Set up two-factor sign-in' });
    const qr = enrol.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    assert.ok(
      await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'the QR code shows',
    );
    const secret = ((await enrol.getByTestId('totp-secret').textContent()) ?? '').trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await assertFits(page, 390);
    await screen(page, '2-qr-code');

    await enrol.getByLabel(/^Authentication code/).fill('000000');
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await enrol.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await enrol.getByLabel(/^Authentication code/).fill(generateSync({ secret }));
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Save your recovery codes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    assert.equal(codes.length, 10);
    assert.match(codes[0]!, /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    await assertFits(page, 390);
    await screen(page, '3-recovery-codes');
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Two-factor sign-in is on' })
      .waitFor();
    await page.getByText('10 of your recovery codes are still unused.').waitFor();
    await screen(page, '4-turned-on');

    // The password alone now gives an aal1 session, which the API refuses on admin routes.
    const grant = await fetch(`${env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: env.SUPABASE_ANON_KEY! },
      body: JSON.stringify({ email, password }),
    });
    const aal1 = ((await grant.json()) as { access_token: string }).access_token;
    const refused = await fetch(`${env.API_URL}/api/inbox`, { headers: { authorization: `Bearer ${aal1}` } });
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), {
      error: 'Enter the code from your authenticator app to use the admin dashboard.',
    });

    // Another browser: the password, then the code.
    const second = await suite.browser.newContext(phone);
    const { page: other, errors: otherErrors } = await newPage(second);
    await submitLogin(other, suite.product.url, email, password);
    const step = other.getByRole('form', { name: 'Two-factor sign-in' });
    await step.waitFor();
    assert.ok(other.url().endsWith('/login'));
    await assertFits(other, 390);
    await screen(other, '5-code-step');
    await step.getByLabel(/^Authentication code/).fill('123456');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await screen(other, '6-wrong-code');
    // A reload keeps the step: the kept aal1 session is not a signed-in one.
    await other.reload();
    await other.getByRole('form', { name: 'Two-factor sign-in' }).waitFor();
    await other.getByLabel(/^Authentication code/).fill(generateSync({ secret }));
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL(`${suite.product.url}/dashboard`);
    await other.getByRole('link', { name: 'Account security' }).waitFor();
    await screen(other, '7-signed-in');

    // A third browser has lost the phone: a recovery code instead of the code, once.
    const third = await suite.browser.newContext(phone);
    const { page: lost } = await newPage(third);
    await submitLogin(lost, suite.product.url, email, password);
    await lost.getByRole('form', { name: 'Two-factor sign-in' }).waitFor();
    await lost.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await lost.getByLabel(/^Recovery code/).fill(codes[0]!.toUpperCase());
    await screen(lost, '8-recovery-code');
    await lost.getByRole('button', { name: 'Verify' }).click();
    await lost.waitForURL(`${suite.product.url}/dashboard`);
    await lost.goto(`${suite.product.url}/account/security`);
    await lost.getByText('9 of your recovery codes are still unused.').waitFor();

    // Turned off again (the other tests sign the admin in with the password alone).
    await lost.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    // The page's own status line, not the toast that says the same.
    await lost
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Two-factor sign-in is off' })
      .waitFor();
    await screen(lost, '9-turned-off');
    assert.deepEqual(errors, []);
    assert.deepEqual(otherErrors, []);
    await third.close();
    await second.close();
    await context.close();
  });
});

describe('host shell (no services needed)', () => {
  const suite = useProductSuite({ services: false });

  test('the guard sends /dashboard to /login, replacing history', async () => {
    const context = await suite.browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(`${suite.product.url}/`);
    await page.goto(`${suite.product.url}/dashboard`);
    await page.waitForURL(`${suite.product.url}/login`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${suite.product.url}/`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a logged-out visitor on / does not load supabase-js', async () => {
    const context = await suite.browser.newContext();
    const { page } = await newPage(context);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
    });
    await page.goto(`${suite.product.url}/`, { waitUntil: 'networkidle' });
    assert.ok(scripts.length > 0);
    assert.ok(!scripts.some((body) => body.includes('GoTrueClient')), 'supabase-js was loaded on /');
    await context.close();
  });

  test('a hash in the address scrolls to its section once the marketing remote rendered it', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page } = await newPage(context);
    await page.goto(`${suite.product.url}/#contact`);
    await page.locator('#contact').waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('contact')?.getBoundingClientRect().top ?? 9999;
      return window.scrollY > 0 && Math.abs(top) < 120;
    });
    await context.close();
  });

  test('the mobile menu at 375 px: a named disclosure button, Escape closes, focus returns', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const { page, errors } = await newPage(context);
    await page.goto(`${suite.product.url}/`);
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Open menu' });
    await button.waitFor();
    assert.equal(await header.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');

    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const menu = header.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Services', 'About', 'Contact']) await menu.getByRole('link', { name }).waitFor();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    await header.getByRole('link', { name: 'Dashboard' }).waitFor();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);

    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(`${suite.product.url}/#contact`);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await page.waitForFunction(
      () => Math.abs(document.getElementById('contact')?.getBoundingClientRect().top ?? 9999) < 120,
    );

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
