import type Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Settings } from '../../settings';
import type { Database } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { moneyDiscrepancyAlertMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { findPayment, recordRefund, recordSucceededPayment } from '../../money/payment-ledger';
import { cardLast4 } from './stripe-objects';

/** What reconciliation found different between the ledger and Stripe for one operation, and what it did. */
export interface MoneyDiscrepancy {
  operationId: string;
  projectId: string;
  stripeObject: string;
  problem: string;
  repair: string;
}

interface ClosedOperation {
  id: string;
  project_id: string;
  status: 'succeeded' | 'failed' | 'compensated';
}

/**
 * The last line of the money invariant: for every money operation closed recently, Stripe's objects that its
 * journalled calls made are compared with the ledger, as Stripe has them now (re-fetched), and put right.
 * - A charge that succeeded is in the ledger when its operation succeeded; when the operation did not (the change
 *   it paid for was not made), it is refunded in full: money never stays without its state.
 * - A refund Stripe made is in the ledger.
 * - A subscription an operation started is cancelled when the operation did not succeed.
 * Each repair is idempotent (keys `reconcile:<object>`), logged and reported to the consultancy's inbox. It runs
 * as a scheduled job (workers.ts) and finds nothing to do as long as the operations did their work.
 */
export function createMoneyReconciliation(deps: {
  db: Database;
  stripe: Stripe;
  jobs: JobQueue;
  logger: Logger;
  config: Pick<Settings, 'contactInbox' | 'publicSiteUrl'>;
}) {
  const { db, stripe } = deps;

  async function charge(op: ClosedOperation, made: Stripe.PaymentIntent): Promise<MoneyDiscrepancy[]> {
    const intent = await stripe.paymentIntents.retrieve(made.id, { expand: ['latest_charge'] });
    if (intent.status !== 'succeeded') return [];
    const found: MoneyDiscrepancy[] = [];
    const note = (problem: string, repair: string) =>
      found.push({ operationId: op.id, projectId: op.project_id, stripeObject: intent.id, problem, repair });
    if (!(await findPayment(db, intent.id))?.succeeded_at) {
      // The ledger row and its invoice in one transaction.
      await db.transaction((tx) =>
        recordSucceededPayment(tx, {
          paymentIntentId: intent.id,
          customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
          projectId: op.project_id,
          kind: intent.metadata.type === 'penalty' ? 'penalty' : 'final',
          amountCents: intent.amount_received,
          cardLast4: cardLast4(intent.latest_charge as Stripe.Charge),
          succeededAt: new Date(intent.created * 1000),
        }),
      );
      note('a charge Stripe made is missing from the ledger', 'recorded in the ledger');
    }
    const refunds = (await stripe.refunds.list({ payment_intent: intent.id, limit: 100 })).data;
    for (const made of refunds) {
      if (await recordStripeRefund(intent.id, made))
        note(`refund ${made.id} is missing from the ledger`, 'recorded in the ledger');
    }
    const refunded = refunds.reduce((sum, made) => sum + made.amount, 0);
    if (op.status !== 'succeeded' && refunded < intent.amount_received) {
      const made = await stripe.refunds.create(
        {
          payment_intent: intent.id,
          amount: intent.amount_received - refunded,
          reason: 'requested_by_customer',
          metadata: { reason: 'Reconciliation: the change it paid for was not made', operation: op.id },
        },
        { idempotencyKey: `reconcile:${intent.id}` },
      );
      await recordStripeRefund(intent.id, made);
      note(`charged for an operation that ended ${op.status}`, 'refunded in full');
    }
    return found;
  }

  const recordStripeRefund = (paymentIntentId: string, made: Stripe.Refund) =>
    db.transaction((tx) =>
      recordRefund(tx, {
        refundId: made.id,
        paymentIntentId,
        amountCents: made.amount,
        reason: made.metadata?.reason ?? 'reconciliation',
        at: new Date(made.created * 1000),
      }),
    );

  async function refund(op: ClosedOperation, made: Stripe.Refund): Promise<MoneyDiscrepancy[]> {
    const paymentIntentId =
      typeof made.payment_intent === 'string' ? made.payment_intent : made.payment_intent?.id;
    if (!paymentIntentId || !(await recordStripeRefund(paymentIntentId, made))) return [];
    return [
      {
        operationId: op.id,
        projectId: op.project_id,
        stripeObject: made.id,
        problem: 'a refund Stripe made is missing from the ledger',
        repair: 'recorded in the ledger',
      },
    ];
  }

  async function subscription(op: ClosedOperation, made: Stripe.Subscription): Promise<MoneyDiscrepancy[]> {
    if (op.status === 'succeeded') return [];
    const current = await stripe.subscriptions.retrieve(made.id);
    if (current.status === 'canceled') return [];
    await stripe.subscriptions.cancel(made.id, {}, { idempotencyKey: `reconcile:${made.id}` });
    return [
      {
        operationId: op.id,
        projectId: op.project_id,
        stripeObject: made.id,
        problem: `a subscription is running for an operation that ended ${op.status}`,
        repair: 'cancelled',
      },
    ];
  }

  const CHECKS: Partial<Record<string, (op: ClosedOperation, made: never) => Promise<MoneyDiscrepancy[]>>> = {
    'paymentIntents.create': charge,
    'refunds.create': refund,
    'subscriptions.create': subscription,
  };

  return {
    /** Reconciles the operations closed in the last `hours`; returns what differed (and was put right). */
    async reconcile({ hours = 48 }: { hours?: number } = {}): Promise<MoneyDiscrepancy[]> {
      const operations = await db.query<ClosedOperation>(
        `select id, project_id, status from money_operations
          where status in ('succeeded', 'failed', 'compensated') and finished_at > now() - make_interval(hours => $1)
          order by finished_at`,
        [hours],
      );
      const found: MoneyDiscrepancy[] = [];
      for (const op of operations) {
        const steps = await db.query<{ call: string; response: object }>(
          `select call, response from money_operation_steps where operation_id = $1 and status = 'succeeded'
            order by created_at, name`,
          [op.id],
        );
        for (const step of steps)
          found.push(...((await CHECKS[step.call]?.(op, step.response as never)) ?? []));
      }
      if (found.length) {
        deps.logger.error({ discrepancies: found }, 'money reconciliation found differences with Stripe');
        await queueMail(
          deps.jobs,
          moneyDiscrepancyAlertMail(deps.config.contactInbox, found, deps.config.publicSiteUrl),
        );
      }
      return found;
    },
  };
}

export type MoneyReconciliation = ReturnType<typeof createMoneyReconciliation>;
