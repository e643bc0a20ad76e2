import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeService } from './stripe-service';

const SECRET_KEY = 'sk_test_local';
const PUBLISHABLE_KEY = 'pk_test_local';
const WEBHOOK_SECRET = 'whsec_test';

type Running = Awaited<ReturnType<typeof startStripeService>>;

function sdkFor(service: Running, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: service.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** A webhook endpoint that verifies signatures with the SDK; it fails the first `failFirst` deliveries. */
async function startWebhookReceiver(failFirst = 0) {
  const events: Stripe.Event[] = [];
  let attempts = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      attempts++;
      if (attempts <= failFirst) return void res.writeHead(500).end();
      try {
        events.push(
          Stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), WEBHOOK_SECRET),
        );
        res.writeHead(200).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    events,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const startService = (extra: Partial<Parameters<typeof startStripeService>[0]> = {}) =>
  startStripeService({
    port: 0,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: ['http://localhost:3000'],
    webhookRetryDelaysMs: [20, 20, 20],
    ...extra,
  });

const nextYear = new Date().getFullYear() + 1;
const card = (number: string, overrides: { exp_year?: number; cvc?: string } = {}) => ({
  number,
  exp_month: 12,
  exp_year: nextYear,
  cvc: '123',
  ...overrides,
});

describe('local Stripe-compatible service, driven by the official SDK', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let service: Running;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(1);
    service = await startService({ webhookUrl: receiver.url });
    stripe = sdkFor(service);
  });
  afterAll(async () => {
    await service.stop();
    await receiver.close();
  });

  it('charges 4242… through customer, payment method and payment intent, and sends a signed webhook (retried after a failure)', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test', name: 'Ada Lovelace' });
    const paymentMethod = await stripe.paymentMethods.create({
      type: 'card',
      card: card('4242424242424242'),
      billing_details: { name: 'Ada' },
    });
    expect(paymentMethod.card).toMatchObject({ brand: 'visa', last4: '4242' });
    await stripe.paymentMethods.attach(paymentMethod.id, { customer: customer.id });
    const intent = await stripe.paymentIntents.create({
      amount: 25000,
      currency: 'usd',
      customer: customer.id,
      metadata: { type: 'purchase', tier: '1' },
      automatic_payment_methods: { enabled: true },
    });
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod.id });
    expect(confirmed).toMatchObject({
      status: 'succeeded',
      amount_received: 25000,
      metadata: { type: 'purchase', tier: '1' },
    });
    const retrieved = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect((retrieved.latest_charge as Stripe.Charge).amount).toBe(25000);
    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((pi) => pi.id)).toEqual([intent.id]);

    await service.webhooksIdle();
    const succeeded = receiver.events.find((event) => event.type === 'payment_intent.succeeded');
    expect((succeeded?.data.object as Stripe.PaymentIntent).id).toBe(intent.id);
    expect(receiver.attempts()).toBeGreaterThan(receiver.events.length);
  });

  it('saves cards with SetupIntents as Stripe does: 4242 attaches, 0341 attaches (its charges fail), 0002 is declined, 3184 waits for 3D Secure', async () => {
    const customer = await stripe.customers.create({ email: 'grace@example.test' });
    const setup = (number: string) =>
      stripe.paymentMethods.create({ type: 'card', card: card(number) }).then((method) =>
        stripe.setupIntents.create({
          customer: customer.id,
          payment_method: method.id,
          confirm: true,
          usage: 'off_session',
        }),
      );
    const saved = await setup('4242424242424242');
    expect(saved).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id });
    expect((await stripe.paymentMethods.retrieve(saved.payment_method as string)).customer).toBe(customer.id);
    expect((await setup('4000000000000341')).status).toBe('succeeded');
    const declined = await setup('4000000000000002').catch((error: unknown) => error);
    expect(declined).toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    expect((await setup('4000002760003184')).status).toBe('requires_action');
    const retrieved = await stripe.setupIntents.retrieve(saved.id);
    expect(retrieved.status).toBe('succeeded');
    const again = await stripe.setupIntents.confirm(saved.id).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'setup_intent_unexpected_state' });
  });

  it('declines 4000…0002 with a 402 card_error and a payment_failed event', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 70000, currency: 'usd' });
    const error = await stripe.paymentIntents
      .confirm(intent.id, {
        payment_method: (await stripe.paymentMethods.create({ type: 'card', card: card('4000000000000002') }))
          .id,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    await service.webhooksIdle();
    expect(
      receiver.events.some(
        (event) =>
          event.type === 'payment_intent.payment_failed' &&
          (event.data.object as Stripe.PaymentIntent).id === intent.id,
      ),
    ).toBe(true);
  });

  it.each([
    ['incomplete number', card('424242424242'), 'incorrect_number'],
    ['failing Luhn', card('4242424242424241'), 'invalid_number'],
    ['past expiry', card('4242424242424242', { exp_year: 2020 }), 'invalid_expiry_year'],
    ['bad cvc', card('4242424242424242', { cvc: '1' }), 'invalid_cvc'],
  ])('rejects a card with %s as a 400 card_error', async (_label, details, code) => {
    const error = await stripe.paymentMethods
      .create({ type: 'card', card: details })
      .catch((e: unknown) => e);
    // The SDK classifies by status (400 → StripeInvalidRequestError); the body still says card_error.
    expect(error).toMatchObject({ statusCode: 400, code, rawType: 'card_error' });
  });

  it('replays a request with the same Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await stripe.paymentIntents.create(
      { amount: 25000, currency: 'usd' },
      { idempotencyKey: 'purchase-1' },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 25000, currency: 'usd' },
      { idempotencyKey: 'purchase-1' },
    );
    expect(again.id).toBe(first.id);
    const error = await stripe.paymentIntents
      .create({ amount: 70000, currency: 'usd' }, { idempotencyKey: 'purchase-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('compares the parameters of a replayed key as parameters, whatever order they were encoded in', async () => {
    const first = await stripe.paymentIntents.create(
      { amount: 25000, currency: 'usd', metadata: { type: 'final', operation: 'op-1' } },
      { idempotencyKey: 'reordered-1' },
    );
    const again = await stripe.paymentIntents.create(
      { metadata: { operation: 'op-1', type: 'final' }, currency: 'usd', amount: 25000 },
      { idempotencyKey: 'reordered-1' },
    );
    expect(again.id).toBe(first.id);
  });

  it('expands the items of a list (data.*) and nested paths', async () => {
    const customer = await stripe.customers.create({ email: 'expand@example.test' });
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const listed = await stripe.paymentIntents.list({
      customer: customer.id,
      expand: ['data.latest_charge'],
    });
    expect(listed.data.map((item) => item.id)).toEqual([intent.id]);
    expect(listed.data[0]!.latest_charge).toMatchObject({ object: 'charge', payment_intent: intent.id });
  });

  it('refunds part then the rest of a payment, refuses more, and emits charge.refunded', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 70000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(intent.status).toBe('succeeded');
    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 20000 });
    expect(partial).toMatchObject({ amount: 20000, status: 'succeeded', payment_intent: intent.id });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(50000);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 70000 });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(2);
    await service.webhooksIdle();
    expect(
      receiver.events.filter(
        (event) =>
          event.type === 'charge.refunded' &&
          (event.data.object as Stripe.Charge).payment_intent === intent.id,
      ),
    ).toHaveLength(2);
  });

  it('seeds monthly prices for tiers 3 and 4 and runs a subscription until it is cancelled', async () => {
    const prices = await stripe.prices.list({ lookup_keys: ['tier_3_monthly', 'tier_4_monthly'] });
    expect(
      prices.data.map((price) => [price.lookup_key, price.unit_amount, price.recurring?.interval]).sort(),
    ).toEqual([
      ['tier_3_monthly', 1500000, 'month'],
      ['tier_4_monthly', 2500000, 'month'],
    ]);
    const customer = await stripe.customers.create({ email: 'cto@example.test' });
    const method = await stripe.paymentMethods.create({ type: 'card', card: card('4242424242424242') });
    await stripe.paymentMethods.attach(method.id, { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: method.id,
      items: [{ price: 'price_tier_4_monthly' }],
      payment_behavior: 'error_if_incomplete',
      metadata: { project_id: 'p1' },
    });
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0]!;
    const expectedEnd = new Date(item.current_period_start * 1000);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs(item.current_period_end - expectedEnd.getTime() / 1000)).toBeLessThan(4 * 86400);
    const cancelled = await stripe.subscriptions.cancel(subscription.id);
    expect(cancelled.status).toBe('canceled');
    await service.webhooksIdle();
    expect(receiver.events.some((event) => event.type === 'customer.subscription.deleted')).toBe(true);

    const declined = await stripe.paymentMethods.create({ type: 'card', card: card('4000000000000002') });
    await stripe.paymentMethods.attach(declined.id, { customer: customer.id });
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        default_payment_method: declined.id,
        items: [{ price: 'price_tier_3_monthly' }],
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ code: 'card_declined', statusCode: 402 });
  });

  it('makes an inline price from items[].price_data and bills it, as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'custom-fee@example.test' });
    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: method.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            product: 'prod_tier_3',
            recurring: { interval: 'month' },
            unit_amount: 800_000,
          },
        },
      ],
      payment_behavior: 'error_if_incomplete',
    });
    const price = subscription.items.data[0]!.price;
    expect(price).toMatchObject({
      active: false,
      currency: 'usd',
      product: 'prod_tier_3',
      unit_amount: 800_000,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: null,
    });
    expect(await stripe.prices.retrieve(price.id)).toMatchObject({ unit_amount: 800_000 });
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 800_000 });
    expect(
      (await stripe.prices.list({ active: true, limit: 100 })).data.some((listed) => listed.id === price.id),
    ).toBe(false);

    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        default_payment_method: method.id,
        items: [
          {
            price_data: {
              currency: 'usd',
              product: 'prod_missing',
              recurring: { interval: 'month' },
              unit_amount: 100,
            },
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'items[0][price_data][product]' });
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        default_payment_method: method.id,
        items: [
          {
            price: 'price_tier_3_monthly',
            price_data: { currency: 'usd', product: 'prod_tier_3', recurring: { interval: 'month' } },
          },
        ],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('bills a subscription as Stripe does: an invoice at the start and at each renewal a test clock reaches, a failed renewal leaves it past_due until paid', async () => {
    const start = Math.floor(Date.UTC(2026, 0, 15, 12) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'renewals' });
    const customer = await stripe.customers.create({ email: 'renewals@example.test', test_clock: clock.id });
    const good = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: good.id,
      items: [{ price: 'price_tier_3_monthly' }],
      payment_behavior: 'error_if_incomplete',
    });
    expect(subscription).toMatchObject({ status: 'active', start_date: start, test_clock: clock.id });
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(first).toMatchObject({
      status: 'paid',
      amount_paid: 1500000,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });

    const oneMonth = Math.floor(Date.UTC(2026, 1, 15, 13) / 1000);
    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: oneMonth });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: oneMonth });
    const afterOne = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(afterOne.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    expect(afterOne[0]!.period_start).toBe(Math.floor(Date.UTC(2026, 1, 15, 12) / 1000));

    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: Math.floor(Date.UTC(2026, 2, 15, 13) / 1000),
    });
    const [failed] = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 1500000 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await expect(stripe.invoices.pay(failed!.id)).rejects.toMatchObject({
      statusCode: 402,
      code: 'card_declined',
    });
    const paid = await stripe.invoices.pay(failed!.id, { payment_method: good.id });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1500000, attempt_count: 3 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');

    await service.webhooksIdle();
    const types = receiver.events
      .filter((event) => JSON.stringify(event.data.object).includes(subscription.id))
      .map((event) => event.type);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(3);
    expect(types.filter((type) => type === 'invoice.payment_failed')).toHaveLength(2);
    const pastDue = receiver.events.find(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        (event.data.object as Stripe.Subscription).status === 'past_due',
    );
    expect(pastDue?.data.previous_attributes).toEqual({ status: 'active' });
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start }),
    ).rejects.toMatchObject({ param: 'frozen_time' });
  });

  it('injects a fault before a call (nothing happens) or after it (done, answer lost, replayable with its key)', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 30000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    service.injectFault('POST /v1/refunds');
    await expect(
      stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'fault-before' }),
    ).rejects.toMatchObject({ statusCode: 500 });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(0);

    service.injectFault('POST /v1/refunds', { when: 'after' });
    await expect(
      stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'fault-after' }),
    ).rejects.toMatchObject({ statusCode: 500 });
    const [refund] = (await stripe.refunds.list({ payment_intent: intent.id })).data;
    expect(refund).toMatchObject({ amount: 30000 });
    expect(
      (await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'fault-after' })).id,
    ).toBe(refund!.id);
  });

  it('accepts the publishable key only for browser calls, with the client secret', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 25000, currency: 'usd' });
    const browser = sdkFor(service, PUBLISHABLE_KEY);
    await expect(browser.paymentIntents.create({ amount: 100, currency: 'usd' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(browser.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({
      param: 'client_secret',
    });
    const retrieved = await browser.paymentIntents.retrieve(intent.id, {
      client_secret: intent.client_secret!,
    });
    expect(retrieved.id).toBe(intent.id);
    await expect(sdkFor(service, 'sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('local Stripe state on disk', () => {
  it('keeps customers and payments across a restart when given a data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stripe-state-'));
    try {
      const first = await startService({ dataDir });
      const customer = await sdkFor(first).customers.create({ email: 'kept@example.test' });
      await first.stop();
      const second = await startService({ dataDir });
      expect((await sdkFor(second).customers.retrieve(customer.id)).id).toBe(customer.id);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
