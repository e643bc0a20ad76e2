import { findTier } from '@agency/domain';
import { BILLING_DOCUMENT_SERIES, type BillingDocumentKind } from '@agency/domain/billing';
import { PAYMENT_KIND_LABELS } from '@agency/domain/payment-history';
import type { Queryable } from '../db/database';

/**
 * Invoices and credit notes (issue 35). Each is issued in the transaction that writes its ledger row
 * (payment-ledger.ts): an invoice when a payment first succeeds, a credit note when a refund is first recorded.
 * The number comes from a counter row per series and year taken in that same transaction, so concurrent
 * payments take consecutive numbers in turn and a rollback leaves no gap. What the document says (who it is
 * made out to, its lines) is kept as issued: billing details changed later do not rewrite it.
 */
export interface BillTo {
  name: string;
  company: string | null;
  address: string | null;
  taxId: string | null;
  email: string | null;
}

/** The consultancy as its invoices name it (configuration: BILLING_SELLER_* in config.ts). */
export interface SellerDetails {
  name: string;
  address: string;
  email: string;
  taxId: string | null;
}

/**
 * Makes `seller` the one the next documents are issued with (each API process, when it starts, from its
 * configuration). Documents already issued keep the copy they were numbered with.
 */
export async function recordSeller(q: Queryable, seller: SellerDetails): Promise<void> {
  await q.query(
    `insert into billing_seller (id, details) values (true, $1)
     on conflict (id) do update set details = excluded.details, updated_at = now()
     where billing_seller.details is distinct from excluded.details`,
    [JSON.stringify(seller)],
  );
}

export interface DocumentLine {
  description: string;
  quantity: number;
  amountCents: number;
}

export interface BillingDocument {
  id: string;
  kind: BillingDocumentKind;
  number: string;
  paymentId: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  projectId: string | null;
  projectTitle: string | null;
  clientId: string | null;
  amountCents: number;
  cardLast4: string | null;
  issuedAt: string;
  paidAt: string | null;
  billTo: BillTo;
  lines: DocumentLine[];
  paymentKind: string;
  /** The consultancy as it was when the document was numbered; null for a document issued before that copy. */
  seller: SellerDetails | null;
}

/** Takes the next number of a series for a year; the row stays locked until the caller's transaction ends. */
async function nextNumber(q: Queryable, series: string, year: number): Promise<number> {
  const [row] = await q.query<{ last_number: number }>(
    `insert into document_numbers (series, year, last_number) values ($1, $2, 1)
     on conflict (series, year) do update set last_number = document_numbers.last_number + 1
     returning last_number`,
    [series, year],
  );
  return Number(row!.last_number);
}

export const formatDocumentNumber = (series: string, year: number, seq: number) =>
  `${series}-${year}-${String(seq).padStart(4, '0')}`;

interface PaymentFacts {
  id: string;
  kind: string;
  amount_cents: number;
  card_last4: string | null;
  succeeded_at: Date | string | null;
  details: {
    tier?: number;
    customer?: { firstName?: string; lastName?: string; email?: string; company?: string };
  };
  project_id: string | null;
  title: string | null;
  tier: number | null;
  client_id: string | null;
  client_name: string | null;
  client_email: string | null;
  company: string | null;
  period_start: Date | string | null;
  period_end: Date | string | null;
  bd_name: string | null;
  bd_company: string | null;
  bd_address: string | null;
  bd_tax_id: string | null;
}

async function paymentFacts(q: Queryable, where: string, value: string): Promise<PaymentFacts | undefined> {
  const [row] = await q.query<PaymentFacts>(
    `select pay.id, pay.kind, pay.amount_cents, pay.card_last4, pay.succeeded_at, pay.details, pay.project_id,
            pr.title, pr.tier, pr.client_id, pr.client_name, pr.client_email, pr.company,
            pay.details->>'periodStart' as period_start, pay.details->>'periodEnd' as period_end,
            bd.name as bd_name, bd.company as bd_company, bd.address as bd_address, bd.tax_id as bd_tax_id
       from payments pay
       left join projects pr on pr.id = pay.project_id
       left join billing_details bd on bd.user_id = pr.client_id
      where ${where} = $1`,
    [value],
  );
  return row;
}

function billToOf(p: PaymentFacts): BillTo {
  if (p.bd_name)
    return {
      name: p.bd_name,
      company: p.bd_company,
      address: p.bd_address,
      taxId: p.bd_tax_id,
      email: p.client_email,
    };
  const customer = p.details?.customer;
  const purchaser = customer ? `${customer.firstName ?? ''} ${customer.lastName ?? ''}`.trim() : '';
  return {
    name: p.client_name ?? (purchaser || 'Client'),
    company: p.company ?? customer?.company ?? null,
    address: null,
    taxId: null,
    email: p.client_email ?? customer?.email ?? null,
  };
}

const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

function lineOf(p: PaymentFacts): DocumentLine {
  const tierName = findTier(p.tier ?? p.details?.tier ?? 0)?.name;
  const label = PAYMENT_KIND_LABELS[p.kind as keyof typeof PAYMENT_KIND_LABELS] ?? p.kind;
  const what =
    p.kind === 'deposit' && tierName
      ? `${label} for ${tierName}`
      : p.kind === 'subscription' && tierName
        ? `${label} — ${tierName}`
        : label;
  const period = p.period_start && p.period_end ? ` (${day(p.period_start)} to ${day(p.period_end)})` : '';
  const project = p.title ? `: ${p.title}` : '';
  return { description: `${what}${period}${project}`, quantity: 1, amountCents: Number(p.amount_cents) };
}

/**
 * The invoice of a payment that succeeded, issued once (a second call returns the first). Call it in the
 * transaction that marked the payment succeeded.
 */
export async function issueInvoice(
  q: Queryable,
  paymentId: string,
): Promise<{ id: string; number: string } | null> {
  const [existing] = await q.query<{ id: string; number: string }>(
    `select id, number from billing_documents where payment_id = $1 and kind = 'invoice'`,
    [paymentId],
  );
  if (existing) return existing;
  const payment = await paymentFacts(q, 'pay.id', paymentId);
  if (!payment) throw new Error(`No payment ${paymentId} to invoice`);
  // Nothing was charged (a payment of nothing): there is nothing to invoice.
  if (Number(payment.amount_cents) <= 0) return null;
  const issuedAt = new Date(payment.succeeded_at ?? Date.now());
  const year = issuedAt.getUTCFullYear();
  const series = BILLING_DOCUMENT_SERIES.invoice;
  const seq = await nextNumber(q, series, year);
  const number = formatDocumentNumber(series, year, seq);
  const [row] = await q.query<{ id: string }>(
    `insert into billing_documents (kind, series, year, seq, number, payment_id, project_id, amount_cents, card_last4,
       issued_at, bill_to, lines, seller)
     values ('invoice', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, (select details from billing_seller))
     returning id`,
    [
      series,
      year,
      seq,
      number,
      payment.id,
      payment.project_id,
      payment.amount_cents,
      payment.card_last4,
      issuedAt.toISOString(),
      JSON.stringify(billToOf(payment)),
      JSON.stringify([lineOf(payment)]),
    ],
  );
  return { id: row!.id, number };
}

/** The credit note of a refund, referencing its payment's invoice (issued first if it was missing). */
export async function issueCreditNote(
  q: Queryable,
  refundId: string,
): Promise<{ id: string; number: string }> {
  const [refund] = await q.query<{
    id: string;
    amount_cents: number;
    created_at: Date | string;
    reason: string | null;
    payment_id: string;
  }>(
    `select r.id, r.amount_cents, r.created_at, r.reason, p.id as payment_id
       from payment_refunds r join payments p on p.stripe_payment_intent_id = r.stripe_payment_intent_id
      where r.stripe_refund_id = $1`,
    [refundId],
  );
  if (!refund) throw new Error(`No refund ${refundId} to credit`);
  const [existing] = await q.query<{ id: string; number: string }>(
    `select id, number from billing_documents where refund_id = $1`,
    [refund.id],
  );
  if (existing) return existing;
  const invoice = await issueInvoice(q, refund.payment_id);
  if (!invoice) throw new Error(`Refund ${refundId} of a payment of nothing`);
  const payment = (await paymentFacts(q, 'pay.id', refund.payment_id))!;
  const issuedAt = new Date(refund.created_at);
  const year = issuedAt.getUTCFullYear();
  const series = BILLING_DOCUMENT_SERIES.credit_note;
  const seq = await nextNumber(q, series, year);
  const number = formatDocumentNumber(series, year, seq);
  const line = lineOf(payment);
  const [row] = await q.query<{ id: string }>(
    `insert into billing_documents (kind, series, year, seq, number, payment_id, refund_id, invoice_id, project_id,
       amount_cents, card_last4, issued_at, bill_to, lines, seller)
     values ('credit_note', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, (select details from billing_seller))
     returning id`,
    [
      series,
      year,
      seq,
      number,
      payment.id,
      refund.id,
      invoice.id,
      payment.project_id,
      refund.amount_cents,
      payment.card_last4,
      issuedAt.toISOString(),
      JSON.stringify(billToOf(payment)),
      JSON.stringify([
        {
          description: `Refund of ${invoice.number}: ${line.description}${refund.reason ? ` — ${refund.reason}` : ''}`,
          quantity: 1,
          amountCents: Number(refund.amount_cents),
        },
      ]),
    ],
  );
  return { id: row!.id, number };
}

const DOCUMENT_COLUMNS = `d.id, d.kind, d.number, d.payment_id, d.invoice_id, inv.number as invoice_number,
  pay.project_id, pr.title as project_title, pr.client_id, d.amount_cents, d.card_last4, d.issued_at,
  pay.succeeded_at as paid_at, d.bill_to, d.lines, pay.kind as payment_kind, d.seller`;
const DOCUMENT_FROM = `billing_documents d
  join payments pay on pay.id = d.payment_id
  left join projects pr on pr.id = pay.project_id
  left join billing_documents inv on inv.id = d.invoice_id`;

interface DocumentRow {
  id: string;
  kind: BillingDocumentKind;
  number: string;
  payment_id: string;
  invoice_id: string | null;
  invoice_number: string | null;
  project_id: string | null;
  project_title: string | null;
  client_id: string | null;
  amount_cents: number;
  card_last4: string | null;
  issued_at: Date | string;
  paid_at: Date | string | null;
  bill_to: BillTo | string;
  lines: DocumentLine[] | string;
  payment_kind: string;
  seller: SellerDetails | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toDocument(row: DocumentRow): BillingDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    paymentId: row.payment_id,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    projectId: row.project_id,
    projectTitle: row.project_title,
    clientId: row.client_id,
    amountCents: Number(row.amount_cents),
    cardLast4: row.card_last4,
    issuedAt: new Date(row.issued_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    billTo: json(row.bill_to),
    lines: json(row.lines),
    paymentKind: row.payment_kind,
    seller: row.seller === null ? null : json(row.seller),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One document; `clientId` limits it to that client's projects (another client's is not found). */
export async function findDocument(
  q: Queryable,
  id: string,
  clientId?: string,
): Promise<BillingDocument | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await q.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from ${DOCUMENT_FROM}
      where d.id = $1 ${clientId ? 'and pr.client_id = $2' : ''}`,
    clientId ? [id, clientId] : [id],
  );
  return rows[0] ? toDocument(rows[0]) : undefined;
}

/** A client's documents, newest first. */
export async function clientDocuments(q: Queryable, clientId: string): Promise<BillingDocument[]> {
  const rows = await q.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from ${DOCUMENT_FROM}
      where pr.client_id = $1 order by d.issued_at desc, d.number desc`,
    [clientId],
  );
  return rows.map(toDocument);
}

/** The invoice of a payment (by its PaymentIntent or its Stripe invoice), for the receipt that goes with it. */
export async function documentOfPayment(
  q: Queryable,
  ref: { paymentIntentId?: string | null; invoiceId?: string | null },
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await q.query<{ id: string; number: string }>(
    `select d.id, d.number from billing_documents d join payments p on p.id = d.payment_id
      where d.kind = 'invoice' and (p.stripe_payment_intent_id = $1 or p.stripe_invoice_id = $2)
      order by d.issued_at limit 1`,
    [ref.paymentIntentId ?? null, ref.invoiceId ?? null],
  );
  return row;
}

/** The credit note of a Stripe refund. */
export async function documentOfRefund(
  q: Queryable,
  refundId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await q.query<{ id: string; number: string }>(
    `select d.id, d.number from billing_documents d join payment_refunds r on r.id = d.refund_id
      where r.stripe_refund_id = $1`,
    [refundId],
  );
  return row;
}
