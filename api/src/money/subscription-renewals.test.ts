import {
  fixtureProposal,
  insertFixtureProject,
  signatureOf,
  startTestApi,
  type FixtureState,
  type TestApi,
  type TestUser,
} from '../test-support/test-api';

/**
 * Subscriptions as Stripe bills them, month after month on a test clock, against the real SDK and the local
 * Stripe-compatible service: renewals, a failing renewal paid later, revenue per month and the minimum term.
 * (The money invariant's other parts are in money-invariant.test.ts.)
 */
jest.setTimeout(60_000);

describe('subscriptions as Stripe bills them (test clock)', () => {
  let billing: TestApi;
  beforeAll(async () => {
    billing = await startTestApi({ stripe: true });
  });
  afterAll(() => billing.close());

  async function advanceMonths(clockId: string, months: number) {
    const clock = await billing.stripe.testHelpers.testClocks.retrieve(clockId);
    const date = new Date(clock.frozen_time * 1000);
    date.setUTCMonth(date.getUTCMonth() + months);
    await billing.stripe.testHelpers.testClocks.advance(clockId, {
      frozen_time: Math.floor(date.getTime() / 1000) + 3600,
    });
    await billing.settle();
  }
  const month = (date: Date, plus: number) => {
    const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + plus, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };

  /** The client signs the current proposal and approves with a card that pays: the subscription starts. */
  const approveWithCard = async (client: TestUser, projectId: string) =>
    billing.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(billing.db, projectId)),
      },
    });

  /** A tier 3 subscription whose first renewal was paid and whose second failed (its card declines): past due. */
  async function pastDueSubscription(client: TestUser) {
    const projectId = await insertFixtureProject(billing.db, client, {
      tier: 3,
      state: 'awaitingClient' as FixtureState,
    });
    expect((await approveWithCard(client, projectId)).status).toBe(200);
    await billing.settle();
    const [sub] = await billing.db.query<{
      stripe_subscription_id: string;
      stripe_customer_id: string;
      stripe_test_clock_id: string;
      start_date: Date;
    }>(
      'select stripe_subscription_id, stripe_customer_id, stripe_test_clock_id, start_date from subscriptions where project_id = $1',
      [projectId],
    );
    await advanceMonths(sub!.stripe_test_clock_id, 1);
    const failing = await billing.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: sub!.stripe_customer_id,
    });
    await billing.stripe.subscriptions.update(sub!.stripe_subscription_id, {
      default_payment_method: failing.id,
    });
    await advanceMonths(sub!.stripe_test_clock_id, 1);
    return { projectId, sub: sub! };
  }

  it('three renewals, one failing and then paid with a new card: four invoices, revenue per month, the failure seen by both sides, receipts', async () => {
    const client: TestUser = await billing.user('monthly');
    const admin = await billing.user('monthly-admin', 'ADMIN');
    const { projectId, sub } = await pastDueSubscription(client);
    const start = new Date(sub.start_date);

    // The failed renewal, as each side sees it.
    const seenBy = async (token: string) =>
      (await billing.call('GET', '/api/projects', { token })).body.projects.find(
        (p: { id: string }) => p.id === projectId,
      ).subscription_status;
    expect([await seenBy(client.token), await seenBy(admin.token)]).toEqual(['past_due', 'past_due']);
    const history = await billing.call('GET', `/api/projects/${projectId}/payments`, { token: client.token });
    expect(history.body).toMatchObject({
      balanceDue: 15000,
      subscription: { status: 'past_due', monthlyCost: 15000 },
    });
    expect(history.body.payments[0]).toMatchObject({
      kind: 'subscription',
      status: 'failed',
      amount: 15000,
      failureMessage: 'Your card was declined.',
    });
    const subjects = () => billing.mailer.sent.map((mail) => `${mail.to}: ${mail.subject}`);
    expect(subjects()).toEqual(
      expect.arrayContaining([
        `${client.email}: Payment failed: $15,000 for "Fixture tier 3"`,
        `inbox@consultancy.test: Renewal failed: $15,000 — Fixture tier 3`,
      ]),
    );

    expect(
      (
        await billing.call('POST', `/api/projects/${projectId}/pay-open-invoice`, {
          token: client.token,
          body: { paymentMethodId: 'pm_card_visa' },
        })
      ).status,
    ).toBe(200);
    await billing.settle();
    expect(await seenBy(client.token)).toBe('active');
    await advanceMonths(sub.stripe_test_clock_id, 1);

    const invoices = (await billing.stripe.invoices.list({ subscription: sub.stripe_subscription_id })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_cycle', 'paid'],
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    const ledgerRows = await billing.db.query<{ status: string; amount_cents: number }>(
      `select status, amount_cents from payments where project_id = $1 order by created_at`,
      [projectId],
    );
    expect(ledgerRows).toEqual(Array(4).fill({ status: 'succeeded', amount_cents: 1_500_000 }));
    const revenueOf = async (m: string) =>
      (await billing.call('GET', `/api/monthly-revenue?month=${m}`, { token: admin.token })).body.revenue;
    expect(await Promise.all([0, 1, 2, 3].map((plus) => revenueOf(month(start, plus))))).toEqual([
      15000, 15000, 15000, 15000,
    ]);
    const receipts = billing.mailer.sent.filter(
      (mail) => mail.to === client.email && mail.subject === 'Receipt: $15,000 for "Fixture tier 3"',
    );
    expect(receipts).toHaveLength(4);
    expect(receipts[0]).toMatchObject({
      text: expect.stringContaining('Card: •••• 4242'),
      html: expect.stringContaining('<table'),
    });
  });

  for (const step of ['pay-', 'default-card']) {
    it(`an open invoice paid at Stripe whose request fails after the '${step}' call: recovery completes the payment, and a retry charges nothing`, async () => {
      const client = await billing.user(`late-payer-${step}`);
      const { projectId, sub } = await pastDueSubscription(client);
      const [open] = (
        await billing.stripe.invoices.list({ subscription: sub.stripe_subscription_id, status: 'open' })
      ).data;
      let fired = false;
      billing.hooks.afterStripeCall = ({ name }) => {
        if (fired || !name.startsWith(step)) return;
        fired = true;
        throw new Error(`injected: failure after ${name}`);
      };
      const pay = () =>
        billing.call('POST', `/api/projects/${projectId}/pay-open-invoice`, {
          token: client.token,
          body: { paymentMethodId: 'pm_card_visa' },
        });
      try {
        expect((await pay()).status).toBe(200);
      } finally {
        billing.hooks.afterStripeCall = undefined;
      }
      expect(fired).toBe(true);
      await billing.settle();
      const paidIntents = async () =>
        (
          await billing.stripe.paymentIntents.list({ customer: sub.stripe_customer_id, limit: 100 })
        ).data.filter((intent) => intent.status === 'succeeded').length;
      const paidBefore = await paidIntents();
      expect(await pay()).toMatchObject({ status: 409 });
      await billing.settle();

      expect(await paidIntents()).toBe(paidBefore);
      expect((await billing.stripe.invoices.retrieve(open!.id)).status).toBe('paid');
      expect(
        await billing.db.query(
          `select kind, status from money_operations where project_id = $1 and kind = 'pay_open_invoice' order by attempt`,
          [projectId],
        ),
      ).toEqual([
        { kind: 'pay_open_invoice', status: 'succeeded' },
        { kind: 'pay_open_invoice', status: 'failed' },
      ]);
      expect(
        await billing.db.query('select status from payments where stripe_invoice_id = $1', [open!.id]),
      ).toEqual([{ status: 'succeeded' }]);
      expect(
        await billing.db.query('select status from subscriptions where project_id = $1', [projectId]),
      ).toEqual([{ status: 'active' }]);
      expect(
        await billing.db.query(
          `select action from project_events where project_id = $1 and action = 'pay_open_invoice'`,
          [projectId],
        ),
      ).toEqual([{ action: 'pay_open_invoice' }]);
    });
  }

  it("tier 4's minimum term and penalty follow the subscription's own dates", async () => {
    const client = await billing.user('cto-term');
    const projectId = await insertFixtureProject(billing.db, client, { tier: 4, state: 'awaitingClient' });
    await billing.db.query('update projects set cost = 25000 where id = $1', [projectId]);
    await fixtureProposal(billing.db, projectId);
    await approveWithCard(client, projectId);
    const [sub] = await billing.db.query<{ stripe_test_clock_id: string }>(
      'select stripe_test_clock_id from subscriptions where project_id = $1',
      [projectId],
    );
    const quote = async () =>
      (await billing.call('POST', '/api/check-penalty', { token: client.token, body: { projectId } })).body;
    expect(await quote()).toEqual({
      hasPenalty: true,
      penaltyAmount: 30000,
      monthsRemaining: 2,
      subscriptionFee: 25000,
    });
    // The first renewal invoices the second month: only the third is left to the penalty.
    await advanceMonths(sub!.stripe_test_clock_id, 1);
    expect(await quote()).toMatchObject({ penaltyAmount: 15000, monthsRemaining: 1 });
    await advanceMonths(sub!.stripe_test_clock_id, 1);
    expect(await quote()).toMatchObject({ hasPenalty: false, monthsRemaining: 0 });
  });
});
