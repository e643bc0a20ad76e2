import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database } from '../../db/database';
import { runMigrations } from '../../db/migrations';
import { insertFixtureProject, openTestDatabase } from '../../test-support/test-api';
import { LeaseLost, stripeJournal, type LeasedOperationRef } from './stripe-journal';

/** The journal sends a Stripe call only under the lease of an open operation, renewing it first. */
const LEASE_SECONDS = 120;

let db: Database;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ db, dropDatabase } = await openTestDatabase());
  await runMigrations(db, path.join(__dirname, '..', '..', '..', 'migrations'));
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
