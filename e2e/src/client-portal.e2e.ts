import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { assertNoAxeViolations } from './support/axe';
import { logIn, signInAsAdmin } from './support/accounts';
import { api } from './support/api';
import { mailsTo } from './support/mailbox';
import { fillCard } from './support/card';

// The client portal: a new client requests a tier 3 service, the admin accepts it, the client approves the
// proposal with a card (a subscription through the local Stripe stand-ins) and the project becomes active.

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** Signs a client up through the auth service and confirms the address with the link from the mailbox. */
async function signUpConfirmedClient(
  product: RunningProduct,
  email: string,
  password: string,
  fullName: string,
) {
  const { SUPABASE_URL, SUPABASE_ANON_KEY, PUBLIC_SITE_URL } = product.env;
  const signUp = await fetch(
    `${SUPABASE_URL}/auth/v1/signup?redirect_to=${encodeURIComponent(`${PUBLIC_SITE_URL ?? product.url}/login`)}`,
    {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY!, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, data: { full_name: fullName } }),
    },
  );
  assert.equal(signUp.status, 200, 'the auth service accepts the sign-up');
  const deadline = Date.now() + 15_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = (await mailsTo(product, email))
      .flatMap((m) => m.links)
      .find((l) => l.includes('/verify') && l.includes('type=signup'));
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.ok(link, 'the confirmation mail arrives');
  const verified = await fetch(link, { redirect: 'manual' });
  assert.ok(verified.status >= 300 && verified.status < 400, 'the confirmation link redirects');
  assert.match(verified.headers.get('location') ?? '', /access_token=/, 'the address is confirmed');
}

describe('client portal', () => {
  const suite = useProductSuite({ services: true });

  test('request a tier 3 service → admin accepts → Awaiting Your Approval → approve with 4242… → Active Projects', async () => {
    const email = uniqueEmail('client');
    const password = 'client-secret';
    await signUpConfirmedClient(suite.product, email, password, 'Grace Hopper');

    const context = await suite.browser.newContext({
      baseURL: suite.product.url,
      viewport: { width: 1280, height: 900 },
    });
    const { page, errors } = await newPage(context);
    await logIn(page, suite.product.url, email, password);
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByText('You have no pending projects.').waitFor();
    await assertNoAxeViolations(page, 'the client dashboard');

    // Request a Fractional Sr. SWE engagement.
    await page.getByRole('button', { name: 'Request Service' }).click();
    const request = page.getByRole('dialog', { name: 'Request a Service' });
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await request.getByText('Please fill out all required fields.').waitFor();
    await request.getByRole('combobox', { name: /Service Type/ }).selectOption('3');
    await request.getByRole('textbox', { name: /Project Name/ }).fill('Platform rebuild');
    await request
      .getByRole('textbox', { name: /Description/ })
      .fill('Rebuild our data platform on a modern stack');
    await request.getByRole('combobox', { name: /Monthly Budget/ }).selectOption('15k-50k');
    await request.getByRole('combobox', { name: /Timeline/ }).selectOption('2-3-months');
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Service Request Submitted').waitFor();
    await request.waitFor({ state: 'detached' });
    const pendingCard = page.getByRole('article', { name: 'Platform rebuild' });
    await pendingCard.getByText('Pending', { exact: true }).waitFor();

    // The admin accepts the request through the API.
    const token = await signInAsAdmin(suite.product);
    const { projects } = await api<{
      projects: { id: string; title: string; client_email: string; tier: number }[];
    }>(suite.product, token, 'GET', '/api/projects');
    const project = projects.find((p) => p.client_email === email && p.title === 'Platform rebuild');
    assert.ok(project, 'the admin sees the new request');
    assert.equal(project.tier, 3);
    // Accepting is sending a proposal, with the monthly fee the admin chose (issue 33).
    await api(suite.product, token, 'POST', `/api/projects/${project.id}/proposal`, {
      scope: 'Rebuild the platform for scale.',
      deliverables: ['Architecture plan', 'Migration'],
      monthlyFee: 15000,
      validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    });

    // The client reads the proposal, signs it and approves it with a card.
    await page.reload();
    const card = page.getByRole('article', { name: 'Platform rebuild' });
    await card.getByText('Awaiting Your Approval').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Project' });
    await fillCard(approve, '4242 4242 4242 4242');
    await approve.getByText('I agree to this proposal').click();
    await approve.getByRole('textbox', { name: /Your full name/ }).fill('Ada Lovelace');
    await approve.getByRole('button', { name: 'Sign and Approve' }).click();
    await page.getByText('Project Accepted').waitFor();
    await approve.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Active Projects' }).click();
    const active = page
      .getByRole('tabpanel', { name: 'Active Projects' })
      .getByRole('article', { name: 'Platform rebuild' });
    await active.getByText('Active', { exact: true }).waitFor();
    await active.getByRole('button', { name: 'Show Board' }).click();
    await page.getByRole('region', { name: 'Project Board: Platform rebuild' }).waitFor();

    const after = await api<{
      projects: { id: string; status: string; client_approval_status: string }[];
    }>(suite.product, token, 'GET', '/api/projects');
    const approved = after.projects.find((p) => p.id === project.id);
    assert.equal(approved?.client_approval_status, 'accepted');
    assert.deepEqual(errors, []);
    await context.close();
  });
  test('request a tier 1 service: a declined card says so, then 4242… pays the deposit and the request is pending', async () => {
    const email = uniqueEmail('client-basic');
    const password = 'client-secret';
    await signUpConfirmedClient(suite.product, email, password, 'Ada Lovelace');
    const context = await suite.browser.newContext({
      baseURL: suite.product.url,
      viewport: { width: 360, height: 800 },
    });
    const { page, errors } = await newPage(context);
    await logIn(page, suite.product.url, email, password);
    await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();

    await page.getByRole('button', { name: 'Request Service' }).click();
    const request = page.getByRole('dialog', { name: 'Request a Service' });
    await request.getByRole('combobox', { name: /Service Type/ }).selectOption('1');
    await request.getByRole('textbox', { name: /Project Name/ }).fill('Bakery site');
    await request.getByRole('textbox', { name: /Description/ }).fill('A five-page site for our bakery');
    const pay = request.getByRole('button', { name: 'Pay $250 and Submit' });
    await pay.click();
    await request.getByText('Please fill out all required fields.').waitFor();

    await fillCard(request, '4000 0000 0000 0002');
    const cardGroup = request.getByRole('group', { name: 'Credit or debit card' });
    await pay.click();
    await page.getByText('Payment failed. Please try again').waitFor();

    await cardGroup.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await page.getByText('Service Request Submitted').waitFor();
    await request.waitFor({ state: 'detached' });
    const card = page
      // The name the client typed is the request's title (issue 33).
      .getByRole('tabpanel', { name: 'Pending Projects' })
      .getByRole('article', { name: 'Bakery site' });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('$500').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
