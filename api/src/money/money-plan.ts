import type { Project, ProjectEvent } from '@agency/domain';
import type { Settings } from '../settings';
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { MoneyOperationRef, Payments, ReversedCharge } from './types';
import type { SignatureInput } from '../project-store/proposal-store';

/**
 * The shape of one kind of money operation (money-plans.ts has one per kind); money-operations.ts runs them.
 */
/** What the caller asked for, kept on the operation so recovery can run it again. */
export interface OperationInput {
  /** The state change the money is for; null for money alone (an admin refund of a payment). */
  event: ProjectEvent | null;
  paymentMethodId?: string;
  /** Set when claiming with the client's saved card: the Stripe customer it is saved on. */
  customerId?: string;
  /** The monthly fee the client approved as shown (client_accept). */
  monthlyFee?: number;
  issueRefund?: boolean;
  paymentIntentId?: string;
  /** The client's signature of the proposal (client_accept): recorded in the claim's transaction. */
  signature?: SignatureInput;
  /** Filled when claiming, so every run of the operation charges the same amount. */
  penalty?: { penaltyAmount: number; monthsRemaining: number; subscriptionFee: number; hasPenalty: boolean };
}

export interface PlanContext {
  payments: Payments;
  jobs: JobQueue;
  config: Settings;
}

export interface MoneyPlan<Effect> {
  /** compensate: undo the money if the state cannot be written; complete: write the state later (money that cannot be undone). */
  recovery: 'compensate' | 'complete';
  /** Checks and fills the input before the claim commits (the claim transaction's project row is locked). */
  prepare?(
    ctx: PlanContext,
    project: Project,
    input: OperationInput,
    tx: Queryable,
  ): Promise<OperationInput> | OperationInput;
  /**
   * Writes beside the operation row, in the claim's transaction (after prepare, once the operation has its id):
   * what must exist before any money moves (the approval's signature). A throw claims nothing.
   */
  claimed?(
    tx: Queryable,
    ctx: PlanContext,
    project: Project,
    input: OperationInput,
    operation: { id: string; actorId: string | null },
  ): Promise<void>;
  /** The Stripe calls, through the payments module (journalled under `op`); returns what happened. */
  execute(ctx: PlanContext, project: Project, input: OperationInput, op: MoneyOperationRef): Promise<Effect>;
  /** Project columns written with the new state. */
  columns?(project: Project, effect: Effect): Record<string, unknown>;
  /** Ledger rows and queued mails, in the commit transaction. */
  commit?(
    tx: Queryable,
    ctx: PlanContext,
    project: Project,
    effect: Effect,
    previous: Project,
  ): Promise<void>;
  /** What the event log keeps of the effect. */
  details?(effect: Effect): object;
  /** Mails about a reversed operation (the charge was refunded), in the transaction that records the reversal. */
  reversed?(tx: Queryable, ctx: PlanContext, project: Project, charges: ReversedCharge[]): Promise<void>;
}
