import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startStripeService } from '@agency/local-cloud/src/stripe';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { insertFixtureProject, openTestDatabase } from '../test-support/test-api';
import { createStripeClient } from '../features/payments/stripe-client';
import {
  CallOutcomeUnknown,
  isDefinitiveRefusal,
  LeaseLost,
  stripeJournal,
  type LeasedOperationRef,
} from './stripe-journal';

/** The journal sends a Stripe call only under the lease of an open operation, renewing it first. */
const LEASE_SECONDS = 120;

let db: Database;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ db, dropDatabase } = await openTestDatabase());
  await runMigrations(db, path.join(__dirname, '..', '..', 'migrations'));
});
afterAll(async () => {
  await db.close();
  await dropDatabase();
});

/** A Stripe whose one call answers with a new customer, counting how often it was sent. */
function countingStripe() {
  const create = jest.fn(async () => ({ id: `cus_${randomUUID().slice(0, 8)}` }));
  return { stripe: { customers: { create } } as unknown as Stripe, create };
}

/** An open operation on a new project, held by a run of its own; its lease ends in one second. */
async function heldOperation(): Promise<LeasedOperationRef> {
  const owner = { id: randomUUID(), email: `journal-${randomUUID().slice(0, 8)}@example.test`, token: '' };
  const projectId = await insertFixtureProject(db, owner, { tier: 3, state: 'awaitingClient' });
  const leaseOwner = randomUUID();
  const [op] = await db.query<{ id: string }>(
    `insert into money_operations (project_id, kind, attempt, status, actor_role, lease_owner, lease_until)
     values ($1, 'approve', 1, 'claimed', 'CLIENT', $2, now() + interval '1 second') returning id`,
    [projectId, leaseOwner],
  );
  return {
    id: op!.id,
    key: `${projectId}:approve:1`,
    lease: { owner: leaseOwner, seconds: LEASE_SECONDS },
  };
}

const stepsOf = (operationId: string) =>
  db.query<{ name: string; status: string }>(
    'select name, status from money_operation_steps where operation_id = $1',
    [operationId],
  );
const leaseLeftSeconds = async (operationId: string) =>
  (
    await db.query<{ left: number }>(
      'select extract(epoch from lease_until - now())::float as left from money_operations where id = $1',
      [operationId],
    )
  )[0]!.left;

describe('stripe journal: lease', () => {
  it('renews the lease of the run that holds the operation before the call, and journals the call', async () => {
    const op = await heldOperation();
    const { stripe, create } = countingStripe();

    await stripeJournal({ db, stripe }, op).run('customer', 'customers.create', { email: 'a@example.test' });

    expect(create).toHaveBeenCalledTimes(1);
    expect(await stepsOf(op.id)).toEqual([{ name: 'customer', status: 'succeeded' }]);
    expect(await leaseLeftSeconds(op.id)).toBeGreaterThan(LEASE_SECONDS - 10);
  });

  it.each([
    [
      'a run whose operation recovery took over neither journals nor sends a call',
      `update money_operations set lease_owner = gen_random_uuid() where id = $1`,
    ],
    [
      'a closed operation sends nothing, even to its last owner',
      `update money_operations set status = 'failed' where id = $1`,
    ],
  ])('%s', async (_name, takeAway) => {
    const op = await heldOperation();
    await db.query(takeAway, [op.id]);
    const { stripe, create } = countingStripe();

    await expect(
      stripeJournal({ db, stripe }, op).run('customer', 'customers.create', { email: 'a@example.test' }),
    ).rejects.toBeInstanceOf(LeaseLost);

    expect(create).not.toHaveBeenCalled();
    expect(await stepsOf(op.id)).toEqual([]);
  });

  /** An operation whose one call was sent and never answered (the connection was lost). */
  async function operationWithUnansweredCall(): Promise<LeasedOperationRef> {
    const op = await heldOperation();
    const unanswered = countingStripe();
    unanswered.create.mockRejectedValueOnce(new Error('connection lost'));
    await expect(
      stripeJournal({ db, stripe: unanswered.stripe }, op).run('customer', 'customers.create', {}),
    ).rejects.toThrow('connection lost');
    return op;
  }

  it('settling sends an unanswered call again only under the lease', async () => {
    const op = await operationWithUnansweredCall();
    await db.query('update money_operations set lease_owner = $2 where id = $1', [op.id, randomUUID()]);
    const { stripe, create } = countingStripe();

    await expect(stripeJournal({ db, stripe }, op).settle()).rejects.toBeInstanceOf(LeaseLost);

    expect(create).not.toHaveBeenCalled();
    expect(await stepsOf(op.id)).toEqual([{ name: 'customer', status: 'sent' }]);
  });

  it("does not send again a call whose answer was lost beyond Stripe's idempotency window", async () => {
    const op = await operationWithUnansweredCall();
    await db.query(
      `update money_operation_steps set created_at = now() - interval '25 hours' where operation_id = $1`,
      [op.id],
    );
    const { stripe, create } = countingStripe();

    await expect(stripeJournal({ db, stripe }, op).settle()).rejects.toThrow(/idempotency window/);
    await expect(stripeJournal({ db, stripe }, op).run('customer', 'customers.create', {})).rejects.toThrow(
      /idempotency window/,
    );

    expect(create).not.toHaveBeenCalled();
    expect(await stepsOf(op.id)).toEqual([{ name: 'customer', status: 'sent' }]);
  });

  it('refuses a reference that carries no lease', () => {
    const { stripe } = countingStripe();
    expect(() => stripeJournal({ db, stripe }, { id: randomUUID(), key: 'k' })).toThrow(/lease/);
  });
});

describe('stripe journal: a call sent again after its answer was lost (against the Stripe stand-in)', () => {
  let service: Awaited<ReturnType<typeof startStripeService>>;
  let stripe: Stripe;
  beforeAll(async () => {
    service = await startStripeService({
      port: 0,
      secretKey: 'sk_test_journal',
      publishableKey: 'pk_test_journal',
      webhookSecret: 'whsec_journal',
      allowedOrigins: [],
    });
    stripe = createStripeClient('sk_test_journal', service.url);
  });
  afterAll(() => service.stop());

  /** A refund journalled as sent whose answer the process lost (it died before writing it down). */
  async function refundWithLostAnswer() {
    const op = await heldOperation();
    const intent = await stripe.paymentIntents.create({
      amount: 25_000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    // Keys in an order jsonb would change (it sorts keys by length): the replay must send them as first sent.
    const params = {
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { reason: 'Project refused', operation: op.key },
    } as const;
    const lostAnswer = () => {
      throw new Error('process died before journalling the answer');
    };
    await expect(
      stripeJournal({ db, stripe, beforeJournalAnswer: lostAnswer }, op).run(
        'refund',
        'refunds.create',
        params,
      ),
    ).rejects.toThrow('process died');
    return { op, intent, params };
  }

  const refundsOf = async (paymentIntent: string) =>
    (await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((refund) => refund.id);

  it('keeps the parameters as first sent and replays them under the same key: one refund, its answer journalled', async () => {
    const { op, intent, params } = await refundWithLostAnswer();
    const [stored] = await db.query<{ params: string }>(
      'select params::text as params from money_operation_steps where operation_id = $1',
      [op.id],
    );
    expect(stored!.params).toBe(JSON.stringify(params));

    const [refund] = await stripeJournal({ db, stripe }, op).settle();

    expect(refund).toMatchObject({ status: 'succeeded', response: { object: 'refund' } });
    expect(await refundsOf(intent.id)).toEqual([(refund!.response as { id: string }).id]);
  });

  it('a key Stripe says was used with other parameters is not a refusal: the journal goes on with what the call made', async () => {
    const { op, intent } = await refundWithLostAnswer();
    // As an older journal re-encoded them: the same call, but not the same parameters for Stripe.
    await db.query(
      `update money_operation_steps set params = json_build_object('payment_intent', $2::text, 'reason', 'duplicate',
         'metadata', json_build_object('reason', 'Project refused', 'operation', $3::text)) where operation_id = $1`,
      [op.id, intent.id, op.key],
    );
    const replay = stripe.refunds.create(
      { payment_intent: intent.id, reason: 'duplicate' },
      { idempotencyKey: `${op.key}:refund` },
    );
    await expect(replay).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(isDefinitiveRefusal(await replay.catch((error: unknown) => error))).toBe(false);

    const [refund] = await stripeJournal({ db, stripe }, op).settle();

    expect(refund!.status).toBe('succeeded');
    expect(await refundsOf(intent.id)).toEqual([(refund!.response as { id: string }).id]);
  });

  it('a used key whose result cannot be found leaves the call open (unknown outcome), never "did nothing"', async () => {
    const { op, intent } = await refundWithLostAnswer();
    await db.query(
      `update money_operation_steps set params = json_build_object('payment_intent', $2::text, 'reason', 'duplicate',
         'metadata', json_build_object('operation', 'another')) where operation_id = $1`,
      [op.id, intent.id],
    );

    await expect(stripeJournal({ db, stripe }, op).settle()).rejects.toBeInstanceOf(CallOutcomeUnknown);

    expect(await stepsOf(op.id)).toEqual([{ name: 'refund', status: 'sent' }]);
    expect(await refundsOf(intent.id)).toHaveLength(1);
  });
});
