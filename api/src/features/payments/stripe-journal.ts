import type Stripe from 'stripe';
import type { Queryable } from '../../db/database';
import type { MoneyOperationRef } from './types';

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
type CallResult<C extends StripeCallName> = Awaited<ReturnType<(typeof CALLS)[C]>>;

export interface JournalStep {
  name: string;
  call: StripeCallName;
  target_id: string | null;
  params: Record<string, unknown>;
  idempotency_key: string;
  status: 'sent' | 'succeeded' | 'failed';
  response: Record<string, unknown> | null;
}

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
 * A Stripe answer that says the call did nothing (a 4xx: declined card, invalid request). Anything else (a
 * 5xx, a timeout, a lost connection, a concurrent use of the key) leaves the outcome unknown.
 */
export function isDefinitiveRefusal(error: unknown): error is StripeRefusal {
  const status = (error as StripeRefusal | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

export interface StripeJournalOptions {
  db: Queryable;
  stripe: Stripe;
  /** Called after each call answered (or failed); a fault injected here fails the operation at that point. */
  afterCall?: (step: { operationId: string; name: string; call: StripeCallName }) => void | Promise<void>;
}

/**
 * The journal of one money operation's Stripe calls (money_operation_steps). `run` records a call before it is
 * sent and its answer after. Running a named call again returns the recorded answer (or refusal); a call that
 * was sent but never answered is sent again with the same idempotency key, and Stripe answers with what it did
 * the first time, or does it now. So an operation can be run again after any failure without moving money twice.
 */
export function stripeJournal(options: StripeJournalOptions, op: MoneyOperationRef) {
  const { db, stripe } = options;

  async function steps(): Promise<JournalStep[]> {
    return db.query<JournalStep>(
      `select name, call, target_id, params, idempotency_key, status, response from money_operation_steps
       where operation_id = $1 order by created_at, name`,
      [op.id],
    );
  }

  async function send(step: JournalStep): Promise<unknown> {
    try {
      const response = await CALLS[step.call](stripe, step.target_id, step.params as never, {
        idempotencyKey: step.idempotency_key,
      });
      await db.query(
        `update money_operation_steps set status = 'succeeded', response = $3, updated_at = now() where operation_id = $1 and name = $2`,
        [op.id, step.name, JSON.stringify(response)],
      );
      return response;
    } catch (error) {
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
        `select name, call, target_id, params, idempotency_key, status, response from money_operation_steps
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
        params: params as Record<string, unknown>,
        idempotency_key: `${op.key}:${name}`,
        status: 'sent',
        response: null,
      };
      if (!existing) {
        await db.query(
          `insert into money_operation_steps (operation_id, name, call, target_id, params, idempotency_key, status)
           values ($1, $2, $3, $4, $5, $6, 'sent')`,
          [op.id, name, call, step.target_id, JSON.stringify(step.params), step.idempotency_key],
        );
      }
      return (await send(step)) as CallResult<C>;
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

function pick(error: StripeRefusal): StripeRefusal {
  const { type, rawType, code, statusCode, message, decline_code } = error;
  return Object.fromEntries(
    Object.entries({ type, rawType, code, statusCode, message, decline_code }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as StripeRefusal;
}
