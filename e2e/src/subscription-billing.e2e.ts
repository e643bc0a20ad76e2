import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import {
  advanceProjectClock,
  stripeClient,
  subscriptionOfProject,
} from '../../tools/stripe/stripe-clock.mjs';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { createClient, logIn, PASSWORD, signInAsAdmin } from './support/accounts';
import { api, eventually } from './support/api';
import { mailsTo } from './support/mailbox';
import { fillCard } from './support/card';
import { assertNoAxeViolations } from './support/axe';

// Subscription billing as Stripe runs it, through the local Stripe stand-in's test clocks: a tier 4 client
// approves with 4242…, a month passes, the second invoice is paid and its receipt reaches the mailbox, and
// the client sees both in the project's payment history. Then a renewal that fails: the client sees it on
// the project and pays it with Update Card (a declined card first), and the admin sees it settled.

interface ProjectRow {
  id: string;
  title: string;
  subscription_status: 'active' | 'past_due' | 'cancelled' | null;
}
interface Payments {
  payments: {
    kind: string;
    status: string;
    amount: number;
    cardLast4: string | null;
    failureMessage: string | null;
  }[];
  balanceDue: number;
}

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    dollars,
  );

/** A tier 4 request by the client, accepted by the admin: it awaits the client's approval. */
async function acceptedTier4Request(
  product: RunningProduct,
  clientToken: string,
  adminToken: string,
  title: string,
): Promise<string> {
  const { id } = await api<{ id: string }>(product, clientToken, 'POST', '/api/create-project', {
    title,
    tier: 4,
    description: 'A fractional CTO for our platform team',
    monthly_budget_range: '15k-50k',
    timeline: 'asap',
  });
  // Accepting is sending a proposal, with the monthly fee the admin chose (issue 33).
  await api(product, adminToken, 'POST', `/api/projects/${id}/proposal`, {
    scope: 'Fractional CTO for the platform team.',
    deliverables: ['Technology roadmap'],
    monthlyFee: 12000,
    validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
  return id;
}

/** The signature fields of the latest proposal, as the client's signing page sends them. */
async function signatureOf(product: RunningProduct, clientToken: string, projectId: string) {
  const { proposal } = await api<{ proposal: { document: { version: number }; hash: string } }>(
    product,
    clientToken,
    'GET',
    `/api/projects/${projectId}/proposal`,
  );
  return {
    proposalVersion: proposal.document.version,
    proposalHash: proposal.hash,
    agreed: true,
    signedName: 'Test Client',
  };
}

async function advanceOneMonth(product: RunningProduct, projectId: string) {
  await advanceProjectClock({
    apiUrl: product.env.STRIPE_API_URL,
    secretKey: product.env.STRIPE_SECRET_KEY,
    projectId,
    months: 1,
  });
}

/** The cells of each body row of a table. */
async function rowsOf(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim()));
  return out;
}

describe('subscription billing (Stripe test clocks in the local stand-in)', () => {
  const suite = useProductSuite({ services: true });

  test('tier 4: approve with 4242… → a month passes → the second invoice is paid, its receipt arrives, the client sees both payments → cancelling pays the penalty', async () => {
    const { product } = suite;
    const email = `cto-${randomUUID().slice(0, 8)}@example.test`;
    const title = 'Platform leadership';
    const clientToken = await createClient(product, { email, fullName: 'Grace Hopper' });
    const adminToken = await signInAsAdmin(product);
    const projectId = await acceptedTier4Request(product, clientToken, adminToken, title);

    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 900 },
    });
    const { page, errors } = await newPage(context);
    await logIn(page, product.url, email, PASSWORD);
    const pending = page.getByRole('article', { name: title });
    await pending.getByText('Awaiting Your Approval').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Project' });
    await fillCard(approve, '4242 4242 4242 4242');
    await approve.getByText('I agree to this proposal').click();
    await approve.getByRole('textbox', { name: /Your full name/ }).fill('Grace Hopper');
    await approve.getByRole('button', { name: 'Sign and Approve' }).click();
    await page.getByText('Project Accepted').waitFor();
    await approve.waitFor({ state: 'detached' });

    // The first invoice is paid at approval; a month later Stripe bills the second one.
    const started = await api<Payments>(product, clientToken, 'GET', `/api/projects/${projectId}/payments`);
    assert.equal(started.payments.length, 1, 'the first invoice is recorded at approval');
    const monthly = started.payments[0]!.amount;
    await advanceOneMonth(product, projectId);
    const renewed = await eventually('the renewal invoice in the payment history', async () => {
      const history = await api<Payments>(product, clientToken, 'GET', `/api/projects/${projectId}/payments`);
      return history.payments.length >= 2 ? history : undefined;
    });
    assert.deepEqual(
      renewed.payments.map((p) => [p.kind, p.status, p.amount, p.cardLast4]),
      [
        ['subscription', 'succeeded', monthly, '4242'],
        ['subscription', 'succeeded', monthly, '4242'],
      ],
    );
    assert.equal(renewed.balanceDue, 0);

    // Two receipts, each with an HTML and a plain-text part naming amount, purpose, project and card.
    const receipts = await eventually('both receipts in the mailbox', async () => {
      const found = (await mailsTo(product, email)).filter(
        (m) => m.subject === `Receipt: ${usd(monthly)} for "${title}"`,
      );
      return found.length >= 2 ? found : undefined;
    });
    for (const receipt of receipts) {
      for (const part of [receipt.text, receipt.html ?? '']) {
        assert.ok(part.includes(usd(monthly)), 'the receipt names the amount');
        assert.match(part, /Monthly subscription/);
        assert.ok(part.includes(title), 'the receipt names the project');
        assert.match(part, /4242/);
      }
      assert.match(receipt.html ?? '', /<html|<table|<p/i, 'the receipt has an HTML part');
    }

    // The client sees both invoices in the project's payment history.
    await page.reload();
    await page.getByRole('tab', { name: 'Active Projects' }).click();
    const active = page
      .getByRole('tabpanel', { name: 'Active Projects' })
      .getByRole('article', { name: title });
    await active.getByText('Active', { exact: true }).waitFor();
    assert.equal(await active.getByText('Payment failed').count(), 0);
    await active.getByRole('button', { name: 'Payments' }).click();
    const dialog = page.getByRole('dialog', { name: `Payments: ${title}` });
    const table = dialog.getByRole('table', { name: `Payments for ${title}` });
    await table.waitFor();
    const rows = await rowsOf(table);
    assert.equal(rows.length, 2);
    for (const row of rows)
      assert.deepEqual(row.slice(1), ['Monthly subscription', usd(monthly), 'Paid', 'ending in •••• 4242']);
    await dialog.getByText('Balance due').waitFor();
    await assertNoAxeViolations(page, 'the payments dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Still within the 3-month minimum term: cancelling charges the penalty to a card, inside the cancellation.
    const quote = await api<{ hasPenalty: boolean; penaltyAmount: number; monthsRemaining: number }>(
      product,
      clientToken,
      'POST',
      '/api/check-penalty',
      { projectId },
    );
    assert.equal(quote.hasPenalty, true);
    // The penalty counts the term's months not yet invoiced, on the subscription clock: two of three are.
    assert.equal(quote.monthsRemaining, 1);
    await active.getByRole('button', { name: 'Cancel Project' }).click();
    const penalty = page.getByRole('dialog', { name: 'Early-Cancellation Penalty' });
    await penalty.getByRole('textbox', { name: /Reason/ }).fill('Our own CTO starts next month');
    await fillCard(penalty, '4242 4242 4242 4242');
    await penalty.getByRole('button', { name: `Pay ${usd(quote.penaltyAmount)} and Cancel` }).click();
    await page.getByText('Project Cancelled').waitFor();
    await penalty.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Completed Projects' }).click();
    const cancelled = page
      .getByRole('tabpanel', { name: 'Completed Projects' })
      .getByRole('article', { name: title });
    await cancelled.getByText('Canceled', { exact: true }).waitFor();
    await cancelled.getByRole('button', { name: 'Payments' }).click();
    const after = page.getByRole('dialog', { name: `Payments: ${title}` }).getByRole('table');
    await after.getByText('Early-cancellation penalty').waitFor();
    // Not necessarily the first row: the invoices carry the subscription clock's dates, a month ahead of the wall clock.
    const penaltyRows = (await rowsOf(after)).filter((row) => row[1] === 'Early-cancellation penalty');
    assert.deepEqual(
      penaltyRows.map((row) => row.slice(1)),
      [['Early-cancellation penalty', usd(quote.penaltyAmount), 'Paid', 'ending in •••• 4242']],
    );

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a renewal fails → the client sees it and pays it with Update Card (a declined card first) → the admin sees it settled', async () => {
    const { product } = suite;
    const email = `late-${randomUUID().slice(0, 8)}@example.test`;
    const title = 'Data platform leadership';
    const clientToken = await createClient(product, { email, fullName: 'Ada Lovelace' });
    const adminToken = await signInAsAdmin(product);
    const projectId = await acceptedTier4Request(product, clientToken, adminToken, title);
    await api(product, clientToken, 'POST', '/api/client-approve-project', {
      projectId,
      action: 'accept',
      paymentMethodId: 'pm_card_visa',
      ...(await signatureOf(product, clientToken, projectId)),
    });

    // The card on file becomes one that attaches but fails every charge (4000 0000 0000 0341).
    const stripe = stripeClient({
      apiUrl: product.env.STRIPE_API_URL,
      secretKey: product.env.STRIPE_SECRET_KEY,
    });
    const subscription = await subscriptionOfProject(stripe, projectId);
    assert.ok(subscription, 'Stripe holds the subscription');
    const customer =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });

    await advanceOneMonth(product, projectId);
    await eventually('the failed renewal on the project', async () => {
      const { projects } = await api<{ projects: ProjectRow[] }>(
        product,
        clientToken,
        'GET',
        '/api/projects',
      );
      return projects.find((p) => p.id === projectId)?.subscription_status === 'past_due' ? true : undefined;
    });
    const failedMail = await eventually('the failed-payment mail', async () =>
      (await mailsTo(product, email)).find((m) => m.subject.startsWith('Payment failed:')),
    );
    assert.match(failedMail.text, /update your card/i);

    // The client sees the failure on the project, with the bank's reason, and pays it with another card.
    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 390, height: 844 },
    });
    const { page, errors } = await newPage(context);
    await logIn(page, product.url, email, PASSWORD);
    await page.getByRole('tab', { name: 'Active Projects' }).click();
    const card = page
      .getByRole('tabpanel', { name: 'Active Projects' })
      .getByRole('article', { name: title });
    await card.getByText('Payment failed', { exact: true }).waitFor();
    const alert = card.getByRole('alert');
    await alert.getByText('Your monthly payment failed').waitFor();
    await alert.getByText(/Your bank said: Your card was declined\./).waitFor();
    await assertNoAxeViolations(page, 'the client dashboard with a failed renewal');

    await alert.getByRole('button', { name: 'Update Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Card' });
    const pay = dialog.getByRole('button', { name: /^Pay / });
    await fillCard(dialog, '4000 0000 0000 0002');
    await pay.click();
    await dialog.getByText('Payment failed, please try again.').waitFor();

    await fillCard(dialog, '4242 4242 4242 4242');
    await pay.click();
    await page.getByText('Payment Successful').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('alert').waitFor({ state: 'detached' });
    assert.equal(await card.getByText('Payment failed', { exact: true }).count(), 0);

    const settled = await api<Payments>(product, clientToken, 'GET', `/api/projects/${projectId}/payments`);
    assert.equal(settled.balanceDue, 0);
    assert.deepEqual(
      settled.payments.map((p) => [p.kind, p.status]),
      [
        ['subscription', 'succeeded'],
        ['subscription', 'succeeded'],
      ],
    );
    assert.deepEqual(errors, []);
    await context.close();

    // The admin sees the project without the failure badge and the invoice paid in its history.
    const adminContext = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 900 },
    });
    const admin = await newPage(adminContext);
    await logIn(admin.page, product.url, product.env.ADMIN_EMAIL!, product.env.ADMIN_PASSWORD!);
    await admin.page.getByRole('tab', { name: /^Active Projects/ }).click();
    await admin.page.getByRole('combobox', { name: 'Select a project' }).selectOption(projectId);
    const summary = admin.page.getByRole('article', { name: title });
    await summary.getByText('Active', { exact: true }).waitFor();
    assert.equal(await summary.getByText('Payment failed').count(), 0);
    await summary.getByRole('button', { name: 'Payments' }).click();
    const history = admin.page.getByRole('dialog', { name: `Payments: ${title}` });
    const table = history.getByRole('table', { name: `Payments for ${title}` });
    await table.waitFor();
    const rows = await rowsOf(table);
    assert.equal(rows.length, 2);
    for (const row of rows)
      assert.deepEqual(row.slice(1), [
        'Monthly subscription',
        usd(settled.payments[0]!.amount),
        'Paid',
        'ending in •••• 4242',
      ]);
    assert.ok(await history.getByText('Balance due').isVisible());
    await assertNoAxeViolations(admin.page, 'the admin payments dialog', '[role="dialog"]');
    assert.deepEqual(admin.errors, []);
    await adminContext.close();
  });
});
