import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { createClient } from './support/accounts';
import { openSideBySide } from './support/side-by-side';
import { api, eventually } from './support/api';
import { mailsTo } from './support/mailbox';
import { testClock } from './support/test-clock';

// Issue 34: a project's conversation, with two browsers open at once. A client's message reaches the admin's open
// dashboard live and the reply comes back the same way; a notification opens its project's conversation on the
// message it is about. Screenshots of the thread as each side sees it go to SHOTS_DIR (default /work/shots).

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots';
describe('project conversation: client and consultancy side by side', () => {
  const suite = useProductSuite({ services: true });

  test("a client's message reaches the admin live, the reply comes back, a notification opens its message", async () => {
    const { product } = suite;
    const email = `conv-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const title = `Brand refresh ${randomUUID().slice(0, 4)}`;
    const token = await createClient(product, { email, password, fullName: 'Grace Hopper' });
    await api(product, token, 'POST', '/api/create-project', {
      title,
      tier: 3,
      description: 'A new identity and website for our studio',
      monthly_budget_range: '5k-15k',
      timeline: '1-month',
    });

    const { admin, client, close } = await openSideBySide(suite, { client: { email, password } });
    try {
      const a = admin.page;
      const c = client.page;

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
        await api<{ messages: { id: string }[] }>(
          product,
          token,
          'GET',
          `/api/projects/${await projectIdOf(product, token, title)}/messages?limit=1`,
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
      await close();
    }
  });
});

describe('e-mail that respects attention, on a clock the journey drives', () => {
  const suite = useProductSuite({ services: true });

  test('files alone (dropped on the composer) reach the admin; one unseen e-mail per thread, none once opened', async () => {
    const { product } = suite;
    const clock = testClock(product);
    const email = `attn-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const title = `Annual report ${randomUUID().slice(0, 4)}`;
    const token = await createClient(product, { email, password, fullName: 'Ada Lovelace' });
    await api(product, token, 'POST', '/api/create-project', {
      title,
      tier: 3,
      description: 'The annual report, designed and printed',
      monthly_budget_range: '5k-15k',
      timeline: '1-month',
    });
    const projectId = await projectIdOf(product, token, title);
    const adminEmail = product.env.ADMIN_EMAIL!;
    const subject = `New message on "${title}"`;
    const unseenMails = async () => (await mailsTo(product, adminEmail)).filter((m) => m.subject === subject);
    const filesOnProject = async () =>
      (
        await api<{ files: { name: string }[] }>(product, token, 'GET', `/api/projects/${projectId}/files`)
      ).files.map((f) => f.name);

    const { admin, client, close } = await openSideBySide(suite, { client: { email, password } });
    try {
      const a = admin.page;
      const c = client.page;

      const clientCard = c.getByRole('article', { name: title });
      await clientCard.getByRole('button', { name: `Messages about ${title}`, exact: true }).click();
      const thread = c.getByRole('dialog', { name: `Conversation: ${title}` });
      await thread.getByText('No messages yet.', { exact: false }).waitFor();
      const composer = thread.getByTestId('composer-drop-zone');
      const pending = thread.getByRole('list', { name: 'Files to send' });

      // A file attached and then removed before sending does not stay in the project's Files.
      await thread.getByLabel('Attach files').setInputFiles({
        name: 'old-draft.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 old draft'),
      });
      await pending.getByRole('listitem', { name: 'old-draft.pdf' }).getByText('Ready to send').waitFor();
      assert.deepEqual(await filesOnProject(), ['old-draft.pdf']);
      await thread.getByRole('button', { name: 'Remove old-draft.pdf' }).click();
      await eventually('the removed attachment deleted', async () =>
        (await filesOnProject()).length === 0 ? true : undefined,
      );

      // Files alone: the report dropped on the composer, no text, sent.
      const dataTransfer = await c.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['%PDF-1.4 the report'], 'report.pdf', { type: 'application/pdf' }));
        return transfer;
      });
      await composer.dispatchEvent('dragover', { dataTransfer });
      await thread.getByText('Drop the files to attach them').waitFor();
      await composer.dispatchEvent('drop', { dataTransfer });
      await pending.getByRole('listitem', { name: 'report.pdf' }).getByText('Ready to send').waitFor();
      assert.equal(await thread.getByRole('textbox', { name: 'Your message' }).inputValue(), '');
      await thread.getByRole('button', { name: 'Send' }).click();
      const clientList = thread.getByRole('list', { name: `Messages about ${title}` });
      await clientList.getByRole('button', { name: 'Download report.pdf' }).waitFor();
      await pending.waitFor({ state: 'detached' });

      // The admin does not open it: the card counts it, live.
      const adminCard = a.getByRole('article', { name: title });
      await adminCard
        .getByRole('button', { name: `Messages about ${title}, 1 unread` })
        .waitFor({ timeout: 5000 });

      // Four minutes unseen: nothing yet. Past five: exactly one e-mail to the admin.
      assert.equal(await clock.advance(4), 0);
      assert.equal(await clock.advance(2), 1);
      const [alert] = await eventually('the unseen-message e-mail', async () => {
        const mails = await unseenMails();
        return mails.length ? mails : undefined;
      });
      assert.match(alert!.text, /You have a new message from your client on "Annual report/);
      const [first] = (
        await api<{ messages: { id: string }[] }>(
          product,
          token,
          'GET',
          `/api/projects/${projectId}/messages`,
        )
      ).messages;
      const link = alert!.links.find((l) =>
        l.includes(`/dashboard?project=${projectId}&message=${first!.id}`),
      );
      assert.ok(link, `the e-mail leads to the project and its first unseen message: ${alert!.links}`);

      // A second message in the same thread, still unseen, and the clock moves on: no second e-mail.
      await thread.getByRole('textbox', { name: 'Your message' }).fill('The printed copies are for March.');
      await thread.getByRole('button', { name: 'Send' }).click();
      await clientList.getByText('The printed copies are for March.').waitFor();
      await adminCard
        .getByRole('button', { name: `Messages about ${title}, 2 unread` })
        .waitFor({ timeout: 5000 });
      assert.equal(await clock.advance(6), 0);
      assert.equal(await clock.advance(30), 0);

      // The admin opens the thread from the e-mail's link: the message it is about, files alone, downloadable.
      const { pathname, search } = new URL(link!);
      await a.goto(`${product.url}${pathname}${search}`);
      const adminThread = a.getByRole('dialog', { name: `Conversation: ${title}` });
      const adminList = adminThread.getByRole('list', { name: `Messages about ${title}` });
      await adminList.getByRole('button', { name: 'Download report.pdf' }).waitFor();
      await adminList.getByText('The printed copies are for March.').waitFor();
      const highlighted = await adminList
        .getByRole('button', { name: 'Download report.pdf' })
        .evaluate((el) => el.closest('[data-message-id]')?.getAttribute('data-message-id'));
      assert.equal(highlighted, first!.id);
      await clientList.getByText('Seen', { exact: true }).waitFor({ timeout: 5000 });

      // Seen: nothing more is sent, however far the clock moves.
      assert.equal(await clock.advance(60), 0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal((await unseenMails()).length, 1, 'one e-mail for the thread');

      await assertNoAxeViolations(c, 'the composer and a message of files alone (client)');
      await assertNoAxeViolations(a, 'a message of files alone (admin)');
      mkdirSync(SHOTS_DIR, { recursive: true });
      await c.screenshot({ path: `${SHOTS_DIR}/conversation-files-alone-client.png` });
      await a.screenshot({ path: `${SHOTS_DIR}/conversation-files-alone-admin.png` });
      assert.deepEqual(admin.errors, []);
      assert.deepEqual(client.errors, []);
    } catch (error) {
      await client.page
        .screenshot({ path: `${SHOTS_DIR}/conversation-attention-failure-client.png` })
        .catch(() => undefined);
      await admin.page
        .screenshot({ path: `${SHOTS_DIR}/conversation-attention-failure-admin.png` })
        .catch(() => undefined);
      throw error;
    } finally {
      await close();
    }
  });
});

async function projectIdOf(product: RunningProduct, token: string, title: string): Promise<string> {
  const { projects } = await api<{ projects: { id: string; title: string }[] }>(
    product,
    token,
    'GET',
    '/api/projects',
  );
  return projects.find((p) => p.title === title)!.id;
}
