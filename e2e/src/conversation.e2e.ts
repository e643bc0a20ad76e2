import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';

// Issue 34: a project's conversation, with two browsers open at once. A client's message reaches the admin's open
// dashboard live and the reply comes back the same way; a notification opens its project's conversation on the
// message it is about. Screenshots of the thread as each side sees it go to SHOTS_DIR (default /work/shots).

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots';
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function serviceRoleKey(secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

async function expectOk<T>(response: Response, what: string): Promise<T> {
  assert.ok(response.ok, `${what}: ${response.status} ${response.ok ? '' : await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A confirmed client, created through the auth service's admin API; returns its access token. */
async function createClient(product: RunningProduct, email: string, password: string, fullName: string) {
  const key = serviceRoleKey(product.env.SUPABASE_JWT_SECRET!);
  await expectOk(
    await fetch(`${product.env.SUPABASE_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
    }),
    'create client',
  );
  const session = await expectOk<{ access_token: string }>(
    await fetch(`${product.env.SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: product.env.SUPABASE_ANON_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    `sign in ${email}`,
  );
  return session.access_token;
}

async function logIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Password').press('Enter');
  await page.waitForURL(`${url}/dashboard`);
}

describe('project conversation: client and consultancy side by side', () => {
  const suite = useProductSuite({ services: true });

  test("a client's message reaches the admin live, the reply comes back, a notification opens its message", async () => {
    const { product } = suite;
    const email = `conv-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const title = `Brand refresh ${randomUUID().slice(0, 4)}`;
    const token = await createClient(product, email, password, 'Grace Hopper');
    await expectOk(
      await fetch(`${product.env.API_URL}/api/create-project`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          tier: 3,
          description: 'A new identity and website for our studio',
          monthly_budget_range: '5k-15k',
          timeline: '1-month',
        }),
      }),
      'create project',
    );

    const contexts: BrowserContext[] = [];
    const open = async () => {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      return newPage(context);
    };
    const admin = await open();
    const client = await open();
    try {
      await logIn(admin.page, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
      await logIn(client.page, product.url, email, password);
      const a = admin.page;
      const c = client.page;
      await a.getByText('Live updates on').waitFor();
      await c.getByText('Live updates on').waitFor();

      // The client writes: plain text, with a link and markup that must stay text.
      const clientCard = c.getByRole('article', { name: title });
      await clientCard.getByRole('button', { name: `Messages about ${title}`, exact: true }).click();
      const clientThread = c.getByRole('dialog', { name: `Conversation: ${title}` });
      await clientThread.getByText('No messages yet.', { exact: false }).waitFor();
      const question =
        'Hello! Our <b>brief</b> is at https://example.test/brief - is a kickoff call this week possible?';
      await clientThread.getByRole('textbox', { name: 'Your message' }).fill(question);
      await clientThread.getByRole('button', { name: 'Send' }).click();
      const clientList = clientThread.getByRole('list', { name: `Messages about ${title}` });
      await clientList.getByText('is a kickoff call this week possible?', { exact: false }).waitFor();
      assert.equal(await clientList.locator('b').count(), 0, 'markup a user typed is never rendered');
      assert.equal(
        await clientList.getByRole('link', { name: 'https://example.test/brief' }).getAttribute('href'),
        'https://example.test/brief',
      );

      // It reaches the admin's open dashboard live: the card counts it, the page title too.
      const adminCard = a.getByRole('article', { name: title });
      const unreadButton = adminCard.getByRole('button', { name: `Messages about ${title}, 1 unread` });
      await unreadButton.waitFor({ timeout: 5000 });
      assert.match(await a.title(), /^\(1\) /);
      await unreadButton.click();
      const adminThread = a.getByRole('dialog', { name: `Conversation: ${title}` });
      const adminList = adminThread.getByRole('list', { name: `Messages about ${title}` });
      await adminList.getByText('is a kickoff call this week possible?', { exact: false }).waitFor();
      // Seen: the count is gone from the page's title.
      await a.waitForFunction(() => !/^\(\d+\)/.test(document.title), undefined, { timeout: 5000 });

      // Opened by the admin: the client's open thread says "Seen", live.
      await clientList.getByText('Seen', { exact: true }).waitFor({ timeout: 5000 });

      // The reply comes back to the client's open thread.
      await adminThread
        .getByRole('textbox', { name: 'Your message' })
        .fill('Yes - Thursday at 10:00 works for us. Agenda: https://example.test/agenda');
      await adminThread.getByRole('button', { name: 'Send' }).click();
      await adminList.getByText('Thursday at 10:00', { exact: false }).waitFor();
      await clientList.getByText('Thursday at 10:00', { exact: false }).waitFor({ timeout: 5000 });
      await adminList.getByText('Seen', { exact: true }).waitFor({ timeout: 5000 });
      await assertNoAxeViolations(c, 'the conversation as the client sees it');
      await assertNoAxeViolations(a, 'the conversation as the admin sees it');

      mkdirSync(SHOTS_DIR, { recursive: true });
      await c.screenshot({ path: `${SHOTS_DIR}/conversation-client.png` });
      await a.screenshot({ path: `${SHOTS_DIR}/conversation-admin.png` });

      // The client closes the thread; the admin writes again; the client's notification opens that message.
      await clientThread.getByRole('button', { name: 'Close' }).first().click();
      await clientThread.waitFor({ state: 'detached' });
      await adminThread
        .getByRole('textbox', { name: 'Your message' })
        .fill('Also: please send the logo files.');
      await adminThread.getByRole('button', { name: 'Send' }).click();
      await adminList.getByText('please send the logo files', { exact: false }).waitFor();
      await clientCard
        .getByRole('button', { name: `Messages about ${title}, 1 unread` })
        .waitFor({ timeout: 5000 });
      await c.getByRole('button', { name: /^Notifications \d+ unread/ }).click();
      const bell = c.getByRole('dialog', { name: 'Notifications' });
      await bell
        .getByRole('button', { name: `Open ${title}: The consultancy sent a message` })
        .first()
        .click();
      const reopened = c.getByRole('dialog', { name: `Conversation: ${title}` });
      const target = reopened.getByText('please send the logo files', { exact: false });
      await target.waitFor();
      const highlighted = await target.evaluate((el) =>
        el.closest('[data-message-id]')?.getAttribute('data-message-id'),
      );
      const [latest] = (
        await expectOk<{ messages: { id: string }[] }>(
          await fetch(
            `${product.env.API_URL}/api/projects/${await projectIdOf(product, token, title)}/messages?limit=1`,
            { headers: { authorization: `Bearer ${token}` } },
          ),
          'list messages',
        )
      ).messages;
      assert.equal(highlighted, latest!.id, 'the notification opened the message it is about');
      assert.deepEqual(admin.errors, []);
      assert.deepEqual(client.errors, []);
    } catch (error) {
      await client.page
        .screenshot({ path: `${SHOTS_DIR}/conversation-failure-client.png` })
        .catch(() => undefined);
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});

async function projectIdOf(product: RunningProduct, token: string, title: string): Promise<string> {
  const { projects } = await expectOk<{ projects: { id: string; title: string }[] }>(
    await fetch(`${product.env.API_URL}/api/projects`, { headers: { authorization: `Bearer ${token}` } }),
    'list projects',
  );
  return projects.find((p) => p.title === title)!.id;
}
