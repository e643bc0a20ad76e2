import Stripe from 'stripe';
import { AbandonOperation } from './money-operations';
import { PROPOSAL_MESSAGES } from '@agency/domain';
import {
  fixtureProposal,
  insertFixtureProject,
  signatureOf,
  startTestApi,
  type TestApi,
} from '../test-support/test-api';
import { moneyScenarios } from '../test-support/money-scenarios';
import { signatureInvariantBreaches } from '../test-support/signature-invariant';

/**
 * The money invariant of issue 12, proved against the real SDK and the local Stripe-compatible service: no
 * money moves without the matching project state, and no state change that promises money without the money,
 * under concurrency, after a failure injected after each Stripe call of each operation, after a crash, and
 * when the compensation itself fails for a while.
 */
jest.setTimeout(60_000);

let api: TestApi;
/** Injected just before a money operation's commit (the database step); cleared after each test. */
let failCommit: ((op: { kind: string }) => void) | undefined;

beforeAll(async () => {
  api = await startTestApi({ stripe: true, moneyFaults: { beforeCommit: (op) => failCommit?.(op) } });
});
afterAll(() => api.close());
const {
  newCard,
  projectRow,
  chargesOf,
  subscriptionsOf,
  refundedCents,
  succeeded,
  openOperations,
  ledger,
  eventually,
  boughtProject,
  depositAgrees,
  SCENARIOS,
} = moneyScenarios(() => api);
afterEach(async () => {
  failCommit = undefined;
  api.hooks.afterStripeCall = undefined;
  api.stripeService.clearFaults();
  await api.settle();
});

describe('concurrency: two operations on one project never both reach Stripe', () => {
  it('10 concurrent final payments with 10 different cards → 1 charge, 1 payment row, revenue + the balance', async () => {
    const admin = await api.user('race-admin', 'ADMIN');
    const revenue = async () =>
      (await api.call('GET', '/api/monthly-revenue', { token: admin.token })).body.revenue as number;
    const client = await api.user('racer');
    const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pendingFinalPayment' });
    const cards = await Promise.all(Array.from({ length: 10 }, () => newCard()));
    const before = await revenue();

    const responses = await Promise.all(
      cards.map((card) =>
        api.call('POST', '/api/process-final-payment', {
          token: client.token,
          body: { projectId, paymentMethodId: card.id },
        }),
      ),
    );
    await api.settle();

    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(succeeded(await chargesOf(projectId))).toHaveLength(1);
    expect(
      await api.db.query(`select amount_cents from payments where project_id = $1`, [projectId]),
    ).toEqual([{ amount_cents: 70000 }]);
    expect((await revenue()) - before).toBe(700);
    expect((await projectRow(projectId)).status).toBe('completed');
  });

  it('5 concurrent tier 4 approvals with different cards → 1 subscription; the others never reach Stripe', async () => {
    const client = await api.user('approver');
    const projectId = await insertFixtureProject(api.db, client, { tier: 4, state: 'awaitingClient' });
    const cards = await Promise.all(Array.from({ length: 5 }, () => newCard()));
    const signature = await signatureOf(api.db, projectId);

    const responses = await Promise.all(
      cards.map((card) =>
        api.call('POST', '/api/client-approve-project', {
          token: client.token,
          body: { projectId, action: 'accept', paymentMethodId: card.id, ...signature },
        }),
      ),
    );
    await api.settle();

    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await subscriptionsOf(projectId)).map((s) => s.status)).toEqual(['active']);
    const clocks = (await api.stripe.testHelpers.testClocks.list({ limit: 100 })).data.filter(
      (clock) => clock.name === `Project ${projectId}`,
    );
    expect(clocks).toHaveLength(1);
    expect(
      await api.db.query('select count(*)::int as n from subscriptions where project_id = $1', [projectId]),
    ).toEqual([{ n: 1 }]);
    expect(
      await api.db.query(
        'select count(*)::int as n from money_operation_steps s join money_operations o on o.id = s.operation_id where o.project_id = $1',
        [projectId],
      ),
    ).toEqual([{ n: 4 }]);
  });

  it('a change of state waits while a money operation holds the project (409), then goes through', async () => {
    const client = await api.user('holder');
    const projectId = await insertFixtureProject(api.db, client, { tier: 1, state: 'pendingFinalPayment' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.hooks.afterStripeCall = async ({ name }) => {
      if (name === 'charge') await held;
    };
    const paying = api.call('POST', '/api/process-final-payment', {
      token: client.token,
      body: { projectId, paymentMethodId: 'pm_card_visa' },
    });
    await eventually(
      () => openOperations(projectId),
      (open) => open.length === 1,
    );
    const admin = await api.user('edit-admin', 'ADMIN');
    expect(
      (
        await api.call('POST', '/api/cancel-project', {
          token: admin.token,
          body: { projectId, cancelledBy: 'admin' },
        })
      ).status,
    ).toBe(409);
    release();
    expect((await paying).status).toBe(200);
  });
});

describe('a failure after each Stripe call of each operation: the project and Stripe agree afterwards', () => {
  for (const scenario of SCENARIOS) {
    describe(scenario.name, () => {
      it('without a failure, both are done', async () => {
        const { projectId, call } = await scenario.setup();
        expect((await call()).status).toBe(200);
        await api.settle();
        await scenario.agree(projectId, true);
      });

      for (const step of [...scenario.steps, 'commit']) {
        it(`failure after ${step === 'commit' ? 'the Stripe calls, in the database step' : `the '${step}' call`} → ${scenario.recovery === 'compensate' ? 'compensated' : 'completed'}`, async () => {
          const { projectId, call } = await scenario.setup();
          let fired = false;
          if (step === 'commit') {
            failCommit = () => {
              if (fired) return;
              fired = true;
              throw new Error('injected: the database refused the state change');
            };
          } else {
            api.hooks.afterStripeCall = ({ name }) => {
              if (fired || !name.startsWith(step)) return;
              fired = true;
              throw new Error(`injected: failure after ${name}`);
            };
          }
          const response = await call();
          expect(fired).toBe(true);
          await api.settle();
          expect(await openOperations(projectId)).toEqual([]);
          // Money that can be undone is; money that cannot is matched by the state it paid for.
          const done = scenario.recovery === 'complete';
          expect(response.status).toBe(done ? 200 : 502);
          await scenario.agree(projectId, done);
        });
      }
    });
  }
});

describe('durable recovery', () => {
  /** A final payment whose process dies right after the charge: the project and its open operation. */
  async function finalPaymentDiedAfterCharge(name: string) {
    const client = await api.user(name);
    const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pendingFinalPayment' });
    api.hooks.afterStripeCall = ({ name: step }) => {
      if (step === 'charge') throw new AbandonOperation();
    };
    const response = await api.call('POST', '/api/process-final-payment', {
      token: client.token,
      body: { projectId, paymentMethodId: 'pm_card_visa' },
    });
    api.hooks.afterStripeCall = undefined;
    expect(response.status).toBe(500);
    return { client, projectId };
  }

  it('a process that dies right after charging: the recovery job refunds once the lease ran out', async () => {
    const { client, projectId } = await finalPaymentDiedAfterCharge('crash');
    const [charge] = succeeded(await chargesOf(projectId));
    expect(await refundedCents(charge!.id)).toBe(0);
    expect(await openOperations(projectId)).toEqual([{ kind: 'final_payment_succeeded' }]);

    await api.leasesRunOut(projectId);
    expect(
      await eventually(
        () => refundedCents(charge!.id),
        (cents) => cents === 70000,
      ),
    ).toBe(70000);
    expect(
      await eventually(
        () => openOperations(projectId),
        (open) => open.length === 0,
      ),
    ).toEqual([]);
    expect((await projectRow(projectId)).status).toBe('pending_final_payment');
    // The client can pay again, as a new attempt with its own idempotency keys.
    expect(
      (
        await api.call('POST', '/api/process-final-payment', {
          token: client.token,
          body: { projectId, paymentMethodId: 'pm_card_visa' },
        })
      ).status,
    ).toBe(200);
    await api.settle();
    expect(await ledger(projectId)).toEqual({ paid: 140000, refunded: 70000 });
  });

  it('an operation whose recovery job was dropped (pg-boss gave up) is picked up by the hourly sweep', async () => {
    const { projectId } = await finalPaymentDiedAfterCharge('stranded');
    // The job is gone, and nobody has held the operation for an hour.
    const dropped = await api.db.query(
      `delete from ${api.jobsSchema ?? 'pgboss'}.job where name = 'payments.recover-operation'
         and data->>'operationId' in (select id::text from money_operations where project_id = $1) returning id`,
      [projectId],
    );
    expect(dropped).toHaveLength(1);
    await api.db.query(
      `update money_operations set lease_until = now() - interval '61 minutes' where project_id = $1`,
      [projectId],
    );
    const [charge] = succeeded(await chargesOf(projectId));
    expect(await openOperations(projectId)).toEqual([{ kind: 'final_payment_succeeded' }]);

    expect(await api.services.money.sweepStranded()).toBe(1);
    expect(
      await eventually(
        () => openOperations(projectId),
        (open) => open.length === 0,
      ),
    ).toEqual([]);
    expect(await refundedCents(charge!.id)).toBe(70000);
    expect((await projectRow(projectId)).status).toBe('pending_final_payment');
  });

  it('the sweep leaves alone an operation a request or a recovery job held within the hour', async () => {
    const { projectId } = await finalPaymentDiedAfterCharge('recently-held');
    await api.db.query(
      `update money_operations set lease_until = now() - interval '59 minutes' where project_id = $1`,
      [projectId],
    );
    const [operation] = await api.db.query<{ id: string }>(
      'select id from money_operations where project_id = $1',
      [projectId],
    );
    const sent = jest.spyOn(api.jobs, 'send');
    try {
      await api.services.money.sweepStranded();
      expect(sent).not.toHaveBeenCalledWith(
        'payments.recover-operation',
        { operationId: operation!.id },
        expect.anything(),
      );
    } finally {
      sent.mockRestore();
    }
    // Its own recovery job still finishes it.
    await api.leasesRunOut(projectId);
    await eventually(
      () => openOperations(projectId),
      (open) => open.length === 0,
    );
  });

  it('a process that dies right after refunding: the recovery job writes the refusal', async () => {
    const { projectId } = await boughtProject(1);
    const admin = await api.user('crash-admin', 'ADMIN');
    api.hooks.afterStripeCall = ({ name }) => {
      if (name === 'refund-deposit') throw new AbandonOperation();
    };
    expect((await api.call('POST', `/api/projects/${projectId}/refuse`, { token: admin.token })).status).toBe(
      500,
    );
    api.hooks.afterStripeCall = undefined;
    expect((await projectRow(projectId)).status).toBe('pending');
    await api.leasesRunOut(projectId);
    expect(
      await eventually(
        async () => (await projectRow(projectId)).status,
        (status) => status === 'refused',
      ),
    ).toBe('refused');
    await depositAgrees('refused')(projectId, true);
  });

  it('a compensation that fails is retried until it succeeds, and holds the project meanwhile', async () => {
    const client = await api.user('stubborn');
    const projectId = await insertFixtureProject(api.db, client, { tier: 1, state: 'pendingFinalPayment' });
    failCommit = () => {
      failCommit = undefined;
      throw new Error('injected: the database refused the state change');
    };
    api.stripeService.injectFault('POST /v1/refunds', { times: 3 });
    expect(
      (
        await api.call('POST', '/api/process-final-payment', {
          token: client.token,
          body: { projectId, paymentMethodId: 'pm_card_visa' },
        })
      ).status,
    ).toBe(502);
    const [charge] = succeeded(await chargesOf(projectId));
    expect(await openOperations(projectId)).toEqual([{ kind: 'final_payment_succeeded' }]);
    expect(
      (
        await api.call('POST', '/api/process-final-payment', {
          token: client.token,
          body: { projectId, paymentMethodId: 'pm_card_visa' },
        })
      ).status,
    ).toBe(409);

    // Time passes while the test watches: the lease runs out and each retry's backoff ends.
    expect(
      await eventually(
        async () => {
          await api.leasesRunOut(projectId);
          return refundedCents(charge!.id);
        },
        (cents) => cents === 25000,
      ),
    ).toBe(25000);
    expect(
      await eventually(
        () => openOperations(projectId),
        (open) => open.length === 0,
      ),
    ).toEqual([]);
    const [operation] = await api.db.query<{ status: string }>(
      `select status from money_operations where project_id = $1`,
      [projectId],
    );
    expect(operation!.status).toBe('compensated');
    expect(await ledger(projectId)).toEqual({ paid: 25000, refunded: 25000 });
  });
});

describe('a charge that waits for 3D Secure (requires_action) is not left behind', () => {
  const payFinal = (projectId: string, token: string) =>
    api.call('POST', '/api/process-final-payment', {
      token,
      body: { projectId, paymentMethodId: 'pm_card_authenticationRequired' },
    });
  const operationStatuses = async (projectId: string) =>
    (
      await api.db.query<{ status: string }>(`select status from money_operations where project_id = $1`, [
        projectId,
      ])
    ).map((row) => row.status);

  it('the refused final payment cancels its intent, so it can never take the money later', async () => {
    const client = await api.user('three-d-secure');
    const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pendingFinalPayment' });
    expect((await payFinal(projectId, client.token)).status).toBe(402);
    await api.settle();
    expect((await chargesOf(projectId)).map((intent) => intent.status)).toEqual(['canceled']);
    expect((await projectRow(projectId)).status).toBe('pending_final_payment');
    expect(await operationStatuses(projectId)).toEqual(['failed']);
    expect(await ledger(projectId)).toEqual({ paid: 0, refunded: 0 });
  });

  it('a final payment the client authenticates after it was refused is refunded', async () => {
    const client = await api.user('three-d-secure-late');
    const projectId = await insertFixtureProject(api.db, client, { tier: 2, state: 'pendingFinalPayment' });
    api.hooks.afterStripeCall = async ({ name }) => {
      if (name !== 'charge') return;
      const [waiting] = await chargesOf(projectId);
      api.stripeService.completeAuthentication(waiting!.id);
    };
    expect((await payFinal(projectId, client.token)).status).toBe(402);
    await api.settle();
    const [charge] = await chargesOf(projectId);
    expect(charge!.status).toBe('succeeded');
    expect(await refundedCents(charge!.id)).toBe(charge!.amount);
    expect((await projectRow(projectId)).status).toBe('pending_final_payment');
    expect(await operationStatuses(projectId)).toEqual(['compensated']);
    expect(await ledger(projectId)).toEqual({ paid: charge!.amount, refunded: charge!.amount });
  });
});

describe('webhooks', () => {
  it('a forged but signed payment_intent.succeeded for an intent nobody paid creates nothing', async () => {
    const email = 'forger@example.test';
    const intent = await api.call('POST', '/api/stripe-downpayment-intent', {
      body: {
        email,
        metadata: { type: 'purchase', tier: 2 },
        customer: {
          firstName: 'For',
          lastName: 'Ger',
          email,
          company: '',
          projectDescription: 'Free website please',
          acceptedTerms: true,
        },
      },
    });
    const paymentIntentId = intent.body.paymentIntentId as string;
    for (const [eventId, objectId] of [
      ['evt_forged_unpaid', paymentIntentId],
      ['evt_forged_unknown', 'pi_does_not_exist'],
    ] as const) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: objectId,
            object: 'payment_intent',
            status: 'succeeded',
            amount: 70000,
            amount_received: 70000,
            currency: 'usd',
            metadata: { type: 'purchase', tier: '2' },
          },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: api.webhookSecret });
      expect(
        (
          await api.call('POST', '/api/stripe-webhook', {
            rawBody: payload,
            headers: { 'stripe-signature': signature },
          })
        ).status,
      ).toBe(200);
    }
    await api.settle();
    expect(
      await api.db.query('select id from projects where stripe_payment_intent_id = $1', [paymentIntentId]),
    ).toEqual([]);
    expect(
      await api.db.query('select status from payments where stripe_payment_intent_id = $1', [
        paymentIntentId,
      ]),
    ).toEqual([{ status: 'pending' }]);
    expect(
      await api.db.query(`select id from stripe_events where processed_at is null and id like 'evt_forged%'`),
    ).toEqual([]);
  });
});

describe('no charge or subscription without a signature of the current proposal version (issue 33)', () => {
  /** Nothing of the approval happened: no operation claimed, no Stripe call, no subscription anywhere. */
  async function nothingClaimed(projectId: string) {
    expect(
      await api.db.query(`select kind from money_operations where project_id = $1`, [projectId]),
    ).toEqual([]);
    expect(await subscriptionsOf(projectId)).toEqual([]);
    expect(await api.db.query('select 1 from subscriptions where project_id = $1', [projectId])).toEqual([]);
    expect((await projectRow(projectId)).client_approval_status).toBe('pending');
  }

  it('an approval without the box, without the name, or without any signature claims nothing and reaches no Stripe call', async () => {
    const client = await api.user('unsigned');
    const projectId = await insertFixtureProject(api.db, client, { tier: 4, state: 'awaitingClient' });
    const { proposalVersion, proposalHash } = await signatureOf(api.db, projectId);
    for (const [fields, message] of [
      [{}, PROPOSAL_MESSAGES.agreeRequired],
      [{ proposalVersion, proposalHash, signedName: 'Ada' }, PROPOSAL_MESSAGES.agreeRequired],
      [{ proposalVersion, proposalHash, agreed: true }, PROPOSAL_MESSAGES.nameRequired],
      [{ proposalVersion, proposalHash, agreed: true, signedName: ' ' }, PROPOSAL_MESSAGES.nameRequired],
    ] as const) {
      const response = await api.call('POST', '/api/client-approve-project', {
        token: client.token,
        body: { projectId, action: 'accept', paymentMethodId: 'pm_card_visa', ...fields },
      });
      expect({ status: response.status, error: response.body.error }).toEqual({
        status: 400,
        error: message,
      });
    }
    await api.settle();
    await nothingClaimed(projectId);
  });

  it('a signature of a superseded version (or of text that is not the current one) → 409, nothing claimed', async () => {
    const client = await api.user('superseded');
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'awaitingClient' });
    const old = await signatureOf(api.db, projectId);
    await api.db.query('update projects set cost = 16000 where id = $1', [projectId]);
    await fixtureProposal(api.db, projectId);
    const current = await signatureOf(api.db, projectId);
    for (const signature of [old, { ...current, proposalHash: old.proposalHash }]) {
      const response = await api.call('POST', '/api/client-approve-project', {
        token: client.token,
        body: { projectId, action: 'accept', paymentMethodId: 'pm_card_visa', ...signature },
      });
      expect({ status: response.status, error: response.body.error }).toEqual({
        status: 409,
        error: PROPOSAL_MESSAGES.superseded,
      });
    }
    await api.settle();
    await nothingClaimed(projectId);
  });

  it('across every approval this file ran: each that reached Stripe holds a signature of the version current when it was claimed, and every subscription rests on one', async () => {
    const reachedStripe = await api.db.query<{ id: string; project_id: string }>(
      `select o.id, o.project_id from money_operations o
       where o.kind = 'client_accept' and exists (select 1 from money_operation_steps s where s.operation_id = o.id)`,
    );
    expect(reachedStripe.length).toBeGreaterThan(5);
    expect(await signatureInvariantBreaches(api.db)).toEqual({
      unsignedApprovals: [],
      unsignedSubscriptions: [],
    });
  });
});
