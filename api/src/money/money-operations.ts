import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { API_MESSAGES, transition, type Project } from '@agency/domain';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import type { Settings } from '../settings';
import type { Database, Queryable } from '../db/database';
import type { Caller } from '../http/app-env';
import { HttpError } from '../http/http-error';
import { clientActivityAlertMail } from '../mail/mail-templates';
import { queueMail } from '../mail/mailer';
import type { JobQueue } from '../jobs/job-queue';
import { recordInvoice, recordRefund, recordSucceededPayment } from './payment-ledger';
import type { MoneyOperationKind } from './money-plans';
import type { MoneyPlan, OperationInput, PlanContext } from './money-plan';
import { isLeaseLost, LeaseLost, type LeasedOperationRef } from './stripe-journal';
import { AbandonOperation, PaymentError, type Payments, type Reversal, type ReversedCharge } from './types';

export { AbandonOperation };
import {
  appendProjectEvent,
  findVisibleProject,
  stateOf,
  type ProjectEventActor,
} from '../project-store/project-repository';
import { SYSTEM_VIEWER, writeTransition } from '../project-store/project-transitions';

/**
 * Money operations: the one way a project change that moves money happens. The invariant: no money moves
 * without the matching project state, and no state change that promises money without the money.
 *
 * 1. Claim: in one transaction, lock the project row, check the state machine allows the change and that no
 *    other operation is open on the project, and insert the operation row (plus a delayed recovery job).
 *    Two concurrent operations on a project: one claims, the other gets 409 and never reaches Stripe.
 * 2. Money: the plan's Stripe calls, each journalled (stripe-journal.ts) with the idempotency key
 *    `<project>:<action>:<attempt>:<step>`, so running them again never moves money twice. Each call first
 *    renews the operation's lease, so the lease only has to outlast one call; a run whose lease was taken
 *    over sends nothing more.
 * 3. Commit: in one transaction, the state change, the ledger rows, the queued mails and the operation's
 *    success. Only the holder of the operation's lease may commit. A request that lost the lease (recovery took
 *    over) leaves the operation to recovery and answers that the payment failed.
 * 4. Recovery, when 2 or 3 fails, at once and then by the durable job until it succeeds: a plan whose money can
 *    be undone (a charge, a new subscription) is compensated (refund, cancel); one whose money cannot (a refund,
 *    a cancelled subscription) is completed by running it again (the journal answers) and committing.
 */
export interface MoneyDeps {
  db: Database;
  payments: Payments;
  jobs: JobQueue;
  logger: Logger;
  config: Settings;
  /** Fault injection for failure tests: called inside the commit transaction, just before it commits. */
  faults?: { beforeCommit?: (op: { id: string; kind: string }) => void | Promise<void> } | undefined;
  /** How each operation ended (metrics). */
  onOutcome?: (
    kind: string,
    outcome: 'succeeded' | 'refused' | 'completed_by_recovery' | 'compensated' | 'pending_recovery',
  ) => void;
}

export interface OperationRow {
  id: string;
  project_id: string;
  kind: MoneyOperationKind;
  attempt: number;
  status: 'claimed' | 'succeeded' | 'failed' | 'compensating' | 'compensated';
  input: OperationInput;
  actor_id: string | null;
  actor_role: string;
  lease_owner: string;
  lease_until: Date | string;
}

/** A refusal says the money step did nothing (a declined card, a rule); anything else leaves the outcome open. */
const isRefusal = (error: unknown) =>
  (error instanceof PaymentError && error.status !== 502) ||
  (error instanceof HttpError && error.status < 500);

export interface MoneyOperationRequest {
  projectId: string;
  viewer: Caller;
  actor: ProjectEventActor;
  kind: MoneyOperationKind;
  input: OperationInput;
}

export function createMoneyOperations(
  deps: MoneyDeps,
  plans: Record<MoneyOperationKind, MoneyPlan<unknown>>,
) {
  const { db, logger } = deps;
  const ctx: PlanContext = { payments: deps.payments, jobs: deps.jobs, config: deps.config };
  const leaseSeconds = deps.config.moneyOperationLeaseSeconds;
  /** The operation as its Stripe calls are journalled: under the lease of the run that holds it (`lease_owner`). */
  const refOf = (op: OperationRow): LeasedOperationRef => ({
    id: op.id,
    key: `${op.project_id}:${op.kind}:${op.attempt}`,
    lease: { owner: op.lease_owner, seconds: leaseSeconds },
  });
  const planOf = (kind: MoneyOperationKind) => {
    const plan = plans[kind];
    if (!plan) throw new Error(`No money plan for ${kind}`);
    return plan;
  };

  async function loadProject(q: Queryable, projectId: string, forUpdate = false): Promise<Project> {
    return findVisibleProject(q, projectId, SYSTEM_VIEWER, { forUpdate });
  }

  async function claim(
    request: MoneyOperationRequest,
    owner: string,
  ): Promise<{ op: OperationRow; project: Project }> {
    const plan = planOf(request.kind);
    return db.transaction(async (tx) => {
      const project = await findVisibleProject(tx, request.projectId, request.viewer, { forUpdate: true });
      const open = await tx.query(
        `select 1 from money_operations where project_id = $1 and status in ('claimed', 'compensating')`,
        [project.id],
      );
      if (open.length) throw new HttpError(409, API_MESSAGES.operationInProgress);
      if (request.input.event) {
        const check = transition(stateOf(project), request.input.event);
        if (!check.ok) throw new HttpError(409, check.message);
      }
      const input = plan.prepare ? await plan.prepare(ctx, project, request.input, tx) : request.input;
      const [op] = await tx.query<OperationRow>(
        `insert into money_operations (project_id, kind, attempt, status, input, actor_id, actor_role, lease_owner, lease_until)
         values ($1, $2, (select coalesce(max(attempt), 0) + 1 from money_operations where project_id = $1 and kind = $2),
           'claimed', $3, $4, $5, $6, now() + make_interval(secs => $7))
         returning *`,
        [
          project.id,
          request.kind,
          JSON.stringify(input),
          request.actor.id,
          request.actor.role,
          owner,
          leaseSeconds,
        ],
      );
      await plan.claimed?.(tx, ctx, project, input, { id: op!.id, actorId: request.actor.id });
      // The safety net for a process that dies mid-way: once the lease has run out, a job finishes the work
      // (one that finds the lease renewed meanwhile looks again when it ends: recoverOperation).
      await deps.jobs.send(
        'payments.recover-operation',
        { operationId: op!.id },
        { tx, startAfterSeconds: leaseSeconds + 1 },
      );
      return { op: op!, project };
    });
  }

  async function commit<Effect>(op: OperationRow, owner: string, effect: Effect) {
    const plan = planOf(op.kind) as MoneyPlan<Effect>;
    return db.transaction(async (tx) => {
      await holdLease(tx, op.id, owner, ['claimed']);
      const previous = await loadProject(tx, op.project_id, true);
      const project = op.input.event
        ? await writeTransition(tx, previous, op.input.event, plan.columns?.(previous, effect) ?? {})
        : previous;
      await plan.commit?.(tx, ctx, project, effect, previous);
      if (op.actor_role === 'CLIENT' && op.input.event) {
        const entry = {
          id: 0,
          action: op.input.event.type,
          actorRole: 'CLIENT',
          from: previous.status,
          to: project.status,
          at: new Date().toISOString(),
        };
        await queueMail(
          deps.jobs,
          clientActivityAlertMail(deps.config.contactInbox, project, entry, deps.config.publicSiteUrl),
          tx,
        );
      }
      const committed = await loadProject(tx, op.project_id);
      await appendProjectEvent(tx, {
        projectId: project.id,
        actor: { id: op.actor_id, role: op.actor_role },
        action: op.input.event?.type ?? op.kind,
        from: previous.status,
        to: project.status,
        details: { operationId: op.id, ...plan.details?.(effect) },
      });
      await deps.faults?.beforeCommit?.({ id: op.id, kind: op.kind });
      await tx.query(
        `update money_operations set status = 'succeeded', effect = $2, finished_at = now() where id = $1`,
        [op.id, JSON.stringify(effect ?? null)],
      );
      return { previous, project: committed, effect };
    });
  }

  async function holdLease(
    tx: Queryable,
    operationId: string,
    owner: string,
    statuses: OperationRow['status'][],
  ): Promise<void> {
    const [row] = await tx.query<{ status: OperationRow['status']; lease_owner: string }>(
      'select status, lease_owner from money_operations where id = $1 for update',
      [operationId],
    );
    if (!row || row.lease_owner !== owner || !statuses.includes(row.status)) throw new LeaseLost(operationId);
  }

  /** Undoes what the operation's money did and closes it: 'failed' when nothing had moved, else 'compensated'. */
  async function reverseAndClose(op: OperationRow, owner: string, reason: string) {
    const held = await db.query(
      `update money_operations set status = 'compensating', error = coalesce(error, $3)
       where id = $1 and lease_owner = $2 and status in ('claimed', 'compensating') returning id`,
      [op.id, owner, reason],
    );
    if (!held.length) throw new LeaseLost(op.id);
    const { reversals, charges } = await deps.payments.reverse(refOf(op));
    const plan = planOf(op.kind);
    await db.transaction(async (tx) => {
      await holdLease(tx, op.id, owner, ['compensating']);
      const project = await loadProject(tx, op.project_id, true);
      const movedMoney = charges.length > 0 || reversals.length > 0;
      await recordReversal(tx, op, charges, reversals);
      if (charges.length) await plan.reversed?.(tx, ctx, project, charges);
      // A refused operation that moved nothing leaves the project's history as it was; the operation row keeps why.
      if (movedMoney) {
        await appendProjectEvent(tx, {
          projectId: project.id,
          actor: { id: null, role: 'SYSTEM' },
          action: `${op.input.event?.type ?? op.kind}_reversed`,
          from: project.status,
          to: project.status,
          details: { operationId: op.id, reason, reversals },
        });
      }
      await tx.query(`update money_operations set status = $2, finished_at = now() where id = $1`, [
        op.id,
        movedMoney ? 'compensated' : 'failed',
      ]);
    });
  }

  async function recordReversal(
    tx: Queryable,
    op: OperationRow,
    charges: ReversedCharge[],
    reversals: Reversal[],
  ): Promise<void> {
    for (const charge of charges) {
      if (charge.kind === 'subscription' && charge.invoiceId) {
        await recordInvoice(tx, {
          invoiceId: charge.invoiceId,
          paymentIntentId: charge.paymentIntentId,
          projectId: op.project_id,
          customerId: charge.customerId,
          amountCents: charge.amountCents,
          status: 'succeeded',
          at: new Date(),
          cardLast4: charge.cardLast4,
        });
      } else {
        await recordSucceededPayment(tx, { ...charge, projectId: op.project_id });
      }
    }
    for (const reversal of reversals) {
      if (reversal.type === 'refund') await recordRefund(tx, { ...reversal, reason: reversal.reason });
    }
  }

  /** Recovery after a failure: complete (run again, commit) or compensate, as the plan says. */
  async function recover(
    op: OperationRow,
    owner: string,
  ): Promise<{ project: Project; effect: unknown } | null> {
    const plan = planOf(op.kind);
    if (op.status === 'claimed' && plan.recovery === 'complete') {
      let effect: unknown;
      try {
        effect = await plan.execute(ctx, await loadProject(db, op.project_id), op.input, refOf(op));
      } catch (error) {
        if (!isRefusal(error)) throw error;
        await reverseAndClose(op, owner, (error as Error).message);
        return null;
      }
      return commit(op, owner, effect);
    }
    await reverseAndClose(op, owner, 'recovered');
    return null;
  }

  /**
   * For a request whose operation was taken over by recovery (its lease ran out): recovery reverses or completes
   * it from the journal, and the request sends nothing more. A job looks at the operation again (after the
   * lease recovery holds, if any) in case that recovery dies too. Returns the request's answer.
   */
  async function leaveToRecovery(op: OperationRow, error: unknown): Promise<PaymentError> {
    logger.warn({ err: error, operationId: op.id }, 'money operation lease lost; left to recovery');
    await deps.jobs.send('payments.recover-operation', { operationId: op.id });
    deps.onOutcome?.(op.kind, 'pending_recovery');
    return new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, 'recovered');
  }

  /** Recovery right after a failure, by the request itself; if that fails too the job takes over at once. */
  async function recoverNow(op: OperationRow, owner: string) {
    try {
      return await recover(op, owner);
    } catch (error) {
      if (error instanceof AbandonOperation) throw error;
      logger.error(
        { err: error, operationId: op.id },
        'money operation recovery failed; a job will retry it',
      );
      await db.query(`update money_operations set lease_until = now() where id = $1 and lease_owner = $2`, [
        op.id,
        owner,
      ]);
      await deps.jobs.send('payments.recover-operation', { operationId: op.id });
      return undefined;
    }
  }

  return {
    /** Runs one money operation for a request; resolves once state and money agree. */
    async run<Effect>(
      request: MoneyOperationRequest,
    ): Promise<{ project: Project; previous: Project; effect: Effect }> {
      const owner = randomUUID();
      const { op, project } = await claim(request, owner);
      const plan = planOf(op.kind) as MoneyPlan<Effect>;
      let effect: Effect;
      const outcome = (value: Parameters<NonNullable<MoneyDeps['onOutcome']>>[1]) =>
        deps.onOutcome?.(op.kind, value);
      try {
        effect = await plan.execute(ctx, project, op.input, refOf(op));
      } catch (error) {
        if (error instanceof AbandonOperation) throw error;
        if (isLeaseLost(error)) throw await leaveToRecovery(op, error);
        if (isRefusal(error)) {
          // This step did nothing; undo what earlier steps of the operation did (e.g. a penalty already charged).
          const reversal = await recoverNowReversal(op, owner, (error as Error).message);
          if (reversal === 'pending')
            logger.warn({ operationId: op.id }, 'reversal pending; a job will finish it');
          outcome(reversal === 'pending' ? 'pending_recovery' : 'refused');
          throw error;
        }
        logger.error(
          { err: error, operationId: op.id },
          'money step failed with an unknown outcome; recovering',
        );
        const recovered = await recoverNow(op, owner);
        outcome(
          recovered ? 'completed_by_recovery' : recovered === null ? 'compensated' : 'pending_recovery',
        );
        if (recovered) return recovered as { project: Project; previous: Project; effect: Effect };
        throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, 'recovered');
      }
      try {
        const committed = await commit(op, owner, effect);
        outcome('succeeded');
        return committed;
      } catch (error) {
        if (error instanceof AbandonOperation) throw error;
        if (isLeaseLost(error)) throw await leaveToRecovery(op, error);
        logger.error(
          { err: error, operationId: op.id },
          'state change failed after the money step; recovering',
        );
        const recovered = await recoverNow(op, owner);
        outcome(
          recovered ? 'completed_by_recovery' : recovered === null ? 'compensated' : 'pending_recovery',
        );
        if (recovered) return recovered as { project: Project; previous: Project; effect: Effect };
        throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, 'reversed');
      }
    },

    /**
     * The safety net under the recovery jobs: an open operation nobody has held for an hour gets a new one. A job
     * can end without closing its operation: pg-boss stops after its retries (days apart by then) and drops a job
     * still waiting after its retention, and the operation would hold its project (409) and its money for good.
     * One that a recovery job works on is leased again at each attempt, so it is not picked while retries come
     * within the hour. Returns how many were picked.
     */
    async sweepStranded(): Promise<number> {
      return db.transaction(async (tx) => {
        const stranded = await tx.query<{ id: string }>(
          `select id from money_operations
            where status in ('claimed', 'compensating') and lease_until < now() - interval '1 hour'
            for update skip locked`,
        );
        for (const { id } of stranded) {
          logger.warn({ operationId: id }, 'money operation left open; recovering it again');
          await deps.jobs.send('payments.recover-operation', { operationId: id }, { tx });
        }
        return stranded.length;
      });
    },

    /** The durable job: takes over an operation whose lease ran out and recovers it. Throws to be retried. */
    async recoverOperation(operationId: string): Promise<void> {
      const owner = randomUUID();
      const [op] = await db.query<OperationRow>(
        `update money_operations set lease_owner = $2, lease_until = now() + make_interval(secs => $3)
         where id = $1 and status in ('claimed', 'compensating') and lease_until <= now()
         returning *`,
        [operationId, owner, leaseSeconds],
      );
      if (!op) {
        const [current] = await db.query<{ status: string; wait: number }>(
          `select status, ceil(extract(epoch from lease_until - now()))::int as wait from money_operations where id = $1`,
          [operationId],
        );
        if (current && (current.status === 'claimed' || current.status === 'compensating')) {
          // Still leased by a live request: look again when the lease ends.
          await deps.jobs.send(
            'payments.recover-operation',
            { operationId },
            { startAfterSeconds: Math.max(1, current.wait + 1) },
          );
        }
        return;
      }
      logger.warn({ operationId, kind: op.kind, status: op.status }, 'recovering a money operation');
      try {
        const recovered = await recover(op, owner);
        deps.onOutcome?.(op.kind, recovered ? 'completed_by_recovery' : 'compensated');
      } catch (error) {
        await db.query(`update money_operations set lease_until = now() where id = $1 and lease_owner = $2`, [
          op.id,
          owner,
        ]);
        throw error;
      }
    },
  };

  async function recoverNowReversal(
    op: OperationRow,
    owner: string,
    reason: string,
  ): Promise<'done' | 'pending'> {
    try {
      await reverseAndClose(op, owner, reason);
      return 'done';
    } catch (error) {
      logger.error({ err: error, operationId: op.id }, 'reversal failed; a job will retry it');
      await db.query(`update money_operations set lease_until = now() where id = $1 and lease_owner = $2`, [
        op.id,
        owner,
      ]);
      await deps.jobs.send('payments.recover-operation', { operationId: op.id });
      return 'pending';
    }
  }
}

export type MoneyOperations = ReturnType<typeof createMoneyOperations>;
