import { stringify } from 'csv-stringify/sync';
import { fromCents } from '@agency/domain';
import { monthLabel, REVENUE_LINES, type RevenueLine, type RevenueReport } from '@agency/domain/billing';
import type { Queryable } from '../db/database';

/**
 * The consultancy's month (issue 35): revenue as the ledger has it, split by what was paid (deposits, final
 * payments, subscription invoices, penalties) less the month's refunds, MRR from the subscriptions running now,
 * the 12 months up to the one asked, and the month's ledger as CSV. Months are UTC calendar months, as
 * monthlyRevenueCents counts them.
 */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

function monthsUpTo(month: string, count: number): string[] {
  const [year, m] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year!, m! - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

export async function revenueReport(q: Queryable, month = currentMonth()): Promise<RevenueReport> {
  const months = monthsUpTo(month, 12);
  const first = `${months[0]}-01T00:00:00Z`;
  const [year, m] = month.split('-').map(Number);
  const end = new Date(Date.UTC(year!, m!, 1)).toISOString();
  const rows = await q.query<{ month: string; line: RevenueLine; cents: string | number }>(
    `select to_char(succeeded_at at time zone 'UTC', 'YYYY-MM') as month, kind as line, sum(amount_cents) as cents
       from payments where status = 'succeeded' and succeeded_at >= $1::timestamptz and succeeded_at < $2::timestamptz
      group by 1, 2
     union all
     select to_char(created_at at time zone 'UTC', 'YYYY-MM'), 'refund', -sum(amount_cents)
       from payment_refunds where created_at >= $1::timestamptz and created_at < $2::timestamptz
      group by 1`,
    [first, end],
  );
  const breakdownCents = Object.fromEntries(REVENUE_LINES.map((line) => [line, 0])) as Record<
    RevenueLine,
    number
  >;
  const byMonth = new Map(months.map((each) => [each, 0]));
  for (const row of rows) {
    const cents = Number(row.cents);
    byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + cents);
    if (row.month === month) breakdownCents[row.line] += cents;
  }
  const [mrr] = await q.query<{ cents: string | number; n: string | number }>(
    `select coalesce(sum(round(monthly_cost * 100)), 0) as cents, count(*) as n
       from subscriptions where status in ('active', 'past_due')`,
  );
  return {
    month,
    periodLabel: monthLabel(month),
    revenue: fromCents(byMonth.get(month) ?? 0),
    breakdown: Object.fromEntries(
      REVENUE_LINES.map((line) => [line, fromCents(breakdownCents[line])]),
    ) as Record<RevenueLine, number>,
    mrr: fromCents(Number(mrr?.cents ?? 0)),
    activeSubscriptions: Number(mrr?.n ?? 0),
    months: months.map((each) => ({ month: each, revenue: fromCents(byMonth.get(each) ?? 0) })),
  };
}

export interface LedgerEntry {
  date: string;
  entry: 'payment' | 'refund';
  kind: string;
  document: string | null;
  invoice: string | null;
  project: string | null;
  client: string | null;
  amountCents: number;
  stripeObject: string;
  paymentIntent: string | null;
  stripeInvoice: string | null;
  cardLast4: string | null;
}

/** Every payment that succeeded and every refund made in a month, oldest first, with their documents. */
export async function ledgerEntries(q: Queryable, month: string): Promise<LedgerEntry[]> {
  const rows = await q.query<{
    at: Date | string;
    entry: 'payment' | 'refund';
    kind: string;
    document: string | null;
    invoice: string | null;
    project: string | null;
    client: string | null;
    amount_cents: string | number;
    stripe_object: string;
    payment_intent: string | null;
    stripe_invoice: string | null;
    card_last4: string | null;
  }>(
    `with bounds as (select $1::timestamptz as starts, $1::timestamptz + interval '1 month' as ends)
     select p.succeeded_at as at, 'payment' as entry, p.kind, d.number as document, null as invoice,
            pr.title as project, pr.client_email as client, p.amount_cents,
            coalesce(p.stripe_invoice_id, p.stripe_payment_intent_id) as stripe_object,
            p.stripe_payment_intent_id as payment_intent, p.stripe_invoice_id as stripe_invoice, p.card_last4
       from payments p cross join bounds b
       left join billing_documents d on d.payment_id = p.id and d.kind = 'invoice'
       left join projects pr on pr.id = p.project_id
      where p.status = 'succeeded' and p.succeeded_at >= b.starts and p.succeeded_at < b.ends
     union all
     select r.created_at, 'refund', p.kind, d.number, inv.number, pr.title, pr.client_email, -r.amount_cents,
            r.stripe_refund_id, r.stripe_payment_intent_id, p.stripe_invoice_id, p.card_last4
       from payment_refunds r cross join bounds b
       join payments p on p.stripe_payment_intent_id = r.stripe_payment_intent_id
       left join billing_documents d on d.refund_id = r.id
       left join billing_documents inv on inv.id = d.invoice_id
       left join projects pr on pr.id = p.project_id
      where r.created_at >= b.starts and r.created_at < b.ends
     order by at, stripe_object`,
    [`${month}-01T00:00:00Z`],
  );
  return rows.map((row) => ({
    date: new Date(row.at).toISOString(),
    entry: row.entry,
    kind: row.kind,
    document: row.document,
    invoice: row.invoice,
    project: row.project,
    client: row.client,
    amountCents: Number(row.amount_cents),
    stripeObject: row.stripe_object,
    paymentIntent: row.payment_intent,
    stripeInvoice: row.stripe_invoice,
    cardLast4: row.card_last4,
  }));
}

const CSV_COLUMNS = [
  'date',
  'entry',
  'kind',
  'document',
  'corrects_invoice',
  'project',
  'client',
  'amount_usd',
  'stripe_object',
  'card_last4',
];

/** A cell a spreadsheet would run as a formula (=, +, -, @) is kept as text. */
const cell = (value: string | null) => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''));

/** The month's ledger as CSV (RFC 4180, csv-stringify): one line per payment and refund, amounts in USD. */
export function ledgerCsv(entries: LedgerEntry[]): string {
  return stringify(
    entries.map((e) => [
      e.date,
      e.entry,
      e.kind,
      e.document ?? '',
      e.invoice ?? '',
      cell(e.project),
      cell(e.client),
      (e.amountCents / 100).toFixed(2),
      e.stripeObject,
      e.cardLast4 ?? '',
    ]),
    { header: true, columns: CSV_COLUMNS },
  );
}
