import { pdfText } from '../test-support/pdf-text';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('makes a PDF whose text can be extracted', async () => {
    const bytes = await renderPdf({ title: 'Invoice 2026-0001' }, new Date('2026-11-27T12:00:00Z'), (doc) => {
      doc.fontSize(18).text('Invoice 2026-0001');
      doc.fontSize(11).text('Total $12,000.00');
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Invoice 2026-0001');
    expect(text).toContain('Total $12,000.00');
  });

  it('gives the same bytes for the same input', async () => {
    const at = new Date('2026-11-27T12:00:00Z');
    const draw = (doc: PDFKit.PDFDocument) => doc.text('Same');
    const [a, b] = await Promise.all([
      renderPdf({ title: 'A' }, at, draw),
      renderPdf({ title: 'A' }, at, draw),
    ]);
    expect(a.equals(b)).toBe(true);
  });
});
