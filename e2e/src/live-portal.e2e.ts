import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { createClient, logIn } from './support/accounts';
import { api } from './support/api';
import { fillCard } from './support/card';
import { openSideBySide } from './support/side-by-side';

// The live portal, with two browsers open at once: the admin (desktop) and the client (phone). What one side
// does shows on the other's open dashboard without a reload; the bell counts it; the board is run with the
// keyboard only; the timeline tells the journey. Every screen on the way is checked with axe.

/** Waits until no ticket is being saved: a card ignores moves while its last one is on its way to the server. */
async function ticketsSaved(page: Page) {
  await page.waitForFunction(() => !document.querySelector('li[data-ticket-id][aria-busy]'));
}

/** Presses Tab until the focused element matches, as a keyboard user would move through the page. */
async function tabTo(page: Page, isTarget: () => boolean | Promise<boolean>, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await isTarget()) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('the element was never reached with Tab');
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      ticket: el?.closest('[data-ticket-id]') === el ? (el?.getAttribute('aria-label') ?? '') : '',
      name: el?.getAttribute('aria-label') ?? el?.textContent ?? '',
      column: el?.closest('[data-status]')?.getAttribute('data-status') ?? '',
    };
  });

describe('live portal: admin and client side by side', () => {
  const suite = useProductSuite({ services: true });

  test('changes cross over live both ways; the board runs on the keyboard; the bell counts; the timeline tells the journey', async () => {
    const { product } = suite;
    const email = `live-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const title = `Platform rebuild ${randomUUID().slice(0, 4)}`;
    const clientToken = await createClient(product, { email, password, fullName: 'Grace Hopper' });
    await api(product, clientToken, 'POST', '/api/create-project', {
      title,
      tier: 3,
      description: 'Rebuild our data platform on a modern stack',
      monthly_budget_range: '15k-50k',
      timeline: '2-3-months',
    });
    await api(product, null, 'POST', '/api/contact-form', {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.test',
      company: 'Bletchley',
      projectDetails: 'We would like a quote for a small website.',
    });

    // Both dashboards follow the live channel; the client's is a phone's.
    const { admin, client, close } = await openSideBySide(suite, {
      admin: { context: { viewport: { width: 1440, height: 900 } } },
      client: {
        email,
        password,
        context: { viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true },
      },
    });
    try {
      const a = admin.page;
      const c = client.page;
      const clientCard = c.getByRole('article', { name: title });
      await clientCard.getByText('Pending', { exact: true }).waitFor();
      await c.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await assertNoAxeViolations(c, 'the client dashboard at 360 px');

      // Admin → client: Accept shows on the client's open dashboard, with the bell counting it.
      const queued = a.getByRole('article', { name: title });
      // Accepting is sending a proposal with the subscription's monthly fee (issue 33).
      await queued.getByRole('button', { name: 'Accept' }).click();
      const send = a.getByRole('dialog', { name: 'Send Proposal' });
      await send.getByRole('textbox', { name: /Monthly fee/ }).fill('15000');
      await send.getByRole('button', { name: 'Send Proposal' }).click();
      await a.getByText('Project Accepted', { exact: true }).waitFor();
      await queued.getByText('Awaiting Client Approval', { exact: true }).waitFor();
      // Focus comes back to the accepted project once the dialog has gone (on a busy machine, a frame later).
      await a
        .waitForFunction((name) => document.activeElement?.getAttribute('aria-label') === name, title, {
          timeout: 5000,
        })
        .catch(() => undefined);
      assert.equal(
        await a.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        title,
        'focus stays on the accepted project',
      );
      await assertNoAxeViolations(a, 'the admin queue at 1440 px with a toast');
      await clientCard.getByText('Awaiting Your Approval').waitFor({ timeout: 5000 });
      await c.getByRole('button', { name: 'Notifications 1 unread' }).waitFor();

      // Client → admin: approving with a card takes the project out of the admin's open queue.
      await clientCard.getByRole('button', { name: 'Approve' }).click();
      const approve = c.getByRole('dialog', { name: 'Approve Project' });
      await fillCard(approve, '4242 4242 4242 4242');
      await approve.getByText('I agree to this proposal').click();
      await approve.getByRole('textbox', { name: /Your full name/ }).fill('Ada Lovelace');
      // Checked as the client reads it: the proposal in, so Sign and Approve is enabled (one enabled during the
      // check would be measured halfway through its fade from the disabled look).
      await approve.getByText('Loading the proposal...').waitFor({ state: 'detached' });
      await assertNoAxeViolations(c, 'the Approve dialog at 360 px');
      await approve.getByRole('button', { name: 'Sign and Approve' }).click();
      await c.getByText('Project Accepted').waitFor();
      await approve.waitFor({ state: 'detached' });
      await queued.waitFor({ state: 'detached', timeout: 5000 });
      await a
        .getByRole('group', { name: 'Active Projects' })
        .getByText('1', { exact: true })
        .waitFor({ timeout: 5000 });

      // The admin runs the board with the keyboard only: a ticket added, then moved on and back a column.
      await a.getByRole('tab', { name: /^Active Projects/ }).click();
      // The only active project: the board shown is its board.
      await a.getByRole('article', { name: title }).waitFor();
      const board = a.getByRole('region', { name: 'Not Started' });
      await board.waitFor();
      await tabTo(a, async () => (await focused(a)).name === 'Add Ticket');
      await a.keyboard.press('Enter');
      const add = a.getByRole('dialog', { name: 'Add Ticket' });
      // The dialog moves focus into Title a frame or more after the field appears (zag traps focus in a later
      // animation frame): keys typed before that would go to the Add Ticket button, and the title would lose its
      // first letters. A keyboard user types once the caret is there.
      const titleField = await add.getByRole('textbox', { name: /^Title/ }).elementHandle();
      await a.waitForFunction((field) => document.activeElement === field, titleField);
      await a.keyboard.type('Map the data flows');
      await a.keyboard.press('Enter');
      await a.getByText('Ticket Created', { exact: true }).waitFor();
      await board.getByText('Map the data flows').waitFor();

      // The client opens the board on the phone; what the admin does next shows there live.
      await c.getByRole('tab', { name: /^Active Projects/ }).click();
      const activeCard = c.getByRole('tabpanel').getByRole('article', { name: title });
      await activeCard.getByRole('button', { name: 'Show Board' }).click();
      const clientBoard = c.getByRole('region', { name: `Project Board: ${title}` });
      await clientBoard
        .getByRole('region', { name: /Not Started/ })
        .getByText('Map the data flows')
        .waitFor();

      await tabTo(a, async () => (await focused(a)).ticket.startsWith('Map the data flows'));
      await a.keyboard.press('ArrowRight');
      await a.getByRole('region', { name: 'In Progress' }).getByText('Map the data flows').waitFor();
      await ticketsSaved(a);
      await a.keyboard.press('ArrowRight');
      await a.getByRole('region', { name: 'In Review' }).getByText('Map the data flows').waitFor();
      await ticketsSaved(a);
      assert.deepEqual(await focused(a), {
        ticket: 'Map the data flows, in In Review',
        name: 'Map the data flows, in In Review',
        column: 'in-review',
      });
      // A column behind it, still from the keyboard.
      await a.keyboard.press('ArrowLeft');
      await a.getByRole('region', { name: 'In Progress' }).getByText('Map the data flows').waitFor();
      await ticketsSaved(a);
      assert.equal((await focused(a)).column, 'in-progress', 'focus stays on the moved ticket');
      await a.getByText('Moved "Map the data flows" to In Progress.').waitFor({ state: 'attached' });
      // Move to… : the menu of columns, keyboard only, back to Not Started.
      await tabTo(a, async () => (await focused(a)).name === 'Move to… "Map the data flows"');
      await a.keyboard.press('Enter');
      await a.getByRole('menu', { name: 'Move "Map the data flows" to…' }).waitFor();
      await assertNoAxeViolations(a, 'the board with the Move to… menu open');
      await a.keyboard.press('Enter');
      await a.getByRole('region', { name: 'Not Started' }).getByText('Map the data flows').waitFor();
      await ticketsSaved(a);
      assert.equal((await focused(a)).column, 'not-started');
      const saved = await api<{ tickets: { title: string; status: string }[] }>(
        product,
        clientToken,
        'GET',
        '/api/tickets',
      );
      await expectEventually(
        async () =>
          (
            await api<{ tickets: { title: string; status: string }[] }>(
              product,
              clientToken,
              'GET',
              '/api/tickets',
            )
          ).tickets.find((t) => t.title === 'Map the data flows')?.status === 'not-started',
      );
      assert.ok(saved.tickets.some((t) => t.title === 'Map the data flows'));
      await assertNoAxeViolations(a, 'the Active Projects board at 1440 px');

      // The client's open board followed every move.
      await clientBoard
        .getByRole('region', { name: /Not Started/ })
        .getByText('Map the data flows')
        .waitFor({ timeout: 5000 });

      // Complete Project asks first.
      await a.getByRole('button', { name: 'Complete Project' }).click();
      const confirm = a.getByRole('alertdialog', { name: 'Complete Project' });
      await confirm.getByText(/Its monthly subscription ends now/).waitFor();
      await assertNoAxeViolations(a, 'the Complete Project confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      // The admin's inbox has the contact message; marking it read updates the tab.
      await a.getByRole('tab', { name: /^Inbox/ }).click();
      const message = a.getByRole('article', { name: 'Contact message: Alan Turing' });
      await message.getByText('Unread', { exact: true }).waitFor();
      await assertNoAxeViolations(a, 'the admin inbox');
      await message.getByRole('button', { name: /^Mark as read/ }).click();
      await message.getByText('Unread', { exact: true }).waitFor({ state: 'detached' });

      // The client's bell counted the consultancy's changes; marked read, the count goes.
      const bell = c.getByRole('button', { name: /^Notifications \d+ unread$/ });
      await bell.waitFor();
      const unread = Number((await bell.textContent())?.match(/(\d+)/)?.[1]);
      // Ticket moves go to the client's daily digest by default (issue 34), not to the bell.
      assert.ok(unread >= 2, `the bell counts the accept and the new ticket (${unread})`);
      await bell.click();
      const notifications = c.getByRole('dialog', { name: 'Notifications' });
      await notifications.getByText('The consultancy accepted the request and sent a proposal').waitFor();
      await notifications.getByText('The consultancy added "Map the data flows"').waitFor();
      await assertNoAxeViolations(c, 'the notifications at 360 px');
      await notifications.getByRole('button', { name: 'Mark all as read' }).click();
      await notifications.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
      await notifications.getByRole('button', { name: 'Close' }).last().click();
      await c.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      const after = await api<{ unreadCount: number }>(
        product,
        clientToken,
        'GET',
        '/api/notifications?unread=1&limit=1',
      );
      assert.equal(after.unreadCount, 0);

      // The timeline tells the journey, in the client's words.
      await activeCard.getByRole('button', { name: 'Activity' }).click();
      const activity = c.getByRole('dialog', { name: `Activity: ${title}` });
      const journey = activity.getByRole('list', { name: `History of ${title}` });
      await journey.getByText('You requested this project').waitFor();
      for (const line of [
        'The consultancy accepted the request and sent a proposal',
        'You approved the proposal',
        'The consultancy added "Map the data flows"',
        'The consultancy moved "Map the data flows" to In Review',
        'The consultancy moved "Map the data flows" to Not Started',
      ]) {
        await journey.getByText(line, { exact: true }).first().waitFor();
      }
      await journey.getByText('Status: Pending → Active').waitFor();
      await assertNoAxeViolations(c, 'the activity timeline at 360 px');

      assert.deepEqual(admin.errors, []);
      assert.deepEqual(client.errors, []);
    } finally {
      await close();
    }
  });

  test('an empty dashboard and a list that cannot load are accessible at 1440 px', async () => {
    const { product } = suite;
    const email = `empty-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    await createClient(product, { email, password, fullName: 'Ada Lovelace' });
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const { page, errors } = await newPage(context);
    // A list the server cannot answer (the Rejected tab's): its error and its retry.
    const refusedList = (url: URL) =>
      url.pathname === '/api/projects' && url.searchParams.get('view') === 'refused';
    await page.route(refusedList, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    try {
      await logIn(page, product.url, email, password);
      await page.getByText('You have no pending projects.').waitFor();
      await assertNoAxeViolations(page, 'the empty client dashboard at 1440 px');
      await page.getByRole('tab', { name: /^Rejected Projects/ }).click();
      await page
        .getByRole('tabpanel')
        .getByRole('alert')
        .getByText("We're having trouble loading your projects.")
        .waitFor();
      await assertNoAxeViolations(page, 'a list error at 1440 px');
      await page.unroute(refusedList);
      await page.getByRole('tabpanel').getByRole('button', { name: 'Try again' }).click();
      await page.getByText('You have no rejected projects.').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the condition never held');
}
