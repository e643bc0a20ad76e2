import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { createClient, logIn, signInAsAdmin } from './support/accounts';
import { api } from './support/api';

// The admin dashboard: a tier 3 consultation request reaches the Project Queue, the admin accepts it, the
// client approves it (through the API), and the admin runs its board: adds a ticket and moves it forward.

interface ProjectRow {
  id: string;
  title: string;
  status: string;
}
interface TicketRow {
  id: string;
  title: string;
  status: string;
  assignee: string | null;
  project_id: string;
}

const logInAsAdmin = (page: Page, product: RunningProduct) =>
  logIn(page, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);

describe('admin dashboard', () => {
  const suite = useProductSuite({ services: true });

  test('queue → accept → client approves → the admin adds a ticket on the board and moves it to in-progress', async () => {
    const email = `client-${randomUUID().slice(0, 8)}@example.test`;
    const password = `secret-${randomUUID().slice(0, 8)}`;
    const clientToken = await createClient(suite.product, { email, password });

    // The consultation request for tier 3 (spec section 7), sent by the signed-in client.
    const { id: projectId } = await api<{ id: string }>(
      suite.product,
      clientToken,
      'POST',
      '/api/schedule-consultation',
      {
        tier: '3',
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        company: 'Compilers Inc',
        projectDescription: 'Senior help with our data platform migration',
        budget: '15k-50k',
        timeline: '2-3-months',
        acceptedTerms: true,
      },
    );
    const { projects } = await api<{ projects: ProjectRow[] }>(
      suite.product,
      clientToken,
      'GET',
      '/api/projects',
    );
    const project = projects.find((p) => p.id === projectId);
    assert.ok(project, 'the client sees the requested project');

    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    await logInAsAdmin(page, suite.product);
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Admin Dashboard' })
      .or(page.getByRole('banner').getByRole('button', { name: 'Admin Dashboard' }))
      .first()
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    for (const label of [
      'Pending Projects',
      'Active Projects',
      'Pending Final Payment',
      'Monthly Revenue',
      'Completed Projects',
    ]) {
      await page.getByRole('group', { name: label }).waitFor();
    }

    // Project Queue: the request is there, pending; Accept turns it into 'Awaiting Client Approval'.
    const item = page.getByRole('article', { name: project.title });
    await item.getByText('Pending', { exact: true }).waitFor();
    // Accepting is sending a proposal: the subscription's monthly fee must be set (issue 33).
    await item.getByRole('button', { name: 'Accept' }).click();
    const send = page.getByRole('dialog', { name: 'Send Proposal' });
    await send.getByRole('textbox', { name: /Monthly fee/ }).fill('15000');
    await send.getByRole('button', { name: 'Send Proposal' }).click();
    await page.getByText('Project Accepted', { exact: true }).waitFor();
    await item.getByText('Awaiting Client Approval', { exact: true }).waitFor();
    assert.equal(await item.getByRole('button', { name: 'Accept' }).count(), 0);
    await assertNoAxeViolations(page, 'the Project Queue');

    // The client approves (tier 3 starts the subscription with a test card).
    const { proposal } = await api<{ proposal: { document: { version: number }; hash: string } }>(
      suite.product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/proposal`,
    );
    await api(suite.product, clientToken, 'POST', '/api/client-approve-project', {
      projectId,
      action: 'accept',
      paymentMethodId: 'pm_card_visa',
      proposalVersion: proposal.document.version,
      proposalHash: proposal.hash,
      agreed: true,
      signedName: 'Ada Lovelace',
    });

    await page.reload();
    await page.getByRole('tab', { name: /^Active Projects/ }).click();
    const active = page.getByRole('article', { name: project.title });
    await active.getByText('Active', { exact: true }).waitFor();
    assert.ok(
      await active.getByRole('button', { name: 'Edit' }).isDisabled(),
      'edit is blocked once both sides accepted',
    );

    // Add Ticket: title only; the assignee defaults to the default staff name.
    await page.getByRole('button', { name: 'Add Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ticket' });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Map the current data flows');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByText('Ticket Created', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Not Started' }).getByText('Map the current data flows').waitFor();

    // The forward button moves it one step: not-started → in-progress. The card moves at once; the API is
    // read once the move's PATCH was answered.
    const moveSaved = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && /\/api\/tickets\/[^/]+$/.test(response.url()),
      );
    let saved = moveSaved();
    await page.getByRole('button', { name: 'Move "Map the current data flows" to In Progress' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByRole('region', { name: 'In Progress' }).getByText('Map the current data flows').waitFor();
    await page.getByRole('button', { name: 'Move "Map the current data flows" to In Review' }).waitFor();
    await assertNoAxeViolations(page, 'the Active Projects board');

    const adminToken = await signInAsAdmin(suite.product);
    const { tickets } = await api<{ tickets: TicketRow[] }>(suite.product, adminToken, 'GET', '/api/tickets');
    const ticket = tickets.find((t) => t.project_id === projectId);
    assert.equal(ticket?.status, 'in-progress');
    assert.equal(ticket?.assignee, 'Lead Engineer');

    // Drag and drop (HTML5) to any column: in-progress → done.
    saved = moveSaved();
    await page
      .getByRole('region', { name: 'In Progress' })
      .getByText('Map the current data flows')
      .dragTo(page.getByRole('region', { name: 'Done' }));
    await page.getByRole('region', { name: 'Done' }).getByText('Map the current data flows').waitFor();
    assert.equal((await saved).status(), 200);
    const after = await api<{ tickets: TicketRow[] }>(suite.product, adminToken, 'GET', '/api/tickets');
    assert.equal(after.tickets.find((t) => t.id === ticket!.id)?.status, 'done');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a returning admin's dashboard comes in one wave: its head announces every script the first render needs, and nothing of the client's portal", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    await logInAsAdmin(page, suite.product);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();

    // What the page asks for while it is parsed, before its first script runs (deferred scripts run after this).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { announced: string[] }).announced = [
          ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href),
          ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
        ];
      });
    });
    const requests: { url: string; script: boolean }[] = [];
    const record = (request: Request) =>
      requests.push({ url: request.url(), script: request.resourceType() === 'script' });
    page.on('request', record);
    await page.goto(`${suite.product.url}/dashboard`);
    await page.getByRole('tabpanel', { name: /Project Queue/ }).waitFor();
    page.off('request', record);

    const { announced, clientPortal } = await page.evaluate(() => ({
      announced: (window as unknown as { announced: string[] }).announced,
      clientPortal: (
        JSON.parse(document.getElementById('app-config')!.textContent!) as {
          remotes: Record<string, { manifest: string }>;
        }
      ).remotes.client_portal!.manifest,
    }));
    const scripts = requests.filter((r) => r.script).map((r) => r.url);
    assert.ok(
      scripts.some((url) => url.endsWith('/remoteEntry.js')),
      "the admin portal's entry is among them",
    );
    assert.deepEqual(
      scripts.filter((url) => !announced.includes(url)),
      [],
      'scripts the page did not announce while it was parsed',
    );
    const clientRelease = new URL('.', clientPortal).href;
    assert.deepEqual(
      requests.filter((r) => r.url.startsWith(clientRelease)),
      [],
      "the client's portal is not fetched",
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a 390 px phone the tab strip shows that it scrolls, and the signed-in heading holds focus without a ring', async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const { page, errors } = await newPage(context);
    await logInAsAdmin(page, suite.product);
    const heading = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
    await heading.waitFor();
    // Signed in by the keyboard (Enter), which makes a browser ring what gets focus next.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(await heading.evaluate((h) => getComputedStyle(h).outlineStyle), 'none');

    const tabs = page.getByRole('tablist');
    const strip = () =>
      tabs.evaluate((list) => ({
        overflows: list.scrollWidth > list.clientWidth,
        shades: getComputedStyle(list).backgroundImage.match(/gradient/g)?.length ?? 0,
        // The shades scroll with nothing; the covers scroll with the tabs (background-attachment local).
        attachment: getComputedStyle(list).backgroundAttachment,
      }));
    assert.deepEqual(await strip(), {
      overflows: true,
      shades: 4,
      attachment: 'local, local, scroll, scroll',
    });
    // The last tab can be reached by scrolling the strip.
    const inbox = page.getByRole('tab', { name: /^Inbox/ });
    await inbox.scrollIntoViewIfNeeded();
    await inbox.click();
    assert.equal(await inbox.getAttribute('aria-selected'), 'true');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
