import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { openTestDatabase } from '../test-support/test-api';
import { pdfText } from '../test-support/pdf-text';
import { DEFAULT_SELLER, renderBillingDocument } from '../documents/billing-document-pdf';
import { clientDocuments, findDocument } from './billing-documents';
import { recordInvoice, recordRefund, recordSucceededPayment } from './payment-ledger';

describe('billing documents', () => {
  let db: Database;
  let dropDatabase: () => Promise<void>;
  const clientId = randomUUID();
  const otherClientId = randomUUID();
  let projectId: string;
  beforeAll(async () => {
    ({ db, dropDatabase } = await openTestDatabase());
    await runMigrations(db, path.join(__dirname, '../../migrations'));
    for (const [id, email] of [
      [clientId, 'grace@example.test'],
      [otherClientId, 'alan@example.test'],
    ])
      await db.query(`insert into profiles (id, email, full_name) values ($1, $2, $3)`, [
        id,
        email,
        'Client',
      ]);
    [{ id: projectId }] = (await db.query<{ id: string }>(
      `insert into projects (title, description, tier, client_id, client_name, client_email, cost, status)
       values ('Inventory app', 'An app', 1, $1, 'Grace Hopper', 'grace@example.test', 500, 'active') returning id`,
      [clientId],
    )) as [{ id: string }];
    await db.query(
      `insert into billing_details (user_id, name, company, address, tax_id) values ($1, $2, $3, $4, $5)`,
      [clientId, 'Grace Hopper', 'Cobol Works Inc.', '1 Harbor Way\nArlington, VA 22201', 'US-12-3456789'],
    );
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase();
  });

  const numbersOf = async (series: string) =>
    (
      await db.query<{ number: string }>(
        `select number from billing_documents where series = $1 order by seq`,
        [series],
      )
    ).map((row) => row.number);

  it('gives 10 concurrent payments 10 consecutive numbers, and a rolled-back payment none', async () => {
    const pay = (i: number, fail = false) =>
      db.transaction(async (tx) => {
        await recordSucceededPayment(tx, {
          paymentIntentId: `pi_concurrent_${i}`,
          customerId: 'cus_1',
          projectId,
          kind: 'final',
          amountCents: 25000,
          cardLast4: '4242',
          succeededAt: '2026-11-27T10:00:00Z',
        });
        if (fail) throw new Error('state change failed');
      });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => pay(i)),
      pay(100, true),
      pay(101, true),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(2);
    expect(await numbersOf('INV')).toEqual(
      Array.from({ length: 10 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, '0')}`),
    );
    // The next one goes on from 10: the rolled-back ones left no gap.
    await pay(11);
    expect((await numbersOf('INV')).at(-1)).toBe('INV-2026-0011');
  });

  it('starts each year at 1', async () => {
    await db.transaction((tx) =>
      recordSucceededPayment(tx, {
        paymentIntentId: 'pi_next_year',
        customerId: 'cus_1',
        projectId,
        kind: 'deposit',
        amountCents: 25000,
        succeededAt: '2027-01-02T10:00:00Z',
      }),
    );
    const [row] = await db.query<{ number: string }>(
      `select d.number from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = 'pi_next_year'`,
    );
    expect(row?.number).toBe('INV-2027-0001');
  });

  it('issues one invoice per payment, however often it is recorded', async () => {
    const record = () =>
      db.transaction((tx) =>
        recordSucceededPayment(tx, {
          paymentIntentId: 'pi_concurrent_0',
          customerId: 'cus_1',
          projectId,
          kind: 'final',
          amountCents: 25000,
        }),
      );
    expect(await record()).toBe(false);
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = 'pi_concurrent_0'`,
    );
    expect(row?.n).toBe(1);
  });

  it('makes a credit note that references the invoice of the refunded payment', async () => {
    await db.transaction((tx) =>
      recordRefund(tx, {
        refundId: 're_1',
        paymentIntentId: 'pi_concurrent_3',
        amountCents: 10000,
        reason: 'Refunded by the admin',
        at: '2026-11-27T11:00:00Z',
      }),
    );
    const [credit] = await db.query<{ id: string }>(
      `select d.id from billing_documents d join payment_refunds r on r.id = d.refund_id where r.stripe_refund_id = 're_1'`,
    );
    const note = await findDocument(db, credit!.id);
    const [invoice] = await db.query<{ number: string }>(
      `select d.number from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = 'pi_concurrent_3' and d.kind = 'invoice'`,
    );
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'CN-2026-0001',
      invoiceNumber: invoice!.number,
      amountCents: 10000,
    });
    const text = await pdfText(await renderBillingDocument(note!, DEFAULT_SELLER));
    expect(text).toContain('Credit note CN-2026-0001');
    expect(text).toContain(`Credit note for invoice ${invoice!.number}`);
    expect(text).toContain('-$100 USD');
  });

  it("draws the number, the amounts, both parties' details and the card into the PDF's text", async () => {
    const [row] = await db.query<{ id: string }>(
      `select d.id from billing_documents d join payments p on p.id = d.payment_id
        where p.stripe_payment_intent_id = 'pi_concurrent_0'`,
    );
    const invoice = (await findDocument(db, row!.id))!;
    const text = await pdfText(await renderBillingDocument(invoice, DEFAULT_SELLER));
    for (const expected of [
      `Invoice ${invoice.number}`,
      'Meridian Software LLC',
      'Grace Hopper',
      'Cobol Works Inc.',
      '1 Harbor Way',
      'Tax id: US-12-3456789',
      'Final payment: Inventory app',
      '$250 USD',
      'Total paid',
      'ending in 4242',
      'November 27, 2026',
    ])
      expect(text).toContain(expected);
  });

  it('gives a subscription invoice from Stripe the same document, with its period', async () => {
    await db.transaction((tx) =>
      recordInvoice(tx, {
        invoiceId: 'in_renewal',
        paymentIntentId: 'pi_renewal',
        projectId,
        customerId: 'cus_1',
        amountCents: 800000,
        status: 'succeeded',
        at: '2026-11-27T12:00:00Z',
        cardLast4: '4242',
        period: { start: '2026-11-27T12:00:00Z', end: '2026-12-27T12:00:00Z' },
      }),
    );
    const documents = await clientDocuments(db, clientId);
    const renewal = documents.find((d) => d.paymentKind === 'subscription')!;
    expect(renewal.lines[0]!.description).toContain('(2026-11-27 to 2026-12-27)');
    expect(renewal.amountCents).toBe(800000);
  });

  it("shows a client only their own projects' documents", async () => {
    const [row] = await db.query<{ id: string }>(`select id from billing_documents limit 1`);
    expect(await findDocument(db, row!.id, clientId)).toBeDefined();
    expect(await findDocument(db, row!.id, otherClientId)).toBeUndefined();
    expect(await clientDocuments(db, otherClientId)).toEqual([]);
  });
});
