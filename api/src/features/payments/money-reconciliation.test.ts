import { startTestApi, type TestApi } from '../../test-support/test-api';
import { moneyScenarios } from '../../test-support/money-scenarios';

/** Reconciliation: the ledger and Stripe compared per closed money operation, and put right where they differ. */
jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ stripe: true });
});
afterAll(() => api.close());

const { SCENARIOS, chargesOf, refundedCents, ledger } = moneyScenarios(() => api);
const scenario = (name: string) => SCENARIOS.find((s) => s.name.startsWith(name))!;
const reconcile = () => api.services.reconciliation!.reconcile();

async function runScenario(name: string) {
  const { projectId, call } = await scenario(name).setup();
  expect((await call()).status).toBe(200);
  await api.settle();
  return projectId;
}

describe('money reconciliation', () => {
  it('finds nothing after operations that did their work', async () => {
    await runScenario('final payment');
    await runScenario('admin refusal');
    expect(await reconcile()).toEqual([]);
  });

  it('refunds a charge whose operation ended without its change, records it, tells the inbox, and is done after one pass', async () => {
    const projectId = await runScenario('final payment');
    const [charge] = await chargesOf(projectId);
    // What a recovery that read a used idempotency key as "nothing happened" left: the operation failed, the
    // charge kept in Stripe and absent from the ledger.
    await api.db.query(`update money_operations set status = 'failed' where project_id = $1`, [projectId]);
    // The ledger row is lost with its invoice (documents are never deleted otherwise).
    await api.db.query(
      `delete from billing_documents where payment_id in (select id from payments where stripe_payment_intent_id = $1)`,
      [charge!.id],
    );
    await api.db.query('delete from payments where stripe_payment_intent_id = $1', [charge!.id]);
    api.mailer.sent = [];

    const found = await reconcile();

    expect(found.map(({ stripeObject, repair }) => ({ stripeObject, repair }))).toEqual([
      { stripeObject: charge!.id, repair: 'recorded in the ledger' },
      { stripeObject: charge!.id, repair: 'refunded in full' },
    ]);
    expect(await refundedCents(charge!.id)).toBe(25_000);
    expect(await ledger(projectId)).toEqual({ paid: 25_000, refunded: 25_000 });
    await api.settle();
    expect(api.mailer.sent.map((mail) => mail.subject)).toContain(
      'Money reconciliation: 2 difference(s) with Stripe put right',
    );
    expect(await reconcile()).toEqual([]);
    expect(await refundedCents(charge!.id)).toBe(25_000);
  });

  it('records a refund Stripe made that the ledger lacks', async () => {
    const projectId = await runScenario('admin refusal');
    const [deposit] = await api.db.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payments where project_id = $1 and kind = 'deposit'`,
      [projectId],
    );
    const intent = deposit!.stripe_payment_intent_id;
    await api.db.query(
      `delete from billing_documents where refund_id in (select id from payment_refunds where stripe_payment_intent_id = $1)`,
      [intent],
    );
    await api.db.query('delete from payment_refunds where stripe_payment_intent_id = $1', [intent]);
    await api.db.query('update payments set refunded_cents = 0 where stripe_payment_intent_id = $1', [
      intent,
    ]);

    const found = await reconcile();

    expect(found.map(({ problem, repair }) => ({ problem, repair }))).toEqual([
      { problem: 'a refund Stripe made is missing from the ledger', repair: 'recorded in the ledger' },
    ]);
    const [row] = await api.db.query<{ refunded_cents: number; amount_cents: number }>(
      'select refunded_cents, amount_cents from payments where stripe_payment_intent_id = $1',
      [intent],
    );
    expect(row!.refunded_cents).toBe(row!.amount_cents);
    expect(await reconcile()).toEqual([]);
  });
});
