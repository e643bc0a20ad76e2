import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { fixtureProposal, insertFixtureProject, signatureOf } from '../../test-support/test-api';
import { startTestApi, type TestApi } from '../../test-support/test-api';

/** Money rules of spec sections 3, 4 and 9 through the real SDK against the local Stripe-compatible service. */
describe('payments', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ stripe: true });
  });
  afterAll(() => api.close());

  const customer = (firstName = 'Ada', lastName = 'Lovelace') => ({
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
    company: 'Analytical Engines',
    projectDescription: 'A website for our engine.',
    acceptedTerms: true,
  });

  /** The purchase page's call, as the spec sends it plus the form; the browser's amount is a lie on purpose. */
  async function requestPurchaseIntent(
    tier: number,
    form = customer(),
    idempotencyKey?: string,
    token?: string,
  ) {
    return api.call('POST', '/api/stripe-downpayment-intent', {
      ...(token && { token }),
      body: {
        amount: 100,
        currency: 'usd',
        email: form.email,
        projectId: null,
        userId: null,
        metadata: { type: 'purchase', clientName: `${form.firstName} ${form.lastName}`, tier },
        customer: form,
      },
      ...(idempotencyKey && { headers: { 'Idempotency-Key': idempotencyKey } }),
    });
  }

  /** What Stripe.js does in the browser: confirm the intent with a card. */
  const payInBrowser = (paymentIntentId: string, paymentMethod = 'pm_card_visa') =>
    api.stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod });

  async function projectsFor(paymentIntentId: string) {
    return api.db.query<{
      id: string;
      title: string;
      status: string;
      cost: string;
      downpayment: string;
      tier: number;
      stripe_customer_id: string;
      client_email: string;
      company: string;
    }>(
      'select id, title, status, cost, downpayment, tier, stripe_customer_id, client_email, company from projects where stripe_payment_intent_id = $1',
      [paymentIntentId],
    );
  }

  async function buy(tier: 1 | 2, form = customer()) {
    const intent = await requestPurchaseIntent(tier, form);
    expect(intent.status).toBe(200);
    await payInBrowser(intent.body.paymentIntentId);
    await api.stripeService.webhooksIdle();
    const status = await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`);
    expect(status.body).toMatchObject({ status: 'fulfilled' });
    return {
      paymentIntentId: intent.body.paymentIntentId as string,
      projectId: status.body.projectId as string,
    };
  }

  it('charges the tier deposit, not the amount the browser sent', async () => {
    for (const [tier, cents] of [
      [1, 25000],
      [2, 70000],
    ] as const) {
      const response = await requestPurchaseIntent(tier);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        clientSecret: expect.stringMatching(/^pi_.+_secret_/),
        customerId: expect.stringMatching(/^cus_/),
        paymentIntentId: expect.stringMatching(/^pi_/),
      });
      const intent = await api.stripe.paymentIntents.retrieve(response.body.paymentIntentId);
      expect(intent).toMatchObject({
        amount: cents,
        currency: 'usd',
        customer: response.body.customerId,
        metadata: { type: 'purchase', tier: String(tier) },
      });
    }
    expect((await requestPurchaseIntent(3)).status).toBe(400);
    const withoutForm = await api.call('POST', '/api/stripe-downpayment-intent.mjs', {
      body: {
        amount: 25000,
        currency: 'usd',
        email: 'x@example.test',
        metadata: { type: 'purchase', tier: 1 },
      },
    });
    expect(withoutForm.status).toBe(400);
  });

  it('creates exactly one pending project per payment, despite a retried intent request and a duplicated webhook', async () => {
    const form = customer('Grace', 'Hopper');
    const key = `checkout-${randomUUID()}`;
    const first = await requestPurchaseIntent(1, form, key);
    const retried = await requestPurchaseIntent(1, form, key);
    expect(retried.body).toEqual(first.body);
    const { paymentIntentId } = first.body;

    expect((await api.call('GET', `/api/purchase-status/${paymentIntentId}`)).body).toEqual({
      status: 'awaiting_payment',
      projectId: null,
    });
    await payInBrowser(paymentIntentId);
    await api.stripeService.webhooksIdle();
    for (const event of api.stripeService.events('payment_intent.succeeded'))
      api.stripeService.resendEvent(event.id);
    const [status, statusAgain] = await Promise.all([
      api.call('GET', `/api/purchase-status/${paymentIntentId}`),
      api.call('GET', `/api/purchase-status/${paymentIntentId}`),
    ]);
    await api.stripeService.webhooksIdle();

    const projects = await projectsFor(paymentIntentId);
    expect(projects).toHaveLength(1);
    expect(status.body).toEqual({ status: 'fulfilled', projectId: projects[0]!.id });
    expect(statusAgain.body).toEqual(status.body);
    expect(projects[0]).toMatchObject({
      title: 'Basic Web App - Grace Hopper',
      status: 'pending',
      tier: 1,
      stripe_customer_id: first.body.customerId,
      client_email: form.email,
      company: 'Analytical Engines',
    });
    expect(Number(projects[0]!.cost)).toBe(500);
    expect(Number(projects[0]!.downpayment)).toBe(250);
    const [payment] = await api.db.query<{ status: string; amount_cents: number; project_id: string }>(
      'select status, amount_cents, project_id from payments where stripe_payment_intent_id = $1',
      [paymentIntentId],
    );
    expect(payment).toEqual({ status: 'succeeded', amount_cents: 25000, project_id: projects[0]!.id });
    expect(
      (await api.stripe.paymentIntents.list({ customer: first.body.customerId })).data.filter(
        (pi) => pi.status === 'succeeded',
      ),
    ).toHaveLength(1);
  });

  // Issue 31: the intent looked the buyer's e-mail up in Stripe and answered that customer's id, so anyone could
  // learn which addresses had bought before, and a stranger's purchase was charged on their customer.
  it("an anonymous intent with a known client's e-mail answers no customer of theirs and charges none", async () => {
    const form = customer('Known', 'Client');
    const earlier = await buy(1, form);
    const [earlierProject] = await projectsFor(earlier.paymentIntentId);
    const earlierCustomer = earlierProject!.stripe_customer_id;
    // A customer of that e-mail Stripe had before (a subscription, say).
    const existing = await api.stripe.customers.create({ email: form.email, name: 'Known Client' });
    const theirs = [earlierCustomer, existing.id];

    const stranger = await requestPurchaseIntent(1, { ...form, firstName: 'Some', lastName: 'Stranger' });
    const unknownEmail = await requestPurchaseIntent(1, customer('Never', 'Bought'));
    expect(stranger.status).toBe(200);
    // Known or not, the answer looks the same: a customer made for this intent.
    expect(Object.keys(stranger.body).sort()).toEqual(Object.keys(unknownEmail.body).sort());
    expect(stranger.body.customerId).toMatch(/^cus_/);
    expect(theirs).not.toContain(stranger.body.customerId);
    // Signed in as somebody else, the form's e-mail finds nothing either.
    const signedIn = await requestPurchaseIntent(1, form, undefined, api.clientB.token);
    expect(signedIn.status).toBe(200);
    expect(theirs).not.toContain(signedIn.body.customerId);

    await payInBrowser(stranger.body.paymentIntentId);
    await api.stripeService.webhooksIdle();
    const status = await api.call('GET', `/api/purchase-status/${stranger.body.paymentIntentId}`);
    expect(status.body).toMatchObject({ status: 'fulfilled' });
    const charged = await api.stripe.paymentIntents.retrieve(stranger.body.paymentIntentId);
    expect(charged.customer).toBe(stranger.body.customerId);
    expect((await api.stripe.paymentIntents.list({ customer: existing.id })).data).toEqual([]);
    expect(
      (await api.stripe.paymentIntents.list({ customer: earlierCustomer })).data.map((pi) => pi.id),
    ).toEqual([earlier.paymentIntentId]);
    const [strangerProject] = await projectsFor(stranger.body.paymentIntentId);
    expect(strangerProject!.stripe_customer_id).toBe(stranger.body.customerId);
  });

  it("a guest purchase becomes the project of the e-mail's owner when they sign up; their signed-in purchase goes on the customer of their own purchases", async () => {
    const name = `guest-${randomUUID().slice(0, 8)}`;
    const form = { ...customer('Guest', 'Buyer'), email: `${name}@example.test` };
    const guest = await buy(1, form);
    const [guestProject] = await api.db.query<{ client_id: string | null; stripe_customer_id: string }>(
      'select client_id, stripe_customer_id from projects where id = $1',
      [guest.projectId],
    );
    expect(guestProject!.client_id).toBeNull();

    const owner = await api.user(name);
    const mine = await api.call('GET', '/api/projects', { token: owner.token });
    expect(mine.body.projects.map((project: { id: string }) => project.id)).toEqual([guest.projectId]);

    const next = await requestPurchaseIntent(2, form, undefined, owner.token);
    expect(next.status).toBe(200);
    expect(next.body.customerId).toBe(guestProject!.stripe_customer_id);
    await payInBrowser(next.body.paymentIntentId);
    await api.stripeService.webhooksIdle();
    const status = await api.call('GET', `/api/purchase-status/${next.body.paymentIntentId}`);
    expect(status.body).toMatchObject({ status: 'fulfilled' });
    const [signedInProject] = await api.db.query<{ client_id: string }>(
      'select client_id from projects where id = $1',
      [status.body.projectId],
    );
    expect(signedInProject!.client_id).toBe(owner.id);
  });

  it('rejects a webhook whose signature does not verify', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_forged', metadata: { type: 'purchase' } } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const rejected = await api.call('POST', '/api/stripe-webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': forged, 'content-type': 'application/json' },
    });
    expect(rejected.status).toBe(400);
    expect((await api.call('POST', '/api/stripe-webhook', { rawBody: payload })).status).toBe(400);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: api.webhookSecret });
    expect(
      (
        await api.call('POST', '/api/stripe-webhook', {
          rawBody: payload,
          headers: { 'stripe-signature': signed },
        })
      ).status,
    ).toBe(200);
    expect(await projectsFor('pi_forged')).toHaveLength(0);
  });

  it('refunds the payment automatically when the project cannot be created', async () => {
    await api.db.exec(`
      create function fail_project_insert() returns trigger language plpgsql as $$
      begin raise exception 'database refused the project'; end; $$;
      create trigger fail_project_insert before insert on projects for each row
        when (new.client_name = 'Failing Client') execute function fail_project_insert();`);
    const intent = await requestPurchaseIntent(2, customer('Failing', 'Client'));
    await payInBrowser(intent.body.paymentIntentId);
    await api.stripeService.webhooksIdle();

    const status = await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`);
    expect(status.body).toEqual({ status: 'refunded', projectId: null });
    expect(await projectsFor(intent.body.paymentIntentId)).toHaveLength(0);
    const charge = await api.stripe.charges.retrieve(
      (await api.stripe.paymentIntents.retrieve(intent.body.paymentIntentId)).latest_charge as string,
    );
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 70000 });
    await api.stripeService.webhooksIdle();
    const [payment] = await api.db.query<{ refunded_cents: number }>(
      'select refunded_cents from payments where stripe_payment_intent_id = $1',
      [intent.body.paymentIntentId],
    );
    expect(payment!.refunded_cents).toBe(70000);
  });

  it('declines 4000 0000 0000 0002 with 402 card_declined and creates no project', async () => {
    const intent = await requestPurchaseIntent(1);
    const declined = await api.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000002', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
    });
    await expect(payInBrowser(intent.body.paymentIntentId, declined.id)).rejects.toMatchObject({
      statusCode: 402,
      type: 'StripeCardError',
      code: 'card_declined',
    });
    await api.stripeService.webhooksIdle();
    expect((await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`)).body).toEqual({
      status: 'failed',
      projectId: null,
    });
    expect(await projectsFor(intent.body.paymentIntentId)).toHaveLength(0);
  });

  it('refunds the deposit in full when the admin refuses a paid project', async () => {
    const admin = await api.user('refusing-admin', 'ADMIN');
    const { paymentIntentId, projectId } = await buy(2);
    const refused = await api.call('POST', `/api/projects/${projectId}/refuse`, { token: admin.token });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      refundIssued: true,
      refundAmount: 700,
      project: { status: 'refused' },
    });
    const refunds = await api.stripe.refunds.list({ payment_intent: paymentIntentId });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([70000]);
  });

  it("sends the client one refund receipt though Stripe's webhook recorded the refund before the refusal committed", async () => {
    const admin = await api.user('racing-refund-admin', 'ADMIN');
    const { paymentIntentId, projectId } = await buy(2);
    await api.settle();
    const refundsRecorded = async () =>
      api.db.query('select stripe_refund_id from payment_refunds where stripe_payment_intent_id = $1', [
        paymentIntentId,
      ]);
    let recordedByWebhook = 0;
    api.hooks.afterStripeCall = async ({ name }) => {
      if (!name.includes('refund')) return;
      // charge.refunded arrives and is handled while the refusal's transaction has not committed yet (well
      // within the operation's lease of 2 s, which the refusal needs to commit).
      await api.stripeService.webhooksIdle();
      for (let waited = 0; waited < 1500 && !recordedByWebhook; waited += 50) {
        recordedByWebhook = (await refundsRecorded()).length;
        if (!recordedByWebhook) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      const refused = await api.call('POST', `/api/projects/${projectId}/refuse`, { token: admin.token });
      expect(refused.status).toBe(200);
    } finally {
      api.hooks.afterStripeCall = undefined;
    }
    await api.settle();

    expect(recordedByWebhook).toBe(1);
    expect(await refundsRecorded()).toHaveLength(1);
    const [project] = await api.db.query<{ client_email: string }>(
      'select client_email from projects where id = $1',
      [projectId],
    );
    const email = project!.client_email;
    const receipts = api.mailer.sent.filter(
      (mail) => mail.to === email && mail.subject.startsWith('Refund of $700'),
    );
    expect(receipts).toHaveLength(1);
  });

  it("refunds a purchase's deposit in full when the client refuses the proposal, though the admin re-scoped it to tier 3", async () => {
    const admin = await api.user('rescoping-admin', 'ADMIN');
    const { paymentIntentId, projectId } = await buy(1);
    const client = await api.user(`rescoped-${randomUUID().slice(0, 6)}`);
    await api.db.query('insert into profiles (id, email) values ($1, $2) on conflict (id) do nothing', [
      client.id,
      client.email,
    ]);
    await api.db.query('update projects set client_id = $2 where id = $1', [projectId, client.id]);
    const edited = await api.call('PATCH', `/api/projects/${projectId}`, {
      token: admin.token,
      body: { tier: 3 },
    });
    expect(edited.status).toBe(200);
    expect((await api.call('POST', `/api/projects/${projectId}/accept`, { token: admin.token })).status).toBe(
      200,
    );

    const refused = await api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: { projectId, action: 'refuse' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.project).toMatchObject({ tier: 3, status: 'refused' });
    const refunds = await api.stripe.refunds.list({ payment_intent: paymentIntentId });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([25000]);
    expect(
      await api.db.query(`select kind, amount_cents, refunded_cents from payments where project_id = $1`, [
        projectId,
      ]),
    ).toEqual([{ kind: 'deposit', amount_cents: 25000, refunded_cents: 25000 }]);
  });

  it('lets the admin refund a project payment once through /api/stripe-refund', async () => {
    const admin = await api.user('refund-admin', 'ADMIN');
    const client = await api.user('refund-client');
    const { paymentIntentId, projectId } = await buy(1);
    const body = { projectId, paymentIntentId };
    expect((await api.call('POST', '/api/stripe-refund', { token: client.token, body })).status).toBe(403);
    expect((await api.call('POST', '/api/stripe-refund', { token: admin.token, body })).body).toEqual({
      refundIssued: true,
      refundAmount: 250,
    });
    expect((await api.call('POST', '/api/stripe-refund', { token: admin.token, body })).body).toEqual({
      refundIssued: false,
      refundAmount: 0,
    });
    const other = await buy(1);
    expect(
      (
        await api.call('POST', '/api/stripe-refund', {
          token: admin.token,
          body: { projectId, paymentIntentId: other.paymentIntentId },
        })
      ).status,
    ).toBe(404);
  });

  describe('tier 4 early-cancellation penalty', () => {
    const DAY = 86_400_000;

    async function tier4ProjectStartedDaysAgo(days: number, monthlyCost: number | null = 25000) {
      const client = await api.user(`cto-client-${randomUUID().slice(0, 6)}`);
      const projectId = await insertFixtureProject(api.db, client, { tier: 4, state: 'active' });
      await api.db.query('update projects set cost = $2 where id = $1', [projectId, monthlyCost]);
      await api.db.query(
        `insert into subscriptions (project_id, monthly_cost, start_date) values ($1, $2, $3)`,
        [projectId, monthlyCost, new Date(Date.now() - days * DAY)],
      );
      return { client, projectId };
    }

    it.each([
      [10, { hasPenalty: true, penaltyAmount: 30000, monthsRemaining: 2, subscriptionFee: 25000 }],
      [45, { hasPenalty: true, penaltyAmount: 15000, monthsRemaining: 1, subscriptionFee: 25000 }],
      [75, { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee: 25000 }],
      [100, { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee: 25000 }],
    ])('started %i days ago → %o', async (days, expected) => {
      const { client, projectId } = await tier4ProjectStartedDaysAgo(days);
      const quote = await api.call('POST', '/api/check-penalty', {
        token: client.token,
        body: { projectId },
      });
      expect(quote.body).toEqual(expected);
    });

    it('has no penalty for tier 3', async () => {
      const client = await api.user('swe-client');
      const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'active' });
      await api.db.query(`insert into subscriptions (project_id, monthly_cost) values ($1, 15000)`, [
        projectId,
      ]);
      const quote = await api.call('POST', '/api/check-penalty', {
        token: client.token,
        body: { projectId },
      });
      expect(quote.body).toMatchObject({ hasPenalty: false, penaltyAmount: 0 });
    });

    it('subscribes on approval, then cancels only after the penalty was paid by card', async () => {
      const client = await api.user('cto-buyer');
      const projectId = await insertFixtureProject(api.db, client, { tier: 4, state: 'awaitingClient' });
      await api.db.query('update projects set cost = 25000 where id = $1', [projectId]);
      await fixtureProposal(api.db, projectId);
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
      const [subscription] = await api.db.query<{ stripe_subscription_id: string; end_date: Date }>(
        'select stripe_subscription_id, end_date from subscriptions where project_id = $1',
        [projectId],
      );
      expect((await api.stripe.subscriptions.retrieve(subscription!.stripe_subscription_id)).status).toBe(
        'active',
      );
      expect(new Date(subscription!.end_date).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);

      const unpaid = await api.call('POST', '/api/cancel-project', {
        token: client.token,
        body: { projectId, cancelledBy: 'client', cancellationReason: 'Budget cut' },
      });
      expect(unpaid.status).toBe(402);

      // The penalty is charged with the client's card inside the cancellation: both happen, or neither.
      const cancelled = await api.call('POST', '/api/cancel-project', {
        token: client.token,
        body: {
          projectId,
          cancelledBy: 'client',
          cancellationReason: 'Budget cut',
          paymentMethodId: 'pm_card_visa',
        },
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.project).toMatchObject({ cancelled: true });
      const [penalty] = await api.db.query<{ stripe_payment_intent_id: string; amount_cents: number }>(
        `select stripe_payment_intent_id, amount_cents from payments where project_id = $1 and kind = 'penalty'`,
        [projectId],
      );
      expect(penalty!.amount_cents).toBe(3_000_000);
      expect((await api.stripe.paymentIntents.retrieve(penalty!.stripe_payment_intent_id)).status).toBe(
        'succeeded',
      );
      expect((await api.stripe.subscriptions.retrieve(subscription!.stripe_subscription_id)).status).toBe(
        'canceled',
      );
    });
  });

  describe('a subscription bills the monthly fee the client approved', () => {
    /** A tier 3/4 proposal the admin edited and accepted; `approve` is the client's approval with a card. */
    async function proposal(tier: 3 | 4, edit: { cost: number }, stripePriceId?: string) {
      const admin = await api.user(`fee-admin-${randomUUID().slice(0, 6)}`, 'ADMIN');
      const client = await api.user(`fee-client-${randomUUID().slice(0, 6)}`);
      const projectId = await insertFixtureProject(api.db, client, { tier, state: 'awaitingClient' });
      const edited = await api.call('PATCH', `/api/projects/${projectId}`, {
        token: admin.token,
        body: edit,
      });
      expect(edited.status).toBe(200);
      // A price id set on a project before proposals (nobody can type one any more).
      if (stripePriceId)
        await api.db.query('update projects set stripe_price_id = $2 where id = $1', [
          projectId,
          stripePriceId,
        ]);
      const approve = async () =>
        api.call('POST', '/api/client-approve-project', {
          token: client.token,
          body: {
            projectId,
            action: 'accept',
            paymentMethodId: 'pm_card_visa',
            ...(await signatureOf(api.db, projectId)),
          },
        });
      return { admin, client, projectId, approve };
    }

    const subscriptionRow = async (projectId: string) =>
      (
        await api.db.query<{ stripe_subscription_id: string; stripe_price_id: string; monthly_cost: string }>(
          'select stripe_subscription_id, stripe_price_id, monthly_cost from subscriptions where project_id = $1',
          [projectId],
        )
      )[0];

    it.each([
      { tier: 3, cost: 8000, cents: 800_000, penalty: 0 },
      { tier: 4, cost: 12000, cents: 1_200_000, penalty: 14400 },
      { tier: 4, cost: 25000, cents: 2_500_000, penalty: 30000 },
    ] as const)(
      'tier $tier with cost $cost: $cents cents now and every month, the same fee for the penalty',
      async ({ tier, cost, cents, penalty }) => {
        const { client, projectId, approve } = await proposal(tier, { cost });
        expect((await approve()).status).toBe(200);

        const row = (await subscriptionRow(projectId))!;
        const subscription = await api.stripe.subscriptions.retrieve(row.stripe_subscription_id);
        const price = subscription.items.data[0]!.price;
        expect(price).toMatchObject({
          unit_amount: cents,
          currency: 'usd',
          product: `prod_tier_${tier}`,
          recurring: { interval: 'month', interval_count: 1 },
        });
        expect(row.stripe_price_id).toBe(price.id);
        expect((await api.stripe.invoices.retrieve(subscription.latest_invoice as string)).amount_paid).toBe(
          cents,
        );
        expect(Number(row.monthly_cost)).toBe(cents / 100);
        expect(
          await api.db.query(`select kind, amount_cents from payments where project_id = $1`, [projectId]),
        ).toEqual([{ kind: 'subscription', amount_cents: cents }]);

        const quote = await api.call('POST', '/api/check-penalty', {
          token: client.token,
          body: { projectId },
        });
        expect(quote.body).toMatchObject({ subscriptionFee: cents / 100, penaltyAmount: penalty });
      },
    );

    it('refuses, before any charge, an approval whose Stripe price bills another amount; a price of the approved fee is used', async () => {
      const { projectId, approve } = await proposal(3, { cost: 8000 }, 'price_tier_3_monthly');
      const before = (await api.db.query('select * from projects where id = $1', [projectId]))[0] as Record<
        string,
        unknown
      >;

      const refused = await approve();
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error:
          'The Stripe price of this proposal bills $15,000/month, not the approved $8,000/month. Nothing was charged; the proposal needs correcting.',
        code: 'price_mismatch',
      });
      const after = (await api.db.query('select * from projects where id = $1', [projectId]))[0];
      expect(after).toEqual(before);
      expect(await subscriptionRow(projectId)).toBeUndefined();
      expect(await api.db.query('select 1 from payments where project_id = $1', [projectId])).toEqual([]);
      const stripeSubscriptions = (await api.stripe.subscriptions.list({ status: 'all', limit: 100 })).data;
      expect(stripeSubscriptions.filter((s) => s.metadata.project_id === projectId)).toEqual([]);
      const clocks = (await api.stripe.testHelpers.testClocks.list({ limit: 100 })).data;
      expect(clocks.filter((clock) => clock.name === `Project ${projectId}`)).toEqual([]);

      const exact = await api.stripe.prices.create({
        currency: 'usd',
        product: 'prod_tier_3',
        unit_amount: 800_000,
        recurring: { interval: 'month' },
      });
      await api.db.query('update projects set stripe_price_id = $2 where id = $1', [projectId, exact.id]);
      expect((await approve()).status).toBe(200);
      const row = (await subscriptionRow(projectId))!;
      const subscription = await api.stripe.subscriptions.retrieve(row.stripe_subscription_id);
      expect(subscription.items.data[0]!.price).toMatchObject({ id: exact.id, unit_amount: 800_000 });
    });
  });

  describe('final payment', () => {
    it('charges the remaining 50% and completes the project', async () => {
      const client = await api.user('final-payer');
      const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pendingFinalPayment' });
      const paid = await api.call('POST', '/api/process-final-payment', {
        token: client.token,
        body: { projectId, paymentMethodId: 'pm_card_visa' },
      });
      expect(paid.status).toBe(200);
      expect(paid.body.project).toMatchObject({ id: projectId, status: 'completed' });
      const [payment] = await api.db.query<{
        stripe_payment_intent_id: string;
        amount_cents: number;
        kind: string;
      }>(`select stripe_payment_intent_id, amount_cents, kind from payments where project_id = $1`, [
        projectId,
      ]);
      expect(payment).toMatchObject({ amount_cents: 70000, kind: 'final' });
      expect((await api.stripe.paymentIntents.retrieve(payment!.stripe_payment_intent_id)).status).toBe(
        'succeeded',
      );

      const again = await api.call('POST', '/api/process-final-payment', {
        token: client.token,
        body: { projectId, paymentMethodId: 'pm_card_visa' },
      });
      expect(again.status).toBe(409);
    });

    it('leaves the project awaiting payment when the card is declined', async () => {
      const client = await api.user('declined-payer');
      const projectId = await insertFixtureProject(api.db, client, { tier: 1, state: 'pendingFinalPayment' });
      const declined = await api.call('POST', '/api/process-final-payment', {
        token: client.token,
        body: { projectId, paymentMethodId: 'pm_card_chargeDeclined' },
      });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({
        error: 'Payment failed, please try again.',
        code: 'card_declined',
      });
      const [project] = await api.db.query<{ status: string }>('select status from projects where id = $1', [
        projectId,
      ]);
      expect(project!.status).toBe('pending_final_payment');
    });

    it("refuses another client's project", async () => {
      const owner = await api.user('owner');
      const stranger = await api.user('stranger');
      const projectId = await insertFixtureProject(api.db, owner, { tier: 1, state: 'pendingFinalPayment' });
      expect(
        (
          await api.call('POST', '/api/process-final-payment', {
            token: stranger.token,
            body: { projectId, paymentMethodId: 'pm_card_visa' },
          })
        ).status,
      ).toBe(404);
    });
  });

  it('lists the monthly subscription plans of tiers 3 and 4', async () => {
    const client = await api.user('plan-reader');
    expect(
      (await api.call('GET', '/api/get-subscription-plans?tier=3', { token: client.token })).body,
    ).toEqual({
      subscriptionPlans: [{ stripe_price_id: 'price_tier_3_monthly', monthly_cost: 15000, tier: 3 }],
    });
    expect(
      (await api.call('GET', '/api/get-subscription-plans?tier=4', { token: client.token })).body
        .subscriptionPlans[0].monthly_cost,
    ).toBe(25000);
    expect(
      (await api.call('GET', '/api/get-subscription-plans?tier=2', { token: client.token })).status,
    ).toBe(400);
  });
});

describe('monthly revenue', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ stripe: true });
  });
  afterAll(() => api.close());

  it('is the payments that succeeded this month minus the refunds made this month, in dollars', async () => {
    const admin = await api.user('revenue-admin', 'ADMIN');
    const revenue = async () =>
      (await api.call('GET', '/api/monthly-revenue', { token: admin.token })).body.revenue as number;
    expect(await revenue()).toBe(0);

    const form = {
      firstName: 'Rev',
      lastName: 'Enue',
      email: 'rev@example.test',
      company: '',
      projectDescription: 'Revenue test project',
      acceptedTerms: true,
    };
    const buy = async (tier: 1 | 2) => {
      const intent = await api.call('POST', '/api/stripe-downpayment-intent', {
        body: { email: form.email, metadata: { type: 'purchase', tier }, customer: form },
      });
      await api.stripe.paymentIntents.confirm(intent.body.paymentIntentId, {
        payment_method: 'pm_card_visa',
      });
      await api.stripeService.webhooksIdle();
      return (await api.call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`)).body
        .projectId as string;
    };
    await buy(1);
    const refusedProject = await buy(2);
    expect(await revenue()).toBe(950);

    await api.call('POST', `/api/projects/${refusedProject}/refuse`, { token: admin.token });
    await api.stripeService.webhooksIdle();
    expect(await revenue()).toBe(250);

    // A payment of last month refunded this month lowers this month only.
    await api.db.query(
      `insert into payments (stripe_payment_intent_id, kind, amount_cents, status, succeeded_at) values ('pi_last_month', 'deposit', 25000, 'succeeded', now() - interval '40 days')`,
    );
    expect(await revenue()).toBe(250);
    await api.db.query(
      `insert into payment_refunds (stripe_refund_id, stripe_payment_intent_id, amount_cents) values ('re_now', 'pi_last_month', 10000)`,
    );
    expect(await revenue()).toBe(150);
    expect(
      (await api.call('GET', '/api/monthly-revenue', { token: (await api.user('not-admin')).token })).status,
    ).toBe(403);
  });
});
