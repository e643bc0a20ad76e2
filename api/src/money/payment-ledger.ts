import type { PurchaseCustomer } from '@agency/domain/payments-purchase';
import type { Queryable } from '../db/database';
import { issueCreditNote, issueInvoice } from './billing-documents';

/**
 * The `payments` table: one row per PaymentIntent the server created or saw succeed, and per subscription
 * invoice (amounts in cents); `payment_refunds` holds every refund on its own date. Rows are written together
 * with the project change they pay for (see money-operations.ts), never on their own.
 */
export type PaymentKind = 'deposit' | 'final' | 'penalty' | 'subscription';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** What a pending purchase keeps until Stripe reports the payment: enough to create the project. */
export interface PurchaseDetails {
  tier: 1 | 2;
  customer: PurchaseCustomer;
  /** The signed-in buyer, from the verified token (never from the body). */
  userId: string | null;
  /** The title the client typed in the portal's request (kept as the project's title). */
  projectName?: string;
  /** Set when the project could not be created and the payment was (or is being) refunded. */
  fulfilmentFailed?: boolean;
}

export interface PaymentRow {
  id: string;
  project_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_invoice_id: string | null;
  stripe_customer_id: string | null;
  kind: PaymentKind;
  amount_cents: number;
  refunded_cents: number;
  status: PaymentStatus;
  details: Record<string, unknown>;
  succeeded_at: Date | string | null;
  card_last4: string | null;
  created_at: Date | string;
}

const COLUMNS = `id, project_id, stripe_payment_intent_id, stripe_invoice_id, stripe_customer_id, kind, amount_cents,
  refunded_cents, status, details, succeeded_at, card_last4, created_at`;

export async function findPayment(
  q: Queryable,
  paymentIntentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  const [row] = await q.query<PaymentRow>(
    `select ${COLUMNS} from payments where stripe_payment_intent_id = $1${options.forUpdate ? ' for no key update' : ''}`,
    [paymentIntentId],
  );
  return row;
}

/** Records a purchase awaiting payment; a repeated request for the same intent keeps the first row. */
export async function recordPendingPurchase(
  q: Queryable,
  p: { paymentIntentId: string; customerId: string; amountCents: number; details: PurchaseDetails },
): Promise<void> {
  await q.query(
    `insert into payments (stripe_payment_intent_id, stripe_customer_id, kind, amount_cents, status, details)
     values ($1, $2, 'deposit', $3, 'pending', $4)
     on conflict (stripe_payment_intent_id) do nothing`,
    [p.paymentIntentId, p.customerId, p.amountCents, JSON.stringify(p.details)],
  );
}

/**
 * Marks a payment succeeded (inserting it when the server had not seen it) and issues its invoice in the same
 * transaction. Returns true only the first time, so whoever records it first sends the receipt.
 */
export async function recordSucceededPayment(
  q: Queryable,
  p: {
    paymentIntentId: string;
    customerId: string | null;
    projectId: string | null;
    kind: PaymentKind;
    amountCents: number;
    cardLast4?: string | null;
    succeededAt?: string | Date;
  },
): Promise<boolean> {
  const rows = await q.query<{ id: string; newly: boolean }>(
    `with before as (select status from payments where stripe_payment_intent_id = $1)
     insert into payments (stripe_payment_intent_id, stripe_customer_id, project_id, kind, amount_cents, status, succeeded_at, card_last4)
     values ($1, $2, $3, $4, $5, 'succeeded', coalesce($6::timestamptz, now()), $7)
     on conflict (stripe_payment_intent_id) do update set
       status = 'succeeded',
       project_id = coalesce(payments.project_id, excluded.project_id),
       stripe_customer_id = coalesce(payments.stripe_customer_id, excluded.stripe_customer_id),
       card_last4 = coalesce(payments.card_last4, excluded.card_last4),
       succeeded_at = coalesce(payments.succeeded_at, excluded.succeeded_at),
       updated_at = now()
     returning id, (select status from before) is distinct from 'succeeded' as newly`,
    [
      p.paymentIntentId,
      p.customerId,
      p.projectId,
      p.kind,
      p.amountCents,
      p.succeededAt ?? null,
      p.cardLast4 ?? null,
    ],
  );
  const row = rows[0];
  if (row?.newly) await issueInvoice(q, row.id);
  return row?.newly ?? false;
}

/**
 * Records a subscription invoice's outcome once per invoice (paid, or failed with Stripe's reason); a failed
 * invoice paid later becomes paid. Returns true when the row changed (so its receipt or alert goes out once).
 */
export async function recordInvoice(
  q: Queryable,
  p: {
    invoiceId: string;
    paymentIntentId: string | null;
    projectId: string | null;
    customerId: string | null;
    amountCents: number;
    status: 'succeeded' | 'failed';
    at: string | Date;
    cardLast4?: string | null;
    failureMessage?: string | null;
    /** The period the invoice pays, for its document. */
    period?: { start: string; end: string } | undefined;
  },
): Promise<boolean> {
  const rows = await q.query<{ id: string; status: string }>(
    `insert into payments (stripe_invoice_id, stripe_payment_intent_id, project_id, stripe_customer_id, kind, amount_cents,
       status, succeeded_at, card_last4, failure_message, created_at, details)
     values ($1, $2, $3, $4, 'subscription', $5, $6, case when $6 = 'succeeded' then $7::timestamptz end, $8, $9, $7::timestamptz,
       coalesce($10::jsonb, '{}'::jsonb))
     on conflict (stripe_invoice_id) do update set
       status = excluded.status,
       stripe_payment_intent_id = coalesce(excluded.stripe_payment_intent_id, payments.stripe_payment_intent_id),
       succeeded_at = coalesce(payments.succeeded_at, excluded.succeeded_at),
       card_last4 = coalesce(excluded.card_last4, payments.card_last4),
       failure_message = excluded.failure_message,
       details = payments.details || excluded.details,
       updated_at = now()
     where payments.status <> 'succeeded' and payments.status is distinct from excluded.status
     returning id, status`,
    [
      p.invoiceId,
      p.paymentIntentId,
      p.projectId,
      p.customerId,
      p.amountCents,
      p.status,
      p.at,
      p.cardLast4 ?? null,
      p.failureMessage ?? null,
      p.period ? JSON.stringify({ periodStart: p.period.start, periodEnd: p.period.end }) : null,
    ],
  );
  if (rows[0]?.status === 'succeeded') await issueInvoice(q, rows[0].id);
  return rows.length > 0;
}

/**
 * Marks a purchase that will not become a project, unless its payment row already has one. Call it holding the
 * row's lock, after checking no project carries the PaymentIntent. Returns true when the row was marked.
 */
export async function markPurchaseFulfilmentFailed(q: Queryable, paymentIntentId: string): Promise<boolean> {
  const marked = await q.query(
    `update payments set details = details || '{"fulfilmentFailed": true}'::jsonb, updated_at = now()
     where stripe_payment_intent_id = $1 and project_id is null
     returning id`,
    [paymentIntentId],
  );
  return marked.length > 0;
}

/** Forgets a purchase nobody paid: its intent was cancelled (or Stripe no longer has it). */
export async function markPendingPurchaseCanceled(q: Queryable, paymentIntentId: string): Promise<void> {
  await q.query(
    `update payments set status = 'canceled', updated_at = now() where stripe_payment_intent_id = $1 and status = 'pending'`,
    [paymentIntentId],
  );
}

/**
 * Records one Stripe refund once, whoever reports it first, with its credit note in the same transaction.
 * Returns true the first time.
 */
export async function recordRefund(
  q: Queryable,
  r: {
    refundId: string;
    paymentIntentId: string;
    amountCents: number;
    reason: string | null;
    at?: string | Date;
  },
): Promise<boolean> {
  if (!r.refundId || r.amountCents <= 0) return false;
  const inserted = await q.query(
    `insert into payment_refunds (stripe_refund_id, stripe_payment_intent_id, amount_cents, reason, created_at)
     select $1, $2, $3, $4, coalesce($5::timestamptz, now()) where exists (select 1 from payments where stripe_payment_intent_id = $2)
     on conflict (stripe_refund_id) do nothing
     returning id`,
    [r.refundId, r.paymentIntentId, r.amountCents, r.reason, r.at ?? null],
  );
  if (inserted.length) {
    await q.query(
      `update payments set refunded_cents = refunded_cents + $2, updated_at = now() where stripe_payment_intent_id = $1`,
      [r.paymentIntentId, r.amountCents],
    );
    await issueCreditNote(q, r.refundId);
  }
  return inserted.length > 0;
}

/**
 * Claims the client's receipt for a refund the product made (recorded by `recordRefund`, by this caller or by
 * Stripe's webhook before it). True once per refund: the caller then queues the receipt in the same transaction.
 */
export async function claimRefundReceipt(q: Queryable, refundId: string): Promise<boolean> {
  if (!refundId) return false;
  const claimed = await q.query(
    `update payment_refunds set receipt_queued_at = now() where stripe_refund_id = $1 and receipt_queued_at is null
     returning id`,
    [refundId],
  );
  return claimed.length > 0;
}

/**
 * Payments that succeeded in a calendar month minus the refunds made in it, in cents: deposits, final
 * payments, penalties and subscription invoices alike. `month` is 'YYYY-MM' (UTC); default the current one.
 */
export async function monthlyRevenueCents(q: Queryable, month?: string): Promise<number> {
  const start = month ? `${month}-01T00:00:00Z` : null;
  const [row] = await q.query<{ paid: string | number; refunded: string | number }>(
    `with bounds as (
       select coalesce($1::timestamptz, date_trunc('month', now(), 'UTC')) as starts,
              coalesce($1::timestamptz, date_trunc('month', now(), 'UTC')) + interval '1 month' as ends)
     select
       (select coalesce(sum(amount_cents), 0) from payments, bounds
         where status = 'succeeded' and succeeded_at >= bounds.starts and succeeded_at < bounds.ends) as paid,
       (select coalesce(sum(amount_cents), 0) from payment_refunds, bounds
         where created_at >= bounds.starts and created_at < bounds.ends) as refunded`,
    [start],
  );
  return Number(row?.paid ?? 0) - Number(row?.refunded ?? 0);
}

export interface ProjectPaymentEntry {
  id: string;
  kind: PaymentKind | 'refund';
  status: PaymentStatus | 'refunded';
  amountCents: number;
  at: string;
  cardLast4: string | null;
  failureMessage: string | null;
}

/** A project's payments and refunds, newest first (the client's payment history). */
export async function projectPaymentHistory(q: Queryable, projectId: string): Promise<ProjectPaymentEntry[]> {
  const rows = await q.query<{
    id: string;
    kind: string;
    status: string;
    amount_cents: number;
    at: Date | string;
    card_last4: string | null;
    failure_message: string | null;
  }>(
    `select id::text, kind, status, amount_cents, coalesce(succeeded_at, created_at) as at, card_last4, failure_message
       from payments where project_id = $1 and status in ('succeeded', 'failed')
     union all
     select r.id::text, 'refund', 'refunded', r.amount_cents, r.created_at, p.card_last4, null
       from payment_refunds r join payments p on p.stripe_payment_intent_id = r.stripe_payment_intent_id
      where p.project_id = $1
     order by at desc, id`,
    [projectId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ProjectPaymentEntry['kind'],
    status: row.status as ProjectPaymentEntry['status'],
    amountCents: Number(row.amount_cents),
    at: new Date(row.at).toISOString(),
    cardLast4: row.card_last4,
    failureMessage: row.failure_message,
  }));
}
