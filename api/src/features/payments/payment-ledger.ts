import type { PurchaseCustomer } from '@agency/domain/payments-purchase';
import type { Queryable } from '../../db/database';

/** The `payments` table: one row per PaymentIntent the server created or saw succeed (amounts in cents). */
export type PaymentKind = 'deposit' | 'final' | 'penalty' | 'subscription';

/** What a pending purchase keeps until Stripe reports the payment: enough to create the project. */
export interface PurchaseDetails {
  tier: 1 | 2;
  customer: PurchaseCustomer;
  /** The signed-in buyer, from the verified token (never from the body). */
  userId: string | null;
  /** Set when the project could not be created and the payment was refunded. */
  fulfilmentFailed?: boolean;
}

export interface PaymentRow {
  id: string;
  project_id: string | null;
  stripe_payment_intent_id: string;
  stripe_customer_id: string | null;
  kind: PaymentKind;
  amount_cents: number;
  refunded_cents: number;
  status: 'pending' | 'succeeded';
  details: Record<string, unknown>;
  succeeded_at: Date | string | null;
}

const COLUMNS = `id, project_id, stripe_payment_intent_id, stripe_customer_id, kind, amount_cents, refunded_cents,
  status, details, succeeded_at`;

export async function findPayment(q: Queryable, paymentIntentId: string, options: { forUpdate?: boolean } = {}): Promise<PaymentRow | undefined> {
  const [row] = await q.query<PaymentRow>(
    `select ${COLUMNS} from payments where stripe_payment_intent_id = $1${options.forUpdate ? ' for update' : ''}`,
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

/** Marks a payment succeeded (inserting it when the server had not seen it); repeated calls change nothing. */
export async function recordSucceededPayment(
  q: Queryable,
  p: { paymentIntentId: string; customerId: string | null; projectId: string | null; kind: PaymentKind; amountCents: number },
): Promise<void> {
  await q.query(
    `insert into payments (stripe_payment_intent_id, stripe_customer_id, project_id, kind, amount_cents, status, succeeded_at)
     values ($1, $2, $3, $4, $5, 'succeeded', now())
     on conflict (stripe_payment_intent_id) do update set
       status = 'succeeded',
       project_id = coalesce(payments.project_id, excluded.project_id),
       stripe_customer_id = coalesce(payments.stripe_customer_id, excluded.stripe_customer_id),
       succeeded_at = coalesce(payments.succeeded_at, now()),
       updated_at = now()`,
    [p.paymentIntentId, p.customerId, p.projectId, p.kind, p.amountCents],
  );
}

export async function markPurchaseFulfilmentFailed(q: Queryable, paymentIntentId: string): Promise<void> {
  await q.query(
    `update payments set details = details || '{"fulfilmentFailed": true}'::jsonb, updated_at = now()
     where stripe_payment_intent_id = $1`,
    [paymentIntentId],
  );
}

/** Records one Stripe refund once, whoever reports it first (the API call or the charge.refunded webhook). */
export async function recordRefund(
  q: Queryable,
  r: { refundId: string; paymentIntentId: string; amountCents: number; reason: string | null },
): Promise<void> {
  const inserted = await q.query(
    `insert into payment_refunds (stripe_refund_id, stripe_payment_intent_id, amount_cents, reason)
     select $1, $2, $3, $4 where exists (select 1 from payments where stripe_payment_intent_id = $2)
     on conflict (stripe_refund_id) do nothing
     returning id`,
    [r.refundId, r.paymentIntentId, r.amountCents, r.reason],
  );
  if (inserted.length) {
    await q.query(
      `update payments set refunded_cents = refunded_cents + $2, updated_at = now() where stripe_payment_intent_id = $1`,
      [r.paymentIntentId, r.amountCents],
    );
  }
}

/** Succeeded payments minus refunds, both in the current calendar month, in cents. */
export async function monthlyRevenueCents(q: Queryable): Promise<number> {
  const [row] = await q.query<{ paid: string | number; refunded: string | number }>(
    `select
       (select coalesce(sum(amount_cents), 0) from payments
         where status = 'succeeded' and succeeded_at >= date_trunc('month', now())) as paid,
       (select coalesce(sum(amount_cents), 0) from payment_refunds
         where created_at >= date_trunc('month', now())) as refunded`,
  );
  return Number(row?.paid ?? 0) - Number(row?.refunded ?? 0);
}
