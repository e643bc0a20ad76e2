import { formatUsd, fromCents } from '@agency/domain';
import { BILLING_DOCUMENT_LABELS } from '@agency/domain/billing';
import type { BillingDocument, SellerDetails } from '../money/billing-documents';
import { renderPdf } from './pdf';

export type { SellerDetails };

/** Local defaults; production sets BILLING_SELLER_NAME, _ADDRESS, _EMAIL and _TAX_ID. */
export const DEFAULT_SELLER: SellerDetails = {
  name: 'Meridian Software LLC',
  address: '548 Market Street, Suite 100\nSan Francisco, CA 94104\nUnited States',
  email: 'billing@consultancy.test',
  taxId: null,
};

const date = (at: string) =>
  new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const usd = (cents: number) => `${formatUsd(fromCents(cents))} USD`;

/** The file name a document downloads as. */
export const documentFileName = (doc: Pick<BillingDocument, 'number'>) => `${doc.number}.pdf`;

/**
 * An invoice (a receipt: it is issued paid) or a credit note as PDF: the consultancy, the client as billed, the
 * lines, the total in USD, the dates and the card. The same document renders to the same bytes. The consultancy
 * is the one the document was issued with; `currentSeller` (the configuration) only names it on a document
 * issued before sellers were kept with it.
 */
export function renderBillingDocument(doc: BillingDocument, currentSeller: SellerDetails): Promise<Buffer> {
  const seller = doc.seller ?? currentSeller;
  const title = `${BILLING_DOCUMENT_LABELS[doc.kind]} ${doc.number}`;
  const credit = doc.kind === 'credit_note';
  return renderPdf({ title, subject: `${seller.name} — ${title}` }, new Date(doc.issuedAt), (pdf) => {
    const left = pdf.page.margins.left;
    const width = pdf.page.width - left - pdf.page.margins.right;
    pdf.font('Helvetica-Bold').fontSize(20).text(title);
    pdf.moveDown(0.3);
    pdf.font('Helvetica').fontSize(10);
    pdf.text(`Date of issue: ${date(doc.issuedAt)}`);
    if (!credit && doc.paidAt) pdf.text(`Paid: ${date(doc.paidAt)}`);
    if (credit && doc.invoiceNumber) pdf.text(`Credit note for invoice ${doc.invoiceNumber}`);
    pdf.moveDown();

    const top = pdf.y;
    pdf.font('Helvetica-Bold').text('From', left, top, { width: width / 2 - 10 });
    pdf.font('Helvetica').text(seller.name, { width: width / 2 - 10 });
    pdf.text(seller.address, { width: width / 2 - 10 });
    pdf.text(seller.email, { width: width / 2 - 10 });
    if (seller.taxId) pdf.text(`Tax id: ${seller.taxId}`, { width: width / 2 - 10 });
    const afterSeller = pdf.y;
    const billX = left + width / 2 + 10;
    pdf.font('Helvetica-Bold').text('Bill to', billX, top, { width: width / 2 - 10 });
    pdf.font('Helvetica').text(doc.billTo.name, billX, pdf.y, { width: width / 2 - 10 });
    if (doc.billTo.company) pdf.text(doc.billTo.company, billX, pdf.y, { width: width / 2 - 10 });
    if (doc.billTo.address) pdf.text(doc.billTo.address, billX, pdf.y, { width: width / 2 - 10 });
    if (doc.billTo.email) pdf.text(doc.billTo.email, billX, pdf.y, { width: width / 2 - 10 });
    if (doc.billTo.taxId) pdf.text(`Tax id: ${doc.billTo.taxId}`, billX, pdf.y, { width: width / 2 - 10 });
    pdf.y = Math.max(afterSeller, pdf.y);
    pdf.x = left;
    pdf.moveDown(1.5);

    const amountX = left + width - 140;
    const row = (description: string, quantity: string, amount: string, bold = false) => {
      const y = pdf.y;
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      pdf.text(description, left, y, { width: width - 220 });
      const after = pdf.y;
      pdf.text(quantity, left + width - 210, y, { width: 60, align: 'right' });
      pdf.text(amount, amountX, y, { width: 140, align: 'right' });
      pdf.y = Math.max(after, pdf.y);
      pdf.x = left;
      pdf.moveDown(0.4);
    };
    row('Description', 'Qty', 'Amount', true);
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .stroke();
    pdf.moveDown(0.4);
    for (const line of doc.lines)
      row(line.description, String(line.quantity), usd(credit ? -line.amountCents : line.amountCents));
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .stroke();
    pdf.moveDown(0.4);
    const total = doc.lines.reduce((sum, line) => sum + line.amountCents, 0);
    row(credit ? 'Total credited' : 'Total paid', '', usd(credit ? -total : total), true);
    pdf.moveDown();
    pdf.font('Helvetica');
    const card = doc.cardLast4 ? `the card ending in ${doc.cardLast4}` : 'card';
    pdf.text(
      credit
        ? `Refunded to ${card}. Amounts in US dollars (USD).`
        : `Paid by ${card}. Amounts in US dollars (USD).`,
      left,
      pdf.y,
      { width },
    );
    if (doc.projectTitle) pdf.text(`Project: ${doc.projectTitle}`, { width });
  });
}
