import { randomUUID } from 'node:crypto';
import { BILLING_API_MESSAGES, SAVED_CARD } from '@agency/domain/billing';
import {
  insertFixtureProject,
  signatureOf,
  startTestApi,
  type TestApi,
  type TestUser,
} from '../../test-support/test-api';
import { pdfText } from '../../test-support/pdf-text';
import { recordSucceededPayment } from '../../money/payment-ledger';
import { formatReconciliation, reconcileMonth } from './billing-reconciliation';

/**
 * The billing centre (issue 35) through the API against the Stripe stand-in: a client's whole lifecycle (a
 * purchase, a subscription, a saved card paying the final payment and the renewals, a refund), its documents,
 * and the month's books agreeing with Stripe.
 */
describe('billing centre', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ stripe: true });
  });
  afterAll(() => api.close());

  const monthOf = (at: Date) => at.toISOString().slice(0, 7);

  it('issues documents for a whole lifecycle, pays with the saved card, and the books agree with Stripe', async () => {
    const name = `billing-${randomUUID().slice(0, 8)}`;
    const client = await api.user(name);
    const other = await api.user(`other-${randomUUID().slice(0, 8)}`);
    const admin = await api.user(`admin-${randomUUID().slice(0, 8)}`, 'ADMIN');

    // Billing details: validated on the server.
    const invalid = await api.call('PATCH', '/api/billing/details', {
      token: client.token,
      body: { name: ' ', address: '', taxId: '<script>' },
    });
    expect(invalid.status).toBe(400);
    const details = {
      name: 'Grace Hopper',
      company: 'Cobol Works Inc.',
      address: '1 Harbor Way\nArlington, VA 22201',
      taxId: 'US-12-3456789',
    };
    const saved = await api.call('PATCH', '/api/billing/details', { token: client.token, body: details });
    expect(saved.body).toEqual({ details });

    // A purchase (tier 1 deposit), signed in.
    const intent = await api.call('POST', '/api/stripe-downpayment-intent', {
      token: client.token,
      body: {
        email: `${name}@example.test`,
        metadata: { type: 'purchase', tier: 1 },
        customer: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `${name}@example.test`,
          company: 'Cobol Works Inc.',
          projectDescription: 'An inventory app.',
          acceptedTerms: true,
        },
      },
    });
    expect(intent.status).toBe(200);
    await api.stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    await api.stripeService.webhooksIdle();
    const status = await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`);
    const fixedId = status.body.projectId as string;
    expect(fixedId).toBeTruthy();

    // A subscription (tier 3), its first invoice paid at once.
    const subscribedId = await insertFixtureProject(api.db, client, { tier: 3, state: 'awaitingClient' });
    const approved = await api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId: subscribedId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api.db, subscribedId)),
      },
    });
    expect(approved.status).toBe(200);
    await api.settle();

    // A saved card through a SetupIntent; the running subscription renews with it.
    const card = await api.call('POST', '/api/billing/card', {
      token: client.token,
      body: { paymentMethodId: 'pm_card_visa' },
    });
    expect(card.status).toBe(200);
    expect(card.body.savedCard).toMatchObject({ brand: 'visa', last4: '4242' });
    const savedMethod = card.body.savedCard.paymentMethodId as string;
    const [sub] = await api.db.query<{ stripe_subscription_id: string; stripe_test_clock_id: string }>(
      'select stripe_subscription_id, stripe_test_clock_id from subscriptions where project_id = $1',
      [subscribedId],
    );
    expect(
      (await api.stripe.subscriptions.retrieve(sub!.stripe_subscription_id)).default_payment_method,
    ).toBe(savedMethod);
    const setups = (await api.stripe.setupIntents.list({ limit: 10 })).data;
    expect(setups.find((s) => s.payment_method === savedMethod)?.status).toBe('succeeded');

    // The final payment with the saved card: no card typed.
    // Accepted on both sides (the approval flow is not what this test is about).
    await api.db.query(
      `update projects set status = 'active', admin_approval_status = 'accepted', client_approval_status = 'accepted',
         overall_status = 'accepted', is_active = true where id = $1`,
      [fixedId],
    );
    const completed = await api.call('POST', '/api/complete-project', {
      token: admin.token,
      body: { projectId: fixedId },
    });
    expect(completed.body).toMatchObject({ project: { status: 'pending_final_payment' } });
    expect(completed.body.project).toMatchObject({ status: 'pending_final_payment' });
    const paid = await api.call('POST', '/api/process-final-payment', {
      token: client.token,
      body: { projectId: fixedId, paymentMethodId: SAVED_CARD },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.project).toMatchObject({ status: 'completed' });
    const [final] = await api.db.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payments where project_id = $1 and kind = 'final'`,
      [fixedId],
    );
    expect((await api.stripe.paymentIntents.retrieve(final!.stripe_payment_intent_id)).payment_method).toBe(
      savedMethod,
    );
    // Another client cannot pay with this client's card: the saved card is read from the project's client.
    const othersProject = await insertFixtureProject(api.db, other, {
      tier: 1,
      state: 'pendingFinalPayment',
    });
    const noCard = await api.call('POST', '/api/process-final-payment', {
      token: other.token,
      body: { projectId: othersProject, paymentMethodId: SAVED_CARD },
    });
    expect(noCard.status).toBe(400);

    // The admin refunds the deposit: a credit note referencing the deposit's invoice.
    const refunded = await api.call('POST', '/api/stripe-refund', {
      token: admin.token,
      body: { projectId: fixedId, paymentIntentId: intent.body.paymentIntentId },
    });
    expect(refunded.body).toMatchObject({ refundIssued: true, refundAmount: 250 });

    // A month passes: the renewal is billed to the saved card and gets the same kind of invoice.
    const clock = await api.stripe.testHelpers.testClocks.retrieve(sub!.stripe_test_clock_id);
    const start = new Date(clock.frozen_time * 1000);
    const next = new Date(start);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await api.stripe.testHelpers.testClocks.advance(sub!.stripe_test_clock_id, {
      frozen_time: Math.floor(next.getTime() / 1000) + 3600,
    });
    await api.settle();
    await api.stripeService.webhooksIdle();
    await api.settle();

    const overview = await api.call('GET', '/api/billing', { token: client.token });
    expect(overview.status).toBe(200);
    const documents = overview.body.documents as Array<{
      id: string;
      kind: string;
      number: string;
      amount: number;
      invoiceNumber: string | null;
      projectTitle: string;
    }>;
    expect(documents.map((d) => d.kind).sort()).toEqual([
      'credit_note',
      'invoice',
      'invoice',
      'invoice',
      'invoice',
    ]);
    const credit = documents.find((d) => d.kind === 'credit_note')!;
    const [depositInvoice] = await api.db.query<{ number: string }>(
      `select d.number from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = $1 and d.kind = 'invoice'`,
      [intent.body.paymentIntentId],
    );
    expect(credit).toMatchObject({ invoiceNumber: depositInvoice!.number, amount: 250 });
    expect(overview.body.savedCard).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(overview.body.details).toEqual(details);
    const upcoming = overview.body.upcoming as Array<{
      projectId: string;
      nextChargeAt: string;
      amount: number;
    }>;
    expect(upcoming.find((u) => u.projectId === subscribedId)).toMatchObject({
      kind: 'subscription',
      amount: 15000,
    });

    // The final payment's invoice as PDF: its number, amounts, both parties, the card.
    const [finalInvoice] = await api.db.query<{ id: string; number: string }>(
      `select d.id, d.number from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = $1`,
      [final!.stripe_payment_intent_id],
    );
    const pdf = await fetch(`${api.url}/api/billing/documents/${finalInvoice!.id}/pdf`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${finalInvoice!.number}.pdf"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    console.info(`Invoice ${finalInvoice!.number} as extracted from its PDF:\n${text}`);
    for (const expected of [
      `Invoice ${finalInvoice!.number}`,
      'Meridian Software LLC',
      'Grace Hopper',
      'Cobol Works Inc.',
      '1 Harbor Way',
      'Arlington, VA 22201',
      'Tax id: US-12-3456789',
      '$250 USD',
      'ending in 4242',
    ])
      expect(text).toContain(expected);
    // Another client: not found, as another client's project is. The admin: found.
    const foreign = await api.call('GET', `/api/billing/documents/${finalInvoice!.id}/pdf`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await api.call('GET', `/api/billing/documents/${finalInvoice!.id}/pdf`, { token: admin.token }))
        .status,
    ).toBe(200);

    // The receipt mail carries the invoice as PDF.
    const receipt = api.mailer.sent.find(
      (mail) => mail.to === `${name}@example.test` && mail.text.includes(finalInvoice!.number),
    );
    expect(receipt?.attachments?.[0]).toMatchObject({
      filename: `${finalInvoice!.number}.pdf`,
      contentType: 'application/pdf',
    });

    // The books: no difference this month nor the next (the renewal, on the test clock), after the lifecycle.
    for (const month of [monthOf(new Date()), monthOf(next)]) {
      const books = await reconcileMonth(api.db, api.stripe, month);
      console.info(formatReconciliation(books));
      expect(books.differences).toEqual([]);
    }
    const csv = await api.call('GET', `/api/ledger-export?month=${monthOf(new Date())}`, {
      token: admin.token,
    });
    console.info(csv.body.csv.split('\n').slice(0, 6).join('\n'));
    expect(csv.body.csv.split('\n')[0]).toBe(
      'date,entry,kind,document,corrects_invoice,project,client,amount_usd,stripe_object,card_last4',
    );
    expect(csv.body.csv).toContain(`${finalInvoice!.number}`);
    const report = await api.call('GET', `/api/revenue-report?month=${monthOf(new Date())}`, {
      token: admin.token,
    });
    expect(report.body.breakdown).toMatchObject({ deposit: 250, final: 250, refund: -250 });
    expect(report.body.months).toHaveLength(12);

    // A difference planted in the ledger is named.
    await api.db.query(
      `update payments set amount_cents = amount_cents - 100 where stripe_payment_intent_id = $1`,
      [final!.stripe_payment_intent_id],
    );
    const planted = await reconcileMonth(api.db, api.stripe, monthOf(new Date()));
    console.info(formatReconciliation(planted));
    expect(planted.differences).toEqual([
      {
        kind: 'charge',
        stripeObject: final!.stripe_payment_intent_id,
        problem: 'Stripe has $250, the ledger $249',
      },
    ]);
  });
  /** A running tier 3 subscription of the client: its project, Stripe subscription, customer and test clock. */
  async function subscribe(client: TestUser) {
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'awaitingClient' });
    const approved = await api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api.db, projectId)),
      },
    });
    expect(approved.status).toBe(200);
    await api.settle();
    const [sub] = await api.db.query<{
      stripe_subscription_id: string;
      stripe_customer_id: string;
      stripe_test_clock_id: string;
    }>(
      'select stripe_subscription_id, stripe_customer_id, stripe_test_clock_id from subscriptions where project_id = $1',
      [projectId],
    );
    return { projectId, sub: sub! };
  }

  /** The next renewal is charged to a card that declines: the subscription is past due with an open invoice. */
  async function failNextRenewal({ sub }: Awaited<ReturnType<typeof subscribe>>) {
    const failing = await api.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: sub.stripe_customer_id,
    });
    await api.stripe.subscriptions.update(sub.stripe_subscription_id, { default_payment_method: failing.id });
    const clock = await api.stripe.testHelpers.testClocks.retrieve(sub.stripe_test_clock_id);
    const next = new Date(clock.frozen_time * 1000);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await api.stripe.testHelpers.testClocks.advance(sub.stripe_test_clock_id, {
      frozen_time: Math.floor(next.getTime() / 1000) + 3600,
    });
    await api.settle();
    await api.stripeService.webhooksIdle();
    await api.settle();
    const [open] = (
      await api.stripe.invoices.list({ subscription: sub.stripe_subscription_id, status: 'open' })
    ).data;
    expect(open).toBeDefined();
    return open!;
  }

  it('a failed renewal is paid with the saved card (no card typed); a card saved on another customer is refused before Stripe', async () => {
    const client = await api.user(`renewal-${randomUUID().slice(0, 8)}`);
    const subscription = await subscribe(client);
    const card = await api.call('POST', '/api/billing/card', {
      token: client.token,
      body: { paymentMethodId: 'pm_card_visa' },
    });
    expect(card.status).toBe(200);
    const savedMethod = card.body.savedCard.paymentMethodId as string;
    const open = await failNextRenewal(subscription);

    const paid = await api.call('POST', `/api/projects/${subscription.projectId}/pay-open-invoice`, {
      token: client.token,
      body: { paymentMethodId: SAVED_CARD },
    });
    expect(paid.status).toBe(200);
    await api.settle();
    const invoice = await api.stripe.invoices.retrieve(open.id, { expand: ['payment_intent'] });
    expect(invoice.status).toBe('paid');
    const [ledger] = await api.db.query<{ status: string; stripe_payment_intent_id: string }>(
      'select status, stripe_payment_intent_id from payments where stripe_invoice_id = $1',
      [open.id],
    );
    expect(ledger?.status).toBe('succeeded');
    expect((await api.stripe.paymentIntents.retrieve(ledger!.stripe_payment_intent_id)).payment_method).toBe(
      savedMethod,
    );
    expect(
      (await api.stripe.subscriptions.retrieve(subscription.sub.stripe_subscription_id))
        .default_payment_method,
    ).toBe(savedMethod);
    const [row] = await api.db.query<{ status: string }>(
      'select status from subscriptions where project_id = $1',
      [subscription.projectId],
    );
    expect(row?.status).toBe('active');
    // The card did not go through the operation's input: the claim resolved it from the client's own card.
    const [op] = await api.db.query<{ input: { paymentMethodId: string } }>(
      `select input from money_operations where project_id = $1 and kind = 'pay_open_invoice'`,
      [subscription.projectId],
    );
    expect(op?.input.paymentMethodId).toBe(savedMethod);

    // A client whose card was saved before the subscription (on another Stripe customer): refused with why,
    // nothing claimed and nothing sent to Stripe.
    const early = await api.user(`early-${randomUUID().slice(0, 8)}`);
    expect(
      (
        await api.call('POST', '/api/billing/card', {
          token: early.token,
          body: { paymentMethodId: 'pm_card_visa' },
        })
      ).status,
    ).toBe(200);
    const elsewhere = await subscribe(early);
    const stillOpen = await failNextRenewal(elsewhere);
    const refused = await api.call('POST', `/api/projects/${elsewhere.projectId}/pay-open-invoice`, {
      token: early.token,
      body: { paymentMethodId: SAVED_CARD },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: BILLING_API_MESSAGES.savedCardElsewhere },
    });
    expect(
      await api.db.query(
        `select 1 from money_operations where project_id = $1 and kind = 'pay_open_invoice'`,
        [elsewhere.projectId],
      ),
    ).toEqual([]);
    expect((await api.stripe.invoices.retrieve(stillOpen.id)).status).toBe('open');
  });
  it("keeps the consultancy's details as the document was issued with them: a changed configuration does not rewrite it", async () => {
    const before = {
      name: 'Before Consulting LLC',
      address: '1 Old Street\nBoston, MA 02108',
      email: 'billing@before.test',
      taxId: 'US-98-7654321',
    };
    const after = {
      name: 'After Advisory Inc.',
      address: '9 New Avenue\nAustin, TX 73301',
      email: 'accounts@after.test',
      taxId: null,
    };
    const first = await startTestApi({ config: { seller: before } });
    let second: TestApi | undefined;
    try {
      const client = await first.user(`seller-${randomUUID().slice(0, 8)}`);
      const projectId = await insertFixtureProject(first.db, client, {
        tier: 1,
        state: 'pendingFinalPayment',
      });
      const pay = (paymentIntentId: string) =>
        first.db.transaction((tx) =>
          recordSucceededPayment(tx, {
            paymentIntentId,
            customerId: 'cus_seller',
            projectId,
            kind: 'final',
            amountCents: 25000,
            cardLast4: '4242',
            succeededAt: new Date().toISOString(),
          }),
        );
      await pay(`pi_seller_${randomUUID()}`);
      const documentIdOf = async (number: number) =>
        (await first.call('GET', '/api/billing', { token: client.token })).body.documents[number]
          .id as string;
      const issued = await documentIdOf(0);
      const pdfOf = async (on: TestApi, id: string) => {
        const response = await fetch(`${on.url}/api/billing/documents/${id}/pdf`, {
          headers: { authorization: `Bearer ${client.token}` },
        });
        expect(response.status).toBe(200);
        return pdfText(new Uint8Array(await response.arrayBuffer()));
      };
      const asIssued = await pdfOf(first, issued);
      for (const expected of [
        'Before Consulting LLC',
        '1 Old Street',
        'billing@before.test',
        'Tax id: US-98-7654321',
      ])
        expect(asIssued).toContain(expected);

      // The API starts again with the consultancy's new details, on the same database.
      second = await startTestApi({ sameDatabaseAs: first, config: { seller: after } });
      const reRendered = await pdfOf(second, issued);
      expect(reRendered).toBe(asIssued);
      expect(reRendered).not.toContain('After Advisory Inc.');

      // A document issued from now on names the new details.
      await pay(`pi_seller_${randomUUID()}`);
      const next = await pdfOf(second, await documentIdOf(0));
      expect(next).toContain('After Advisory Inc.');
      expect(next).toContain('9 New Avenue');
      expect(next).not.toContain('Before Consulting LLC');
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
