import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import {
  advanceProjectClock,
  stripeClient,
  subscriptionOfProject,
} from '../../tools/stripe/stripe-clock.mjs';
import { createClient, logIn, PASSWORD, signIn, signInAsAdmin } from './support/accounts';
import { api, call, eventually } from './support/api';
import { mailsTo } from './support/mailbox';
import { extractText, getDocumentProxy } from 'unpdf';
import { fillCard } from './support/card';
import { assertNoAxeViolations } from './support/axe';

// Issue 33: agreements before money. The admin sends a tier 4 proposal (v1) and edits it (v2); the client sees
// only v2 as a page, cannot sign without the box (400) nor sign v1 (409), nothing charged either way; then signs v2
// with a typed name and the subscription starts. The signature holds v2's hash; the signed agreement downloads on
// both sides and its text holds the name and the hash.

interface ProposalView {
  document: { version: number };
  hash: string;
  signature: { version: number; hash: string; signedName: string; signedAt: string } | null;
  history?: { version: number }[];
}

async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    dollars,
  );
/** A day as the portal shows it (shared/portal shortDate), in the browser context's UTC. */
const shortDay = (unixSeconds: number) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(unixSeconds * 1000));

interface Payments {
  payments: { kind: string; status: string; amount: number }[];
}

/** The mailbox's link of this verify type (the auth service's confirmation), once it arrives. */
const verifyLink = (product: RunningProduct, to: string, type: 'signup') =>
  eventually(`the ${type} mail to ${to}`, async () =>
    (await mailsTo(product, to))
      .flatMap((mail) => mail.links)
      .find((l) => l.includes('/verify') && l.includes(`type=${type}`)),
  );

/**
 * A new client, Grace Hopper (`<prefix>-<random>@example.test`), with a tier 4 project awaiting its proposal, and
 * the admin's token to send one.
 */
async function tier4Request(product: RunningProduct, prefix: string, title: string) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
  const clientToken = await createClient(product, { email, fullName: 'Grace Hopper' });
  const adminToken = await signInAsAdmin(product);
  const { id: projectId } = await api<{ id: string }>(product, clientToken, 'POST', '/api/create-project', {
    title,
    tier: 4,
    description: 'A fractional CTO for our platform team',
    monthly_budget_range: '15k-50k',
    timeline: 'asap',
  });
  return { email, clientToken, adminToken, projectId };
}

describe('proposals: read, sign, then pay', () => {
  const suite = useProductSuite({ services: true });

  test('admin sends v1, edits to v2 → the client sees only v2, signs with a typed name → the subscription starts; the agreement downloads on both sides', async () => {
    const { product } = suite;
    const title = 'Platform leadership';
    const { email, clientToken, adminToken, projectId } = await tier4Request(product, 'signer', title);
    const proposal = (monthlyFee: number, deliverables: string[]) => ({
      scope: 'Technical leadership for the platform rebuild.\n\n- Weekly architecture review\n- Hiring plan',
      deliverables,
      monthlyFee,
      validUntil: inDays(14),
    });
    const send = (body: unknown) =>
      api<{ proposal: ProposalView }>(
        product,
        adminToken,
        'POST',
        `/api/projects/${projectId}/proposal`,
        body,
      );
    const v1 = await send(proposal(10000, ['Technology roadmap']));
    const v2 = await send(proposal(12000, ['Technology roadmap', 'Team plan']));
    assert.equal(v2.proposal.document.version, 2);
    assert.deepEqual(
      v2.proposal.history?.map((h) => h.version),
      [2, 1],
    );

    // Unsigned (400) and superseded (409): refused, and nothing charged.
    const approval = (fields: object) =>
      call(product, clientToken, 'POST', '/api/client-approve-project', {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...fields,
      });
    const unsigned = await approval({
      proposalVersion: 2,
      proposalHash: v2.proposal.hash,
      signedName: 'Grace',
    });
    assert.equal(unsigned.status, 400);
    const superseded = await approval({
      proposalVersion: 1,
      proposalHash: v1.proposal.hash,
      agreed: true,
      signedName: 'Grace Hopper',
    });
    assert.equal(superseded.status, 409);
    assert.equal(
      ((await superseded.json()) as { error: string }).error,
      'The proposal changed; please review it again.',
    );
    const before = await api<{ payments: unknown[] }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/payments`,
    );
    assert.deepEqual(before.payments, [], 'nothing was charged');

    // The client reads v2 as a page and signs it.
    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const { page, errors } = await newPage(context);
    await logIn(page, product.url, email, PASSWORD);
    const pending = page.getByRole('article', { name: title });
    await pending.getByText('Awaiting Your Approval').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Project' });
    await approve.getByRole('heading', { name: `Proposal: ${title}` }).waitFor();
    await approve.getByText('$12,000/month').first().waitFor();
    assert.equal(await approve.getByText('$10,000/month').count(), 0, 'v1 is never shown');
    await approve.getByText('Team plan').waitFor();
    await approve.getByText(/60% × 2 months × \$12,000 = \$14,400/).waitFor();
    await approve.getByText('I agree to this proposal').click();
    await approve.getByRole('textbox', { name: /Your full name/ }).fill('Grace Hopper');
    await fillCard(approve, '4242 4242 4242 4242');
    await assertNoAxeViolations(page, 'the proposal page', '[role="dialog"]');
    await page.screenshot({ path: '/work/shots/proposal-signed.png', fullPage: true });
    await approve.getByRole('button', { name: 'Sign and Approve' }).click();
    await page.getByText('Project Accepted').waitFor();
    await approve.waitFor({ state: 'detached' });

    // The subscription started; the signature holds v2's hash.
    const started = await api<{ payments: { kind: string; amount: number }[] }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/payments`,
    );
    assert.deepEqual(
      started.payments.map((p) => [p.kind, p.amount]),
      [['subscription', 12000]],
    );
    const signed = await api<{ proposal: ProposalView }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/proposal`,
    );
    assert.equal(signed.proposal.signature?.version, 2);
    assert.equal(signed.proposal.signature?.hash, v2.proposal.hash);
    assert.equal(signed.proposal.signature?.signedName, 'Grace Hopper');

    // The client downloads the agreement from the portal; the admin gets the same document.
    await page.getByRole('tab', { name: /^Active Projects/ }).click();
    const active = page
      .getByRole('tabpanel', { name: /Active Projects/ })
      .getByRole('article', { name: title });
    const downloadButton = active.getByRole('button', { name: 'Signed Agreement (PDF)' });
    await downloadButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const clientPdf = await pdfTextOf(new Uint8Array(await readFile((await download.path())!)));
    await writeFile('/work/shots/proposal-agreement.txt', clientPdf);
    assert.ok(clientPdf.includes('Grace Hopper'), 'the PDF names the signer');
    assert.ok(clientPdf.includes(v2.proposal.hash), "the PDF holds v2's hash");
    const adminPdf = await call(product, adminToken, 'GET', `/api/projects/${projectId}/agreement.pdf`);
    assert.equal(adminPdf.headers.get('content-type'), 'application/pdf');
    const adminText = await pdfTextOf(new Uint8Array(await adminPdf.arrayBuffer()));
    assert.ok(adminText.includes('Grace Hopper') && adminText.includes(v2.proposal.hash));

    // E-mailed to both sides.
    await eventually("the signed agreement in the client's mailbox", async () =>
      (await mailsTo(product, email)).find((m) => m.subject.startsWith('Signed agreement')),
    );

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('tier 4 after one renewal: the cancel dialog shows 60% × the unbilled month × the fee and when service ends, as signed; confirming cancels and charges exactly that', async () => {
    const { product } = suite;
    const title = 'Leadership after a renewal';
    const { email, clientToken, adminToken, projectId } = await tier4Request(product, 'renewed', title);
    const sent = await api<{ proposal: ProposalView }>(
      product,
      adminToken,
      'POST',
      `/api/projects/${projectId}/proposal`,
      {
        scope: 'Fractional CTO for the platform team.',
        deliverables: ['Technology roadmap'],
        monthlyFee: 12000,
        validUntil: inDays(14),
      },
    );
    await api(product, clientToken, 'POST', '/api/client-approve-project', {
      projectId,
      action: 'accept',
      paymentMethodId: 'pm_card_visa',
      proposalVersion: sent.proposal.document.version,
      proposalHash: sent.proposal.hash,
      agreed: true,
      signedName: 'Grace Hopper',
    });

    // A month passes on the subscription's clock: the second month is invoiced and paid.
    const stripe = stripeClient({
      apiUrl: product.env.STRIPE_API_URL,
      secretKey: product.env.STRIPE_SECRET_KEY,
    });
    await advanceProjectClock({
      apiUrl: product.env.STRIPE_API_URL,
      secretKey: product.env.STRIPE_SECRET_KEY,
      projectId,
      months: 1,
    });
    // Stripe's clock, its webhooks and the API's job: on a busy machine this has taken over 30 s.
    await eventually(
      'the renewal in the payment history',
      async () => {
        const { payments } = await api<Payments>(
          product,
          clientToken,
          'GET',
          `/api/projects/${projectId}/payments`,
        );
        return payments.filter((p) => p.kind === 'subscription' && p.status === 'succeeded').length === 2
          ? true
          : undefined;
      },
      90_000,
    );
    // The end of the paid period is Stripe's: the second month's end, once the API has read it.
    const paidUntil = await eventually("the renewed period's end", async () => {
      const subscription = await subscriptionOfProject(stripe, projectId);
      const end = subscription?.items.data[0]?.current_period_end;
      const { subscription: ours } = await api<{ subscription: { currentPeriodEnd: string | null } | null }>(
        product,
        clientToken,
        'GET',
        `/api/projects/${projectId}/payments`,
      );
      return end && ours?.currentPeriodEnd === new Date(end * 1000).toISOString() ? end : undefined;
    });
    const started = (await subscriptionOfProject(stripe, projectId))!.start_date;
    assert.ok(paidUntil > started + 55 * 86_400, 'two months are paid');

    // Two of the three months of the minimum term are invoiced: the penalty is 60% × 1 × $12,000 = $7,200.
    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
    });
    const { page, errors } = await newPage(context);
    await logIn(page, product.url, email, PASSWORD);
    await page.getByRole('tab', { name: /^Active Projects/ }).click();
    const active = page
      .getByRole('tabpanel', { name: /Active Projects/ })
      .getByRole('article', { name: title });
    await active.getByRole('button', { name: 'Cancel Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Early-Cancellation Penalty' });
    const facts = dialog.locator('dl');
    await facts.waitFor();
    const term = async (label: string) =>
      (
        await facts.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()
      )?.trim();
    await dialog.getByText(`${shortDay(paidUntil)}, the end of the month already paid`).waitFor();
    assert.equal(await term('Penalty'), usd(7200));
    assert.equal(await term('Months remaining'), '1');
    assert.equal(await term('Monthly fee'), usd(12000));
    assert.equal(await term('Service ends'), `${shortDay(paidUntil)}, the end of the month already paid`);
    await dialog
      .getByText(
        `Months of the 3-month minimum term not yet invoiced: 60% × 1 × ${usd(12000)} = ${usd(7200)}.`,
      )
      .waitFor();
    await dialog
      .getByText(/^This is the early-cancellation rule of the proposal you signed on .+ \(version 1\)\.$/)
      .waitFor();
    await assertNoAxeViolations(page, 'the cancel dialog after a renewal', '[role="dialog"]');
    await page.screenshot({ path: '/work/shots/proposal-cancel-after-renewal.png', fullPage: true });

    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Our own CTO starts next month');
    // No card saved on the Billing page: the penalty is paid with a card typed here.
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: `Pay ${usd(7200)} and Cancel` }).click();
    await page.getByText('Project Cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Exactly the amount shown was charged, once; the subscription ended; the project is cancelled.
    const penalties = (await stripe.paymentIntents.list({ limit: 100 })).data.filter(
      (intent) => intent.metadata.project_id === projectId && intent.metadata.type === 'penalty',
    );
    assert.deepEqual(
      penalties.map((intent) => [intent.status, intent.amount_received]),
      [['succeeded', 720_000]],
    );
    const { payments } = await api<Payments>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/payments`,
    );
    assert.deepEqual(
      payments.filter((p) => p.kind === 'penalty').map((p) => [p.status, p.amount]),
      [['succeeded', 7200]],
    );
    assert.equal((await subscriptionOfProject(stripe, projectId))?.status, 'canceled');
    const { projects } = await api<{ projects: { id: string; cancelled: boolean }[] }>(
      product,
      clientToken,
      'GET',
      '/api/projects',
    );
    assert.equal(projects.find((p) => p.id === projectId)?.cancelled, true);

    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a visitor's tier 4 consultation → the admin's proposal → its e-mail's Sign Up link → the visitor signs up, reads and signs it, pays → the project starts", async () => {
    const { product } = suite;
    const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'visitor-secret';

    // The visitor requests a consultation on the site, without an account.
    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
    });
    const { page, errors } = await newPage(context);
    await page.goto('/consultation/4');
    await page.getByRole('heading', { level: 1, name: /Fractional CTO/ }).waitFor();
    await page.getByRole('textbox', { name: /First Name/ }).fill('Ada');
    await page.getByRole('textbox', { name: /Last Name/ }).fill('Lovelace');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('textbox', { name: /Company/ }).fill('Engines Ltd');
    await page
      .getByRole('textbox', { name: /Project Description/ })
      .fill('We need technical leadership for our platform');
    await page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: /Terms of Service/ }) })
      .click({ position: { x: 8, y: 10 } });
    await page.getByRole('combobox', { name: /Budget Range/ }).selectOption('15k-50k');
    await page.getByRole('combobox', { name: /Timeline/ }).selectOption('2-3-months');
    await page.getByLabel('Preferred Date').fill('2030-01-15');
    await page.getByRole('button', { name: 'Schedule Consultation' }).click();
    await page.waitForURL('**/consultation-success');
    const projectId = await page.evaluate(() => sessionStorage.getItem('consultationProjectId'));
    assert.ok(projectId, 'the success page knows the request');

    // The admin sends the lead a proposal, with the monthly fee they chose.
    const adminToken = await signInAsAdmin(product);
    const sent = await api<{ project: { title: string; client_id: string | null }; proposal: ProposalView }>(
      product,
      adminToken,
      'POST',
      `/api/projects/${projectId}/proposal`,
      {
        scope: 'Technical leadership for the platform.\n\n- Architecture review\n- Hiring plan',
        deliverables: ['Technology roadmap (month 1)', 'Team plan (month 2)'],
        monthlyFee: 11000,
        validUntil: inDays(14),
      },
    );
    assert.equal(sent.project.client_id, null, 'a lead: nobody holds the project yet');
    const { title } = sent.project;

    // The proposal's e-mail says there is no account yet and links to Sign Up with the address filled in.
    const mail = await eventually('the proposal e-mail', async () =>
      (await mailsTo(product, email)).find((m) => m.subject === `Your proposal for "${title}" is ready`),
    );
    assert.match(mail.text, /You don't have an account with us yet/);
    const signUp = mail.links.find((link) => link.includes('tab=signup'));
    assert.equal(signUp, `${product.url}/login?tab=signup&email=${encodeURIComponent(email)}`);

    // The visitor signs up through it and confirms the address from the mailbox.
    await page.goto(signUp!);
    const form = page.getByRole('form', { name: 'Sign Up' });
    assert.equal(await form.getByLabel('Email').inputValue(), email);
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel('Confirm Password').fill(password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    const check = page.getByRole('alertdialog', { name: 'Check your email' });
    await check.getByText(email).waitFor();
    await check.getByRole('button', { name: 'OK' }).click();
    await page.goto(await verifyLink(product, email, 'signup'));
    await page.waitForURL(`${product.url}/dashboard`);

    // The project is theirs: they read the proposal as a page, sign it with a typed name and pay.
    const pending = page.getByRole('article', { name: title });
    await pending.getByText('Awaiting Your Approval').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Project' });
    await approve.getByRole('heading', { name: `Proposal: ${title}` }).waitFor();
    await approve.getByText('$11,000/month').first().waitFor();
    await approve.getByText('Team plan (month 2)').waitFor();
    await approve.getByText('I agree to this proposal').click();
    await approve.getByRole('textbox', { name: /Your full name/ }).fill('Ada Lovelace');
    await fillCard(approve, '4242 4242 4242 4242');
    await approve.getByRole('button', { name: 'Sign and Approve' }).click();
    await page.getByText('Project Accepted').waitFor();
    await approve.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Active Projects/ }).click();
    await page
      .getByRole('tabpanel', { name: /Active Projects/ })
      .getByRole('article', { name: title })
      .getByText('Active', { exact: true })
      .waitFor();

    // The project started on the signed fee, and the signature is the new client's.
    const clientToken = await signIn(product, email, password);
    const { payments } = await api<Payments>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/payments`,
    );
    assert.deepEqual(
      payments.map((p) => [p.kind, p.status, p.amount]),
      [['subscription', 'succeeded', 11000]],
    );
    const signed = await api<{ proposal: ProposalView }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}/proposal`,
    );
    assert.deepEqual(
      [
        signed.proposal.signature?.version,
        signed.proposal.signature?.hash,
        signed.proposal.signature?.signedName,
      ],
      [1, sent.proposal.hash, 'Ada Lovelace'],
    );
    const { projects } = await api<{ projects: { id: string; status: string; client_email: string }[] }>(
      product,
      clientToken,
      'GET',
      '/api/projects',
    );
    assert.deepEqual(
      projects.map((p) => [p.id, p.status]),
      [[projectId, 'active']],
    );

    assert.deepEqual(errors, []);
    await context.close();
  });
});
