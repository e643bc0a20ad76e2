import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { LOCAL_DEFAULTS } from '@agency/domain';
import { openDatabase, type Database } from '../../db/database';
import { startTestApi, type TestApi } from '../../test-support/test-api';
import { createPurchases } from './purchases';

/**
 * Purchases fulfilled by several API processes at once, and the hourly cleanup of unpaid ones, through the real
 * SDK against the local Stripe-compatible service.
 */
jest.setTimeout(60_000);

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ stripe: true });
});
afterAll(() => api.close());

async function requestPurchaseIntent(firstName: string, lastName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await api.call('POST', '/api/stripe-downpayment-intent', {
    body: {
      email,
      metadata: { type: 'purchase', tier: 1 },
      customer: {
        firstName,
        lastName,
        email,
        company: '',
        projectDescription: 'A site to sell things',
        acceptedTerms: true,
      },
    },
  });
  expect(response.status).toBe(200);
  return response.body.paymentIntentId as string;
}

const payInBrowser = (paymentIntentId: string) =>
  api.stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });

const paymentRow = async (paymentIntentId: string) =>
  (
    await api.db.query<{ status: string; project_id: string | null; fulfilment_failed: boolean | null }>(
      `select status, project_id, (details->>'fulfilmentFailed')::boolean as fulfilment_failed
       from payments where stripe_payment_intent_id = $1`,
      [paymentIntentId],
    )
  )[0];

const projectIdsFor = async (paymentIntentId: string) =>
  (
    await api.db.query<{ id: string }>('select id from projects where stripe_payment_intent_id = $1', [
      paymentIntentId,
    ])
  ).map((project) => project.id);

const refundedCents = async (paymentIntentId: string) =>
  (await api.stripe.refunds.list({ payment_intent: paymentIntentId })).data.reduce(
    (sum, refund) => sum + refund.amount,
    0,
  );

describe('two API processes fulfilling one purchase', () => {
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  /** The first key of the advisory locks this test's gates take (the second is the gate's number). */
  const GATE = 4242;

  /** Each step has a deadline of its own, so a run that hangs says where (jest's timeout names no step). */
  const STEP_MS = 20_000;
  async function step<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting until ${what}`)), STEP_MS);
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
    const deadline = Date.now() + STEP_MS;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A closed gate: an advisory lock held by a transaction of its own until `open` commits it. */
  async function closedGate(db: Database, gate: number) {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1, $2)', [GATE, gate]);
      held();
      await opened;
    });
    await isHeld;
    return {
      async open() {
        open();
        await transaction;
      },
    };
  }

  const backendWaitingAtGate = async (db: Database, gate: number) =>
    (
      await db.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and not granted`,
        [GATE, gate],
      )
    )[0]?.pid;
  const backendBlockedBy = async (db: Database, pid: number) =>
    (
      await db.query<{ pid: number }>(
        'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
        [pid],
      )
    )[0]?.pid;

  /**
   * Each project insert of the buyer named `clientName` waits at the gate of its attempt (1, 2, ...), and the
   * first attempt then fails.
   */
  async function gateProjectInserts(clientName: string) {
    const name = `gate_inserts_${randomUUID().replace(/-/g, '')}`;
    await api.db.exec(`
      create sequence ${name};
      create function ${name}() returns trigger language plpgsql as $$
      declare attempt int := nextval('${name}');
      begin
        perform pg_advisory_xact_lock_shared(${GATE}, attempt);
        if attempt = 1 then raise exception 'transient failure of the first insert'; end if;
        return new;
      end; $$;
      create trigger ${name} before insert on projects for each row
        when (new.client_name = '${clientName}') execute function ${name}();`);
  }

  /**
   * Another API process on the same database and Stripe account: connections and in-process state of its own.
   * `beforeTransaction` runs before each of its transactions (to hold one back). `observer` watches locks.
   */
  async function startReplica(beforeTransaction: () => Promise<void> = async () => undefined) {
    const db = await openDatabase({ databaseUrl: api.databaseUrl! });
    const observer = await openDatabase({ databaseUrl: api.databaseUrl! });
    const heldBack: Database = Object.create(db);
    heldBack.transaction = async (work) => {
      await beforeTransaction();
      return db.transaction(work);
    };
    const purchases = createPurchases({
      db: heldBack,
      stripe: api.stripePayments!,
      jobs: api.jobs,
      config: { publicSiteUrl: LOCAL_DEFAULTS.publicSiteUrl, contactInbox: LOCAL_DEFAULTS.contactInbox },
      logger: pino({ level: 'silent' }),
      findProfileIdByEmail: async () => null,
    });
    return {
      purchases,
      observer,
      async close() {
        await db.close();
        await observer.close();
      },
    };
  }

  onPostgres(
    "one whose project insert fails while the other's commits: one project, its deposit kept, the payment not marked failed",
    async () => {
      await gateProjectInserts('Racing Buyer');
      const replica = await startReplica();
      const { observer } = replica;
      try {
        const firstInsert = await closedGate(observer, 1);
        const secondInsert = await closedGate(observer, 2);
        const paymentIntentId = await requestPurchaseIntent('Racing', 'Buyer');
        // Process A: the webhook's job fulfils the purchase, holds the payment row and waits in its insert.
        await step(payInBrowser(paymentIntentId), 'the payment is confirmed');
        const webhookJob = await until(() => backendWaitingAtGate(observer, 1), 'the webhook job inserts');
        // Process B: the browser's status poll waits for the payment row.
        const poll = replica.purchases.status(paymentIntentId);
        await until(() => backendBlockedBy(observer, webhookJob), 'the poll waits for the payment row');

        // A's insert fails and rolls back; B takes the row and inserts, not committed yet, while A reacts to its
        // failure and reaches for the row B holds.
        await step(firstInsert.open(), "the first insert's gate opens");
        const statusPoll = await until(() => backendWaitingAtGate(observer, 2), 'the poll inserts');
        await until(
          () => backendBlockedBy(observer, statusPoll),
          'the webhook job waits for the payment row',
        );
        await step(secondInsert.open(), "the second insert's gate opens");

        const polled = await step(poll, 'the status poll answers');
        await step(api.settle(), 'the jobs settle');
        const projectIds = await projectIdsFor(paymentIntentId);
        expect(projectIds).toHaveLength(1);
        expect(polled).toEqual({ status: 'fulfilled', projectId: projectIds[0] });
        expect(await refundedCents(paymentIntentId)).toBe(0);
        expect(await paymentRow(paymentIntentId)).toEqual({
          status: 'succeeded',
          project_id: projectIds[0],
          fulfilment_failed: null,
        });
        expect((await api.call('GET', `/api/purchase-status/${paymentIntentId}`)).body).toEqual(polled);
      } finally {
        await replica.close();
      }
    },
    // Longer than the steps' own deadlines (STEP_MS each), so a hang is reported by the step it hangs in.
    120_000,
  );

  onPostgres(
    'one that read the purchase before the other marked it failed creates no project for the refunded deposit',
    async () => {
      await gateProjectInserts('Late Poller');
      let reachedTransaction!: () => void;
      const pollReachedTransaction = new Promise<void>((resolve) => (reachedTransaction = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const replica = await startReplica(async () => {
        reachedTransaction();
        await released;
      });
      try {
        const firstInsert = await closedGate(replica.observer, 1);
        const paymentIntentId = await requestPurchaseIntent('Late', 'Poller');
        // Process A: the webhook's job fulfils the purchase and waits in its insert.
        await step(payInBrowser(paymentIntentId), 'the payment is confirmed');
        await until(() => backendWaitingAtGate(replica.observer, 1), 'the webhook job inserts');
        // Process B: the status poll found the purchase neither fulfilled nor failed, and is held back just
        // before its transaction.
        const poll = replica.purchases.status(paymentIntentId);
        await step(pollReachedTransaction, 'the status poll reaches its transaction');

        // A's insert fails: A marks the purchase failed and refunds it, then B goes on.
        await step(firstInsert.open(), "the first insert's gate opens");
        await until(
          async () => ((await paymentRow(paymentIntentId))?.fulfilment_failed ? true : undefined),
          'the webhook job marks the purchase failed',
        );
        await step(api.settle(), 'the jobs settle');
        release();

        expect(await step(poll, 'the status poll answers')).toEqual({ status: 'refunded', projectId: null });
        await step(api.settle(), 'the jobs settle again');
        expect(await projectIdsFor(paymentIntentId)).toEqual([]);
        expect(await refundedCents(paymentIntentId)).toBe(25000);
        expect(await paymentRow(paymentIntentId)).toMatchObject({
          project_id: null,
          fulfilment_failed: true,
        });
      } finally {
        release();
        await replica.close();
      }
    },
    120_000,
  );

  it('a refund job for a purchase whose project exists refunds nothing', async () => {
    const paymentIntentId = await requestPurchaseIntent('Kept', 'Deposit');
    await payInBrowser(paymentIntentId);
    await api.settle();
    const [projectId] = await projectIdsFor(paymentIntentId);
    expect(projectId).toBeDefined();
    // What the race above left before the fix: the purchase marked failed although its project was created.
    await api.db.query(
      `update payments set details = details || '{"fulfilmentFailed": true}'::jsonb where stripe_payment_intent_id = $1`,
      [paymentIntentId],
    );

    await api.jobs.send('payments.refund-unfulfilled-purchase', {
      paymentIntentId,
      reason: 'project_creation_failed',
    });
    await api.settle();

    expect(await refundedCents(paymentIntentId)).toBe(0);
    expect(await projectIdsFor(paymentIntentId)).toEqual([projectId]);
  });
});

describe('cleanup of stale purchase intents', () => {
  it('goes on past an intent Stripe no longer has, and forgets that one as well', async () => {
    const missingIntentId = `pi_missing_${randomUUID().replace(/-/g, '')}`;
    await api.db.query(
      `insert into payments (stripe_payment_intent_id, kind, amount_cents, status, details, created_at)
       values ($1, 'deposit', 25000, 'pending', '{}', now() - interval '3 days')`,
      [missingIntentId],
    );
    const unpaidIntentId = await requestPurchaseIntent('Never', 'Paid');
    await api.db.query(
      `update payments set created_at = now() - interval '2 days' where stripe_payment_intent_id = $1`,
      [unpaidIntentId],
    );

    await api.services.purchases!.cleanupStaleIntents();

    expect((await api.stripe.paymentIntents.retrieve(unpaidIntentId)).status).toBe('canceled');
    expect((await paymentRow(unpaidIntentId))?.status).toBe('canceled');
    expect((await paymentRow(missingIntentId))?.status).toBe('canceled');
  });
});
