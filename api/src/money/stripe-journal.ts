import type Stripe from 'stripe';
import type { Queryable } from '../db/database';
import { PaymentError, type MoneyOperationRef } from './types';

/** The Stripe calls an operation may make, by name, so a journalled call can be sent again as it was. */
const CALLS = {
  'customers.create': (stripe, _target, params, options) => stripe.customers.create(params, options),
  'paymentMethods.attach': (stripe, target, params, options) =>
    stripe.paymentMethods.attach(target!, params as Stripe.PaymentMethodAttachParams, options),
  'paymentIntents.create': (stripe, _target, params, options) =>
    stripe.paymentIntents.create(params as Stripe.PaymentIntentCreateParams, options),
  'refunds.create': (stripe, _target, params, options) => stripe.refunds.create(params, options),
  'subscriptions.create': (stripe, _target, params, options) =>
    stripe.subscriptions.create(params as Stripe.SubscriptionCreateParams, options),
  'subscriptions.cancel': (stripe, target, params, options) =>
    stripe.subscriptions.cancel(target!, params, options),
  'subscriptions.update': (stripe, target, params, options) =>
    stripe.subscriptions.update(target!, params as Stripe.SubscriptionUpdateParams, options),
  'invoices.pay': (stripe, target, params, options) => stripe.invoices.pay(target!, params, options),
  'testHelpers.testClocks.create': (stripe, _target, params, options) =>
    stripe.testHelpers.testClocks.create(params as Stripe.TestHelpers.TestClockCreateParams, options),
} satisfies Record<
  string,
  (stripe: Stripe, target: string | null, params: object, options: Stripe.RequestOptions) => Promise<unknown>
>;

export type StripeCallName = keyof typeof CALLS;

/** Every metadata entry the call was sent with is on the object: the object this call made. */
const madeBy = (sent: { metadata?: unknown }) => (object: { metadata?: Record<string, string> | null }) =>
  Object.entries(sent.metadata ?? {}).every(([key, value]) => object.metadata?.[key] === value);
/** `expand` of a call, for the same objects read back in a list. */
const listExpand = (params: { expand?: string[] }) => (params.expand ?? []).map((path) => `data.${path}`);

/**
 * What a journalled call did, read back from Stripe, for a call whose idempotency key Stripe says was used with
 * other parameters (the call happened, but its answer cannot be replayed). Creations are found by the metadata
 * they were sent with (each carries its operation's key or project); calls on an object read the object. Null
 * when nothing shows the call took effect: the outcome stays unknown.
 */
const FIND_MADE = {
  'customers.create': async (stripe, _target, params: Stripe.CustomerCreateParams) =>
    (await stripe.customers.list({ email: params.email!, limit: 100 })).data.find(madeBy(params)) ?? null,
  'paymentMethods.attach': async (stripe, target, params: Stripe.PaymentMethodAttachParams) => {
    const method = await stripe.paymentMethods.retrieve(target!);
    return method.customer === params.customer ? method : null;
  },
  'paymentIntents.create': async (stripe, _target, params: Stripe.PaymentIntentCreateParams) =>
    (
      await stripe.paymentIntents.list({
        customer: params.customer as string,
        limit: 100,
        expand: listExpand(params),
      })
    ).data.find(madeBy(params)) ?? null,
  'refunds.create': async (stripe, _target, params: Stripe.RefundCreateParams) =>
    (await stripe.refunds.list({ payment_intent: params.payment_intent as string, limit: 100 })).data.find(
      madeBy(params),
    ) ?? null,
  'subscriptions.create': async (stripe, _target, params: Stripe.SubscriptionCreateParams) =>
    (
      await stripe.subscriptions.list({
        customer: params.customer,
        status: 'all',
        limit: 100,
        expand: listExpand(params),
      })
    ).data.find(madeBy(params)) ?? null,
  'subscriptions.cancel': async (stripe, target) => {
    const subscription = await stripe.subscriptions.retrieve(target!);
    return subscription.status === 'canceled' ? subscription : null;
  },
  'subscriptions.update': async (stripe, target, params: Stripe.SubscriptionUpdateParams) => {
    const subscription = await stripe.subscriptions.retrieve(target!);
    const wanted = params.default_payment_method;
    const current = subscription.default_payment_method;
    return !wanted || (typeof current === 'string' ? current : current?.id) === wanted ? subscription : null;
  },
  'invoices.pay': async (stripe, target) => {
    const invoice = await stripe.invoices.retrieve(target!);
    return invoice.status === 'paid' ? invoice : null;
  },
  'testHelpers.testClocks.create': async (
    stripe,
    _target,
    params: Stripe.TestHelpers.TestClockCreateParams,
  ) =>
    (await stripe.testHelpers.testClocks.list({ limit: 100 })).data.find(
      (clock) => clock.name === params.name && clock.frozen_time === params.frozen_time,
    ) ?? null,
} satisfies Record<
  StripeCallName,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (stripe: Stripe, target: string | null, params: any) => Promise<object | null>
>;
type CallResult<C extends StripeCallName> = Awaited<ReturnType<(typeof CALLS)[C]>>;

export interface JournalStep {
  name: string;
  call: StripeCallName;
  target_id: string | null;
  params: Record<string, unknown>;
  idempotency_key: string;
  status: 'sent' | 'succeeded' | 'failed';
  response: Record<string, unknown> | null;
  /** When the call was first journalled (read back; a new step has none yet). */
  created_at?: Date | string;
}

/**
 * Stripe keeps an idempotency key for at least 24 hours. A call whose answer was lost longer ago than this is not
 * sent again: Stripe could have forgotten the key and do it a second time (a second charge).
 */
const IDEMPOTENCY_WINDOW_MS = 23 * 60 * 60 * 1000;

/** The Stripe error a journalled call failed with, kept so a re-run fails the same way. */
export interface StripeRefusal {
  type?: string;
  rawType?: string;
  code?: string;
  statusCode?: number;
  message?: string;
  decline_code?: string;
}

/**
 * Stripe's answer to a key sent again with other parameters: the key *was* used, so the first call happened
 * (Stripe keeps a key only once its request started executing). It says nothing about what that call did.
 */
export function isKeyAlreadyUsed(error: unknown): boolean {
  const { type, rawType } = (error ?? {}) as StripeRefusal;
  return rawType === 'idempotency_error' || type === 'StripeIdempotencyError' || type === 'idempotency_error';
}

/**
 * A Stripe answer that says the call did nothing (a 4xx: declined card, invalid request). Anything else (a
 * 5xx, a timeout, a lost connection, a concurrent use of the key (409), a rate limit, a key already used with
 * other parameters) leaves the outcome unknown.
 */
export function isDefinitiveRefusal(error: unknown): error is StripeRefusal {
  const status = (error as StripeRefusal | undefined)?.statusCode;
  return (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    status !== 409 &&
    status !== 429 &&
    !isKeyAlreadyUsed(error)
  );
}

/** A call Stripe says was made, and whose result could not be found in Stripe: recovery retries, a person looks. */
export class CallOutcomeUnknown extends Error {
  constructor(operationId: string, step: JournalStep) {
    super(
      `money operation ${operationId}: Stripe says the '${step.name}' call (${step.call}, key ${step.idempotency_key}) ` +
        'was made, but what it made was not found; it is not sent again. Reconcile it with Stripe.',
    );
    this.name = 'CallOutcomeUnknown';
  }
}

export interface StripeJournalOptions {
  db: Queryable;
  stripe: Stripe;
  /** Called after each call answered (or failed); a fault injected here fails the operation at that point. */
  afterCall?: (step: { operationId: string; name: string; call: StripeCallName }) => void | Promise<void>;
  /** Called when Stripe answered, before the answer is journalled (crash tests: an answer lost with the process). */
  beforeJournalAnswer?: (step: {
    operationId: string;
    name: string;
    call: StripeCallName;
  }) => void | Promise<void>;
}

/** The lease a run of a money operation holds: who owns the operation, and how long each renewal extends it. */
export interface OperationLease {
  owner: string;
  seconds: number;
}

/** A money operation as its run hands it to the payments module: journalled calls renew this lease. */
export interface LeasedOperationRef extends MoneyOperationRef {
  lease: OperationLease;
}

const LEASE_LOST_CODE = 'lease_lost';

/** The operation is no longer this run's (recovery took it over, or it is closed): nothing more may be sent. */
export class LeaseLost extends Error {
  readonly code = LEASE_LOST_CODE;
  constructor(operationId: string) {
    super(`money operation ${operationId} is no longer held by this run`);
    this.name = 'LeaseLost';
  }
}

/** LeaseLost as thrown, or after the payments module turned it into a PaymentError (which keeps its code). */
export const isLeaseLost = (error: unknown): boolean =>
  error instanceof LeaseLost || (error instanceof PaymentError && error.code === LEASE_LOST_CODE);

/**
 * The journal of one money operation's Stripe calls (money_operation_steps). `run` records a call before it is
 * sent and its answer after. Running a named call again returns the recorded answer (or refusal); a call that
 * was sent but never answered is sent again with the same idempotency key, and Stripe answers with what it did
 * the first time, or does it now. So an operation can be run again after any failure without moving money twice.
 *
 * Every send first renews the operation's lease, which only its owner can while the operation is open; a run
 * that lost it (recovery took over when the lease ran out) gets LeaseLost and sends nothing. A new step is
 * recorded in the same statement as that renewal, so none is ever journalled for an operation the run does
 * not hold. `op` must be the LeasedOperationRef its money operation made.
 */
export function stripeJournal(options: StripeJournalOptions, op: MoneyOperationRef) {
  const { db, stripe } = options;
  const lease = leaseOf(op);

  /** Renews the lease (and records `newStep` with it); throws LeaseLost, having written nothing, when not held. */
  async function renewLease(newStep?: JournalStep): Promise<void> {
    const renew = `update money_operations set lease_until = now() + make_interval(secs => $3)
       where id = $1 and lease_owner = $2 and status in ('claimed', 'compensating') returning id`;
    const held = newStep
      ? await db.query(
          `with held as (${renew})
           insert into money_operation_steps (operation_id, name, call, target_id, params, idempotency_key, status)
           select id, $4, $5, $6, $7, $8, 'sent' from held
           returning operation_id`,
          [
            op.id,
            lease.owner,
            lease.seconds,
            newStep.name,
            newStep.call,
            newStep.target_id,
            JSON.stringify(newStep.params),
            newStep.idempotency_key,
          ],
        )
      : await db.query(renew, [op.id, lease.owner, lease.seconds]);
    if (!held.length) throw new LeaseLost(op.id);
  }

  async function steps(): Promise<JournalStep[]> {
    return db.query<JournalStep>(
      `select name, call, target_id, params, idempotency_key, status, response, created_at from money_operation_steps
       where operation_id = $1 order by created_at, name`,
      [op.id],
    );
  }

  /** Sends a step already journalled (or, with `isNew`, journals it first) under the renewed lease. */
  async function send(step: JournalStep, isNew = false): Promise<unknown> {
    if (!isNew && step.created_at && Date.now() - new Date(step.created_at).getTime() > IDEMPOTENCY_WINDOW_MS)
      throw new Error(
        `money operation ${op.id}: the answer to '${step.name}' (${step.call}) was lost more than 23 hours ago, ` +
          "past Stripe's idempotency window; it is not sent again. Reconcile it with Stripe by hand.",
      );
    await renewLease(isNew ? step : undefined);
    const journalAnswer = async (response: unknown) => {
      await db.query(
        `update money_operation_steps set status = 'succeeded', response = $3, updated_at = now() where operation_id = $1 and name = $2`,
        [op.id, step.name, JSON.stringify(response)],
      );
      return response;
    };
    try {
      const response = await CALLS[step.call](stripe, step.target_id, step.params as never, {
        idempotencyKey: step.idempotency_key,
      });
      await options.beforeJournalAnswer?.({ operationId: op.id, name: step.name, call: step.call });
      return await journalAnswer(response);
    } catch (error) {
      if (isKeyAlreadyUsed(error)) {
        // The call happened the first time: go on with what it made, as Stripe has it now.
        const made = await FIND_MADE[step.call](stripe, step.target_id, step.params as never);
        if (made) return await journalAnswer(made);
        throw new CallOutcomeUnknown(op.id, step);
      }
      if (isDefinitiveRefusal(error)) {
        const refusal: StripeRefusal = pick(error);
        await db.query(
          `update money_operation_steps set status = 'failed', response = $3, updated_at = now() where operation_id = $1 and name = $2`,
          [op.id, step.name, JSON.stringify({ error: refusal })],
        );
      }
      throw error;
    } finally {
      await options.afterCall?.({ operationId: op.id, name: step.name, call: step.call });
    }
  }

  return {
    async run<C extends StripeCallName>(
      name: string,
      call: C,
      params: object,
      target?: string,
    ): Promise<CallResult<C>> {
      const [existing] = await db.query<JournalStep>(
        `select name, call, target_id, params, idempotency_key, status, response, created_at from money_operation_steps
         where operation_id = $1 and name = $2`,
        [op.id, name],
      );
      if (existing?.status === 'succeeded') return existing.response as CallResult<C>;
      if (existing?.status === 'failed')
        throw Object.assign(new Error('journalled refusal'), existing.response!.error as StripeRefusal);
      const step: JournalStep = existing ?? {
        name,
        call,
        target_id: target ?? null,
        // Sent as journalled: the first call and any replay encode the same JSON (kept as written: `json`, not
        // `jsonb`, which reorders keys), so Stripe sees the same parameters under the key every time.
        params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>,
        idempotency_key: `${op.key}:${name}`,
        status: 'sent',
        response: null,
      };
      return (await send(step, !existing)) as CallResult<C>;
    },
    /** Every call of the operation with its outcome, sending again those whose answer never came. */
    async settle(): Promise<JournalStep[]> {
      const all = await steps();
      for (const step of all.filter((s) => s.status === 'sent')) {
        try {
          step.response = (await send(step)) as Record<string, unknown>;
          step.status = 'succeeded';
        } catch (error) {
          if (!isDefinitiveRefusal(error)) throw error;
          step.status = 'failed';
        }
      }
      return all;
    },
  };
}

export type StripeJournal = ReturnType<typeof stripeJournal>;

function leaseOf(op: MoneyOperationRef): OperationLease {
  const { lease } = op as Partial<LeasedOperationRef>;
  if (!lease)
    throw new Error(`money operation ${op.id}: journalled Stripe calls need the lease they run under`);
  return lease;
}

function pick(error: StripeRefusal): StripeRefusal {
  const { type, rawType, code, statusCode, message, decline_code } = error;
  return Object.fromEntries(
    Object.entries({ type, rawType, code, statusCode, message, decline_code }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as StripeRefusal;
}
