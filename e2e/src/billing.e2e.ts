import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { stripeClient } from '../../tools/stripe/stripe-clock.mjs';
import { newPage } from './support/browser';
import type { RunningProduct } from './support/product';
import { useProductSuite } from './support/suite';
import { createClient, PASSWORD, signInAsAdmin } from './support/accounts';
import { api, call, eventually } from './support/api';
import { mailsTo } from './support/mailbox';
import { fillCard } from './support/card';

// The billing centre (issue 35): a client with a fixed-price project awaiting its final payment fills in their
// billing details, saves a card on the Billing page (a SetupIntent), and pays the final payment with it without
// typing a card, from the Billing page and from the dashboard's Final Payment dialog; the invoices list and
// download as PDF (another client's is a 404).

/** A tier 1 purchase paid with 4242…, accepted on both sides and completed: its final payment is due. */
async function projectAwaitingFinalPayment(
  product: RunningProduct,
  clientToken: string,
  adminToken: string,
  email: string,
) {
  const intent = await api<{ paymentIntentId: string }>(
    product,
    clientToken,
    'POST',
    '/api/stripe-downpayment-intent',
    {
      email,
      metadata: { type: 'purchase', tier: 1 },
      customer: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        company: 'Cobol Works Inc.',
        projectDescription: 'An inventory app for the fleet.',
        acceptedTerms: true,
      },
    },
  );
  const stripe = stripeClient({
    apiUrl: product.env.STRIPE_API_URL,
    secretKey: product.env.STRIPE_SECRET_KEY,
  });
  await stripe.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
  const { projectId } = await eventually('the purchase to become a project', async () => {
    const status = await api<{ status: string; projectId: string | null }>(
      product,
      clientToken,
      'GET',
      `/api/purchase-status/${intent.paymentIntentId}`,
    );
    return status.status === 'fulfilled' ? status : undefined;
  });
  await api(product, adminToken, 'POST', `/api/projects/${projectId}/accept`);
  // The client signs the proposal the acceptance sent (issue 33) as the approval.
  const { proposal } = await api<{ proposal: { document: { version: number }; hash: string } }>(
    product,
    clientToken,
    'GET',
    `/api/projects/${projectId}/proposal`,
  );
  await api(product, clientToken, 'POST', '/api/client-approve-project', {
    projectId,
    action: 'accept',
    proposalVersion: proposal.document.version,
    proposalHash: proposal.hash,
    agreed: true,
    signedName: 'Grace Hopper',
  });
  const done = await api<{ project: { status: string } }>(
    product,
    adminToken,
    'POST',
    '/api/complete-project',
    {
      projectId,
    },
  );
  assert.equal(done.project.status, 'pending_final_payment');
  return { projectId: projectId!, stripe };
}

describe('billing centre', () => {
  const suite = useProductSuite({ services: true });

  test('a saved card pays the final payment without card entry; invoices list and download, another client gets 404', async () => {
    const { product } = suite;
    const email = `billing-${randomUUID().slice(0, 8)}@example.test`;
    const clientToken = await createClient(product, { email, fullName: 'Grace Hopper' });
    const otherToken = await createClient(product, {
      email: `other-${randomUUID().slice(0, 8)}@example.test`,
      fullName: 'Alan Turing',
    });
    const adminToken = await signInAsAdmin(product);
    const { projectId, stripe } = await projectAwaitingFinalPayment(product, clientToken, adminToken, email);

    const context = await suite.browser.newContext({
      baseURL: product.url,
      viewport: { width: 1280, height: 1000 },
    });
    const { page, errors } = await newPage(context);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Password').press('Enter');
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Billing', exact: true }).click();
    await page.getByRole('heading', { name: 'Billing', level: 2 }).waitFor();
    const upcoming = page.getByRole('region', { name: 'What is coming' });
    await upcoming.getByText('Balance due').waitFor();

    // Billing details: refused by the same rules as the server, then saved.
    const details = page.getByRole('region', { name: 'Billing details' });
    await details.getByLabel('Tax id (optional)').fill('<script>');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await details.getByText('Enter the name to bill').waitFor();
    await details.getByLabel('Name').first().fill('Grace Hopper');
    await details.getByLabel('Company (optional)').fill('Cobol Works Inc.');
    await details.getByLabel('Address').fill('1 Harbor Way\nArlington, VA 22201');
    await details.getByLabel('Tax id (optional)').fill('US-12-3456789');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Billing details saved').waitFor();

    // A card saved through a SetupIntent: brand and last four.
    const cardSection = page.getByRole('region', { name: 'Saved card' });
    await cardSection.getByRole('button', { name: 'Save a card' }).click();
    await fillCard(cardSection, '4242 4242 4242 4242');
    await cardSection.getByRole('button', { name: 'Save a card' }).click();
    await page.getByText('Card saved').waitFor();
    await cardSection.getByText('ending in').waitFor();
    assert.match(await cardSection.innerText(), /visa[\s\S]*4242/i);

    // The final payment with the saved card: no card field anywhere on the way.
    const pay = upcoming.getByRole('button', { name: 'Pay $250 with my saved card' });
    await pay.click();
    await page.getByText('Final payment received. Thank you!').waitFor();
    assert.equal(await page.getByRole('group', { name: 'Credit or debit card' }).count(), 0);
    const project = await api<{ project: { status: string } }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${projectId}`,
    );
    assert.equal(project.project.status, 'completed');
    const overview = await api<{
      savedCard: { paymentMethodId: string };
      documents: { id: string; kind: string; number: string; amount: number }[];
    }>(product, clientToken, 'GET', '/api/billing');
    const intents = (await stripe.paymentIntents.list({ limit: 100 })).data.filter(
      (i) => i.metadata?.project_id === projectId && i.metadata?.type === 'final',
    );
    assert.equal(intents.length, 1);
    assert.equal(intents[0]!.payment_method, overview.savedCard.paymentMethodId, 'paid with the saved card');

    // Two invoices (deposit, final payment) on the page; the page as the client sees it.
    await eventually('both invoices on the Billing page', async () => {
      await page.reload();
      const rows = page.getByRole('table', { name: 'Your invoices and credit notes' }).locator('tbody tr');
      await rows.first().waitFor();
      return (await rows.count()) === 2 ? true : undefined;
    });
    mkdirSync('/work/shots', { recursive: true });
    await page.screenshot({ path: '/work/shots/billing-page.png', fullPage: true });

    // The final payment's invoice as PDF: its number, amount and the billing details; another client: 404.
    // Newest first: the final payment's invoice.
    const finalInvoice = overview.documents[0]!;
    assert.equal(finalInvoice.kind, 'invoice');
    // Downloaded as the client does it: the page's button saves the file the API serves, named by its number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${finalInvoice.number} (PDF)` }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `${finalInvoice.number}.pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      finalInvoice.number,
      '$250 USD',
      'Grace Hopper',
      'Cobol Works Inc.',
      'Tax id: US-12-3456789',
      '4242',
    ])
      assert.ok(text.includes(expected), `the PDF holds ${expected}:\n${text}`);
    const foreign = await call(product, otherToken, 'GET', `/api/billing/documents/${finalInvoice.id}/pdf`);
    assert.equal(foreign.status, 404);

    // The receipt names the invoice.
    await eventually('the receipt naming the invoice', async () => {
      const mails = await mailsTo(product, email);
      return mails.some((m) => m.text.includes(`Invoice: ${finalInvoice.number}`)) ? true : undefined;
    });
    // Another project awaiting its final payment: the dashboard's Final Payment dialog offers the saved card
    // too, chosen by default, and nothing is typed.
    const second = await projectAwaitingFinalPayment(product, clientToken, adminToken, email);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: /^Final Payment/ }).click();
    await page.getByRole('button', { name: 'Pay $250' }).click();
    const dialog = page.getByRole('dialog', { name: 'Final Payment' });
    const savedChoice = dialog.getByRole('radio', { name: 'Pay with the saved card (Visa •••• 4242)' });
    await savedChoice.waitFor();
    assert.equal(await savedChoice.isChecked(), true);
    assert.equal(await dialog.getByRole('group', { name: 'Credit or debit card' }).count(), 0);
    await dialog.getByRole('button', { name: 'Pay $250' }).click();
    await page.getByText('Payment Successful').waitFor();
    const secondProject = await api<{ project: { status: string } }>(
      product,
      clientToken,
      'GET',
      `/api/projects/${second.projectId}`,
    );
    assert.equal(secondProject.project.status, 'completed');
    const secondIntents = (await stripe.paymentIntents.list({ limit: 100 })).data.filter(
      (i) => i.metadata?.project_id === second.projectId && i.metadata?.type === 'final',
    );
    assert.equal(secondIntents.length, 1);
    assert.equal(
      secondIntents[0]!.payment_method,
      overview.savedCard.paymentMethodId,
      'the dialog paid with the saved card',
    );

    assert.deepEqual(errors, []);
    await context.close();
  });
});
