import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useProductSuite } from './support/suite';
import { createClient, logIn, PASSWORD, signInAsAdmin } from './support/accounts';
import { api, call, eventually } from './support/api';
import { mailsTo } from './support/mailbox';
import { extractText, getDocumentProxy } from 'unpdf';

async function fillCard(scope: Locator, number: string) {
  const card = scope.getByRole('group', { name: 'Credit or debit card' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await card.getByLabel('Security code (CVC)').fill('123');
}

async function assertNoAxeViolations(page: Page, where: string, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  assert.deepEqual(summary, [], `axe found violations on ${where}`);
}

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

describe('proposals: read, sign, then pay', () => {
  const suite = useProductSuite({ services: true });

  test('admin sends v1, edits to v2 → the client sees only v2, signs with a typed name → the subscription starts; the agreement downloads on both sides', async () => {
    const { product } = suite;
    const email = `signer-${randomUUID().slice(0, 8)}@example.test`;
    const title = 'Platform leadership';
    const clientToken = await createClient(product, { email, fullName: 'Grace Hopper' });
    const adminToken = await signInAsAdmin(product);
    const { id: projectId } = await api<{ id: string }>(product, clientToken, 'POST', '/api/create-project', {
      title,
      tier: 4,
      description: 'A fractional CTO for our platform team',
      monthly_budget_range: '15k-50k',
      timeline: 'asap',
    });
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
});
