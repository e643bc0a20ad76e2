import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { API_MESSAGES } from '@agency/domain';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import {
  fixtureProposal,
  insertFixtureProject,
  signatureOf,
  startTestApi,
  type TestApi,
} from '../test-support/test-api';

/**
 * The lease of a money operation against the real SDK and the local Stripe-compatible service: the request
 * renews it before each Stripe call, so a slow but live request keeps its operation; once recovery has taken
 * an operation over, the request makes no further Stripe call and leaves the operation to recovery.
 */
jest.setTimeout(60_000);

const LEASE_SECONDS = 3;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ stripe: true, config: { moneyOperationLeaseSeconds: LEASE_SECONDS } });
});
afterAll(() => api.close());
afterEach(async () => {
  api.hooks.afterStripeCall = undefined;
  await api.settle();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

async function subscriptionsOf(projectId: string): Promise<Stripe.Subscription[]> {
  const all: Stripe.Subscription[] = [];
  for await (const subscription of api.stripe.subscriptions.list({ status: 'all', limit: 100 }))
    if (subscription.metadata.project_id === projectId) all.push(subscription);
  return all;
}
const liveSubscriptionsOf = async (projectId: string) =>
  (await subscriptionsOf(projectId)).filter((subscription) => subscription.status !== 'canceled');

const operationsOf = (projectId: string) =>
  api.db.query<{ status: string }>(
    'select status from money_operations where project_id = $1 order by created_at',
    [projectId],
  );

const projectRow = async (id: string) =>
  (
    await api.db.query<{
      status: string;
      client_approval_status: string;
      stripe_subscription_id: string | null;
    }>('select status, client_approval_status, stripe_subscription_id from projects where id = $1', [id])
  )[0]!;

async function tier3AwaitingApproval() {
  const client = await api.user(`lease-${randomUUID().slice(0, 6)}`);
  const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'awaitingClient' });
  const signature = await signatureOf(api.db, projectId);
  const approve = () =>
    api.call('POST', '/api/client-approve-project', {
      token: client.token,
      body: { projectId, action: 'accept', paymentMethodId: 'pm_card_visa', ...signature },
    });
  return { projectId, approve };
}

describe('money operation lease', () => {
  it('recovery takes over while the request waits between two Stripe calls: the request makes no further call and nothing is left billed', async () => {
    const { projectId, approve } = await tier3AwaitingApproval();
    let takenOver = false;
    const callsAfterTakeover: string[] = [];
    api.hooks.afterStripeCall = async ({ name }) => {
      if (takenOver) {
        callsAfterTakeover.push(name);
        return;
      }
      if (name !== 'attach-card') return;
      // Stripe is slow: the lease runs out, and the recovery job reverses the operation meanwhile.
      const [operation] = await eventually(
        () => operationsOf(projectId),
        ([op]) => op?.status === 'failed',
      );
      expect(operation?.status).toBe('failed');
      takenOver = true;
    };

    const response = await approve();
    await api.settle();

    expect(takenOver).toBe(true);
    expect(callsAfterTakeover).toEqual([]);
    expect(response.status).toBe(502);
    expect(response.body.error).toBe(PAYMENT_MESSAGES.paymentFailed);
    expect(await liveSubscriptionsOf(projectId)).toEqual([]);
    expect(await projectRow(projectId)).toEqual({
      status: 'pending',
      client_approval_status: 'pending',
      stripe_subscription_id: null,
    });
    expect(await operationsOf(projectId)).toEqual([{ status: 'failed' }]);

    // The client's retry is a new attempt that bills once.
    api.hooks.afterStripeCall = undefined;
    expect((await approve()).status).toBe(200);
    await api.settle();
    const live = await liveSubscriptionsOf(projectId);
    expect(live).toHaveLength(1);
    expect((await projectRow(projectId)).stripe_subscription_id).toBe(live[0]!.id);
  });

  it('a request slower than its lease keeps the operation while it renews the lease before each call', async () => {
    const { projectId, approve } = await tier3AwaitingApproval();
    const calls: string[] = [];
    api.hooks.afterStripeCall = async ({ name }) => {
      calls.push(name);
      // Each call takes most of a lease; the four take more than the first lease and its recovery delay.
      await sleep((LEASE_SECONDS - 1) * 1000);
    };

    const response = await approve();
    await api.settle();

    expect(calls).toEqual(['test-clock', 'customer', 'attach-card', 'subscription']);
    expect(response.status).toBe(200);
    expect(await operationsOf(projectId)).toEqual([{ status: 'succeeded' }]);
    const live = await liveSubscriptionsOf(projectId);
    expect(live).toHaveLength(1);
    expect(await projectRow(projectId)).toEqual({
      status: 'active',
      client_approval_status: 'accepted',
      stripe_subscription_id: live[0]!.id,
    });
  });
});

describe('the fee a client approves', () => {
  it('is the one billed: an approval of a fee the admin changed meanwhile is refused before any charge', async () => {
    const client = await api.user(`fee-${randomUUID().slice(0, 6)}`);
    const projectId = await insertFixtureProject(api.db, client, { tier: 3, state: 'awaitingClient' });
    const approve = async (monthlyFee: number) =>
      api.call('POST', '/api/client-approve-project', {
        token: client.token,
        body: {
          projectId,
          action: 'accept',
          paymentMethodId: 'pm_card_visa',
          monthlyFee,
          ...(await signatureOf(api.db, projectId)),
        },
      });
    // The client's dialog showed $15,000; the admin has since set $20,000 (and sent it as a new version).
    await api.db.query('update projects set cost = 20000 where id = $1', [projectId]);
    await fixtureProposal(api.db, projectId);

    const stale = await approve(15000);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(API_MESSAGES.proposalChanged);
    expect(await subscriptionsOf(projectId)).toEqual([]);
    expect(await projectRow(projectId)).toMatchObject({ client_approval_status: 'pending' });

    expect((await approve(20000)).status).toBe(200);
    await api.settle();
    const [subscription] = await liveSubscriptionsOf(projectId);
    expect(subscription!.items.data[0]!.price.unit_amount).toBe(2_000_000);
  });
});
