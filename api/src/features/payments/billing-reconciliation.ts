import type Stripe from 'stripe';
import { formatUsd, fromCents } from '@agency/domain';
import type { Queryable } from '../../db/database';
import { idOf } from './stripe-objects';

/**
 * The month's books against Stripe (issue 35, `npm run billing:reconcile -- --month YYYY-MM`): every charge
 * (a PaymentIntent that succeeded), refund and paid invoice Stripe made in the month is in the ledger with the
 * same amount, and every ledger row of the month is in Stripe. Read-only: it names each difference; the hourly
 * money reconciliation (money-reconciliation.ts) is what repairs the operations' own objects.
 */
export interface BooksDifference {
  kind: 'charge' | 'refund' | 'invoice';
  stripeObject: string;
  problem: string;
}

export interface BooksReconciliation {
  month: string;
  totals: Record<
    'charge' | 'refund' | 'invoice',
    { ledger: number; stripe: number; ledgerCents: number; stripeCents: number }
  >;
  differences: BooksDifference[];
}

const usd = (cents: number) => formatUsd(fromCents(cents));

function monthBounds(month: string): { start: number; end: number } {
  const [year, m] = month.split('-').map(Number);
  return { start: Date.UTC(year!, m! - 1, 1) / 1000, end: Date.UTC(year!, m!, 1) / 1000 };
}

export async function reconcileMonth(
  db: Queryable,
  stripe: Stripe,
  month: string,
): Promise<BooksReconciliation> {
  const { start, end } = monthBounds(month);
  const inMonth = (at: number | null | undefined) => at != null && at >= start && at < end;
  const startIso = new Date(start * 1000).toISOString();
  const endIso = new Date(end * 1000).toISOString();

  // Stripe as it is now. Charges are dated when they were made (a test clock's time for a renewal).
  const stripeCharges = new Map<string, number>();
  for await (const intent of stripe.paymentIntents.list({ limit: 100, expand: ['data.latest_charge'] })) {
    if (intent.status !== 'succeeded') continue;
    const charge = intent.latest_charge as Stripe.Charge | null;
    if (inMonth(charge?.created ?? intent.created)) stripeCharges.set(intent.id, intent.amount_received);
  }
  const stripeRefunds = new Map<string, number>();
  for await (const refund of stripe.refunds.list({ limit: 100 })) {
    if (refund.status === 'succeeded' && inMonth(refund.created)) stripeRefunds.set(refund.id, refund.amount);
  }
  const stripeInvoices = new Map<string, { cents: number; paymentIntent: string | null }>();
  for await (const invoice of stripe.invoices.list({ limit: 100, status: 'paid' })) {
    if (invoice.amount_paid > 0 && inMonth(invoice.status_transitions.paid_at))
      stripeInvoices.set(invoice.id!, {
        cents: invoice.amount_paid,
        paymentIntent: idOf(
          (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent,
        ),
      });
  }

  // The ledger.
  const ledgerCharges = new Map<string, number>();
  const ledgerInvoices = new Map<string, number>();
  for (const row of await db.query<{
    pi: string | null;
    invoice: string | null;
    cents: number;
  }>(
    `select stripe_payment_intent_id as pi, stripe_invoice_id as invoice, amount_cents as cents from payments
      where status = 'succeeded' and succeeded_at >= $1::timestamptz and succeeded_at < $2::timestamptz`,
    [startIso, endIso],
  )) {
    if (row.pi) ledgerCharges.set(row.pi, Number(row.cents));
    if (row.invoice) ledgerInvoices.set(row.invoice, Number(row.cents));
  }
  const ledgerRefunds = new Map<string, number>();
  for (const row of await db.query<{ id: string; cents: number }>(
    `select stripe_refund_id as id, amount_cents as cents from payment_refunds
      where created_at >= $1::timestamptz and created_at < $2::timestamptz`,
    [startIso, endIso],
  ))
    ledgerRefunds.set(row.id, Number(row.cents));
  // An invoice's charge is in the ledger as the invoice's row (its PaymentIntent is kept on it when known).
  for (const [, invoice] of stripeInvoices)
    if (invoice.paymentIntent && !ledgerCharges.has(invoice.paymentIntent)) {
      const [row] = await db.query<{ cents: number }>(
        `select amount_cents as cents from payments where stripe_payment_intent_id = $1 and status = 'succeeded'`,
        [invoice.paymentIntent],
      );
      if (row && stripeCharges.has(invoice.paymentIntent))
        ledgerCharges.set(invoice.paymentIntent, Number(row.cents));
    }

  const differences: BooksDifference[] = [];
  function compare(
    kind: BooksDifference['kind'],
    stripeSide: Map<string, number>,
    ledger: Map<string, number>,
  ) {
    for (const [id, cents] of stripeSide) {
      const recorded = ledger.get(id);
      if (recorded === undefined)
        differences.push({
          kind,
          stripeObject: id,
          problem: `in Stripe (${usd(cents)}), missing from the ledger`,
        });
      else if (recorded !== cents)
        differences.push({
          kind,
          stripeObject: id,
          problem: `Stripe has ${usd(cents)}, the ledger ${usd(recorded)}`,
        });
    }
    for (const [id, cents] of ledger)
      if (!stripeSide.has(id))
        differences.push({
          kind,
          stripeObject: id,
          problem: `in the ledger (${usd(cents)}), not in Stripe for ${month}`,
        });
  }
  const invoiceCents = new Map([...stripeInvoices].map(([id, invoice]) => [id, invoice.cents]));
  compare('charge', stripeCharges, ledgerCharges);
  compare('refund', stripeRefunds, ledgerRefunds);
  compare('invoice', invoiceCents, ledgerInvoices);
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const total = (stripeSide: Map<string, number>, ledger: Map<string, number>) => ({
    ledger: ledger.size,
    stripe: stripeSide.size,
    ledgerCents: sum(ledger),
    stripeCents: sum(stripeSide),
  });
  return {
    month,
    totals: {
      charge: total(stripeCharges, ledgerCharges),
      refund: total(stripeRefunds, ledgerRefunds),
      invoice: total(invoiceCents, ledgerInvoices),
    },
    differences,
  };
}

/** What the command prints. */
export function formatReconciliation(result: BooksReconciliation): string {
  const lines = [`Ledger against Stripe for ${result.month}`];
  for (const [kind, t] of Object.entries(result.totals))
    lines.push(
      `  ${`${kind}s`.padEnd(9)} ledger ${String(t.ledger).padStart(3)} ${usd(t.ledgerCents).padStart(12)}   Stripe ${String(t.stripe).padStart(3)} ${usd(t.stripeCents).padStart(12)}`,
    );
  for (const d of result.differences) lines.push(`  DIFFERENCE ${d.kind} ${d.stripeObject}: ${d.problem}`);
  lines.push(`differences: ${result.differences.length}`);
  return lines.join('\n');
}
