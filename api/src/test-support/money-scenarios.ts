import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { fixtureProposal, insertFixtureProject, signatureOf, type TestApi } from './test-api';

/**
 * The operations of the money invariant as scenarios, each with the request that runs it and the check that
 * its project, the ledger and Stripe agree: used by the failure tests (money-invariant.test.ts), run in-process,
 * and by the crash tests (money-crash.test.ts), against an API process killed at each step.
 */
export type ScenarioApi = Pick<TestApi, 'call' | 'user' | 'stripe'> & { db: Pick<Database, 'query'> };

export type Scenario = {
  name: string;
  /** Creates the project and returns the request that runs the operation. */
  setup: () => Promise<{ projectId: string; call: () => ReturnType<TestApi['call']> }>;
  /** Steps of the operation's journal to inject a failure after, besides the commit. */
  steps: string[];
  /** compensate: after a failure the money is undone and the state unchanged; complete: both are done. */
  recovery: 'compensate' | 'complete';
  /** Project and Stripe agree: the operation's money and state are both done (true) or both undone (false). */
  agree: (projectId: string, done: boolean) => Promise<void>;
};

const nextYear = new Date().getFullYear() + 1;

export function moneyScenarios(api: () => ScenarioApi) {
  const newCard = (number = '4242424242424242') =>
    api().stripe.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: 12, exp_year: nextYear, cvc: '123' },
    });

  const projectRow = async (id: string) =>
    (
      await api().db.query<{
        status: string;
        cancelled: boolean;
        overall_status: string;
        client_approval_status: string;
        stripe_subscription_id: string | null;
      }>(
        'select status, cancelled, overall_status, client_approval_status, stripe_subscription_id from projects where id = $1',
        [id],
      )
    )[0]!;

  /** Every PaymentIntent Stripe holds for a project's own charges (final payment, penalty). */
  async function chargesOf(projectId: string): Promise<Stripe.PaymentIntent[]> {
    const all: Stripe.PaymentIntent[] = [];
    for await (const intent of api().stripe.paymentIntents.list({ limit: 100 }))
      if (intent.metadata.project_id === projectId) all.push(intent);
    return all;
  }
  async function subscriptionsOf(projectId: string): Promise<Stripe.Subscription[]> {
    const all: Stripe.Subscription[] = [];
    for await (const subscription of api().stripe.subscriptions.list({ status: 'all', limit: 100 }))
      if (subscription.metadata.project_id === projectId) all.push(subscription);
    return all;
  }
  const refundedCents = async (paymentIntentId: string) =>
    (await api().stripe.refunds.list({ payment_intent: paymentIntentId })).data.reduce(
      (sum, refund) => sum + refund.amount,
      0,
    );
  const succeeded = (intents: Stripe.PaymentIntent[]) =>
    intents.filter((intent) => intent.status === 'succeeded');
  const openOperations = async (projectId: string) =>
    api().db.query<{ kind: string }>(
      `select kind from money_operations where project_id = $1 and status in ('claimed', 'compensating')`,
      [projectId],
    );
  const ledger = async (projectId: string) =>
    (
      await api().db.query<{ paid: number; refunded: number }>(
        `select coalesce(sum(amount_cents) filter (where status = 'succeeded'), 0)::int as paid,
              coalesce(sum(refunded_cents), 0)::int as refunded
       from payments where project_id = $1`,
        [projectId],
      )
    )[0]!;

  async function eventually<T>(
    read: () => Promise<T>,
    accept: (value: T) => boolean,
    timeoutMs = 20_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (accept(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A tier 1/2 project bought by card: its deposit is a real PaymentIntent. */
  async function boughtProject(tier: 1 | 2, state: 'pending' | 'active' = 'pending') {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
    const intent = await api().call('POST', '/api/stripe-downpayment-intent', {
      body: {
        email,
        metadata: { type: 'purchase', tier },
        customer: {
          firstName: 'Buy',
          lastName: 'Er',
          email,
          company: '',
          projectDescription: 'A site to sell things',
          acceptedTerms: true,
        },
      },
    });
    await api().stripe.paymentIntents.confirm(intent.body.paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    const status = await api().call('GET', `/api/purchase-status/${intent.body.paymentIntentId}`);
    const projectId = status.body.projectId as string;
    const client = await api().user(`owner-${randomUUID().slice(0, 6)}`);
    await api().db.query('insert into profiles (id, email) values ($1, $2)', [client.id, client.email]);
    await api().db.query('update projects set client_id = $2 where id = $1', [projectId, client.id]);
    if (state === 'active') {
      await api().db.query(
        `update projects set status = 'active', admin_approval_status = 'accepted', client_approval_status = 'accepted', overall_status = 'accepted', is_active = true where id = $1`,
        [projectId],
      );
    }
    return { projectId, client, depositIntentId: intent.body.paymentIntentId as string };
  }

  /**
   * A tier 3/4 project whose client approved with a card: a real subscription on its own test clock, at the
   * tier's default monthly fee ($15,000 / $25,000).
   */
  async function subscribedProject(tier: 3 | 4) {
    const client = await api().user(`subscriber-${randomUUID().slice(0, 6)}`);
    const projectId = await insertFixtureProject(api().db, client, { tier, state: 'awaitingClient' });
    await api().db.query('update projects set cost = $2 where id = $1', [
      projectId,
      tier === 4 ? 25000 : 15000,
    ]);
    await fixtureProposal(api().db, projectId);
    const approved = await api().call('POST', '/api/client-approve-project', {
      token: client.token,
      body: {
        projectId,
        action: 'accept',
        paymentMethodId: 'pm_card_visa',
        ...(await signatureOf(api().db, projectId)),
      },
    });
    expect(approved.status).toBe(200);
    return { projectId, client };
  }

  const SCENARIOS: Scenario[] = [
    {
      name: 'final payment',
      setup: async () => {
        const client = await api().user(`final-${randomUUID().slice(0, 6)}`);
        const projectId = await insertFixtureProject(api().db, client, {
          tier: 1,
          state: 'pendingFinalPayment',
        });
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/process-final-payment', {
              token: client.token,
              body: { projectId, paymentMethodId: 'pm_card_visa' },
            }),
        };
      },
      steps: ['customer', 'charge'],
      recovery: 'compensate',
      async agree(projectId, done) {
        const charges = succeeded(await chargesOf(projectId));
        const net = (
          await Promise.all(charges.map(async (c) => c.amount_received - (await refundedCents(c.id))))
        ).reduce((a, b) => a + b, 0);
        expect({ status: (await projectRow(projectId)).status, net }).toEqual(
          done ? { status: 'completed', net: 25000 } : { status: 'pending_final_payment', net: 0 },
        );
        const { paid, refunded } = await ledger(projectId);
        expect(paid - refunded).toBe(net);
      },
    },
    {
      name: 'approval that starts a subscription',
      setup: async () => {
        const client = await api().user(`approve-${randomUUID().slice(0, 6)}`);
        const projectId = await insertFixtureProject(api().db, client, { tier: 3, state: 'awaitingClient' });
        const signature = await signatureOf(api().db, projectId);
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/client-approve-project', {
              token: client.token,
              body: { projectId, action: 'accept', paymentMethodId: 'pm_card_visa', ...signature },
            }),
        };
      },
      steps: ['test-clock', 'customer', 'attach-card', 'subscription'],
      recovery: 'compensate',
      async agree(projectId, done) {
        const live = (await subscriptionsOf(projectId)).filter((s) => s.status !== 'canceled');
        const project = await projectRow(projectId);
        expect({
          status: project.status,
          approval: project.client_approval_status,
          liveSubscriptions: live.length,
        }).toEqual(
          done
            ? { status: 'active', approval: 'accepted', liveSubscriptions: 1 }
            : { status: 'pending', approval: 'pending', liveSubscriptions: 0 },
        );
        // A cancelled subscription's first invoice was refunded.
        for (const subscription of (await subscriptionsOf(projectId)).filter(
          (s) => s.status === 'canceled',
        )) {
          const invoice = await api().stripe.invoices.retrieve(subscription.latest_invoice as string);
          const intent = invoice.payments!.data[0]!.payment.payment_intent as string;
          expect(await refundedCents(intent)).toBe(invoice.amount_paid);
        }
      },
    },
    {
      name: 'admin refusal of a paid project (deposit refund)',
      setup: async () => {
        const { projectId } = await boughtProject(1);
        const admin = await api().user(`refuser-${randomUUID().slice(0, 6)}`, 'ADMIN');
        return {
          projectId,
          call: () => api().call('POST', `/api/projects/${projectId}/refuse`, { token: admin.token }),
        };
      },
      steps: ['refund-deposit'],
      recovery: 'complete',
      agree: depositAgrees('refused'),
    },
    {
      name: "client's cancellation of a pending paid project (deposit refund)",
      setup: async () => {
        const { projectId, client } = await boughtProject(2);
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/client-cancel-pending-project', {
              token: client.token,
              body: { projectId, cancellationReason: 'Changed plans' },
            }),
        };
      },
      steps: ['refund-deposit'],
      recovery: 'complete',
      agree: depositAgrees('refused'),
    },
    {
      name: "admin's cancellation of an active project with a refund",
      setup: async () => {
        const { projectId } = await boughtProject(1, 'active');
        const admin = await api().user(`canceller-${randomUUID().slice(0, 6)}`, 'ADMIN');
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/cancel-project', {
              token: admin.token,
              body: { projectId, cancelledBy: 'admin', issueRefund: true, cancellationReason: 'Unreachable' },
            }),
        };
      },
      steps: ['refund-deposit'],
      recovery: 'complete',
      agree: depositAgrees('active'),
    },
    {
      name: 'completion of a subscription project (subscription cancelled)',
      setup: async () => {
        const { projectId } = await subscribedProject(3);
        const admin = await api().user(`completer-${randomUUID().slice(0, 6)}`, 'ADMIN');
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/complete-project', { token: admin.token, body: { projectId } }),
        };
      },
      steps: ['cancel-'],
      recovery: 'complete',
      agree: subscriptionEnded('completed'),
    },
    {
      name: "client's early cancellation of tier 4 (penalty charged, subscription cancelled)",
      setup: async () => {
        const { projectId, client } = await subscribedProject(4);
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/cancel-project', {
              token: client.token,
              body: {
                projectId,
                cancelledBy: 'client',
                cancellationReason: 'Budget',
                paymentMethodId: 'pm_card_visa',
              },
            }),
        };
      },
      steps: ['penalty', 'cancel-'],
      recovery: 'complete',
      async agree(projectId, done) {
        await subscriptionEnded('active')(projectId, done);
        const penalties = succeeded(await chargesOf(projectId)).filter(
          (intent) => intent.metadata.type === 'penalty',
        );
        expect(penalties.map((p) => p.amount_received)).toEqual(done ? [3_000_000] : []);
        expect((await ledger(projectId)).paid).toBe(done ? 3_000_000 + 2_500_000 : 2_500_000);
      },
    },
    {
      name: "admin's refund of one payment",
      setup: async () => {
        const { projectId, depositIntentId } = await boughtProject(2);
        const admin = await api().user(`refunder-${randomUUID().slice(0, 6)}`, 'ADMIN');
        return {
          projectId,
          call: () =>
            api().call('POST', '/api/stripe-refund', {
              token: admin.token,
              body: { projectId, paymentIntentId: depositIntentId },
            }),
        };
      },
      steps: ['refund'],
      recovery: 'complete',
      async agree(projectId, done) {
        const [deposit] = await api().db.query<{ stripe_payment_intent_id: string; refunded_cents: number }>(
          `select stripe_payment_intent_id, refunded_cents from payments where project_id = $1`,
          [projectId],
        );
        expect([await refundedCents(deposit!.stripe_payment_intent_id), deposit!.refunded_cents]).toEqual(
          done ? [70000, 70000] : [0, 0],
        );
      },
    },
  ];

  /** After a deposit refund: refunded in Stripe and in the ledger, and the project in its refused/cancelled state. */
  function depositAgrees(refusedStatus: 'refused' | 'active') {
    return async (projectId: string, done: boolean) => {
      const [deposit] = await api().db.query<{
        stripe_payment_intent_id: string;
        amount_cents: number;
        refunded_cents: number;
      }>(
        `select stripe_payment_intent_id, amount_cents, refunded_cents from payments where project_id = $1 and kind = 'deposit'`,
        [projectId],
      );
      const project = await projectRow(projectId);
      const changed = refusedStatus === 'refused' ? project.status === 'refused' : project.cancelled;
      const refunded = done ? deposit!.amount_cents : 0;
      expect({
        changed,
        stripeRefunded: await refundedCents(deposit!.stripe_payment_intent_id),
        ledgerRefunded: deposit!.refunded_cents,
      }).toEqual({
        changed: done,
        stripeRefunded: refunded,
        ledgerRefunded: refunded,
      });
    };
  }

  /** After a subscription is ended: cancelled in Stripe and in the database, with the project's new state. */
  function subscriptionEnded(statusWhenDone: 'completed' | 'active') {
    return async (projectId: string, done: boolean) => {
      const [subscription] = await subscriptionsOf(projectId);
      const [row] = await api().db.query<{ status: string }>(
        'select status from subscriptions where project_id = $1',
        [projectId],
      );
      const project = await projectRow(projectId);
      const ended = statusWhenDone === 'completed' ? project.status === 'completed' : project.cancelled;
      expect({ ended, stripe: subscription!.status, db: row!.status }).toEqual(
        done
          ? { ended: true, stripe: 'canceled', db: 'cancelled' }
          : { ended: false, stripe: 'active', db: 'active' },
      );
    };
  }

  return {
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
    subscribedProject,
    SCENARIOS,
    depositAgrees,
    subscriptionEnded,
  };
}
