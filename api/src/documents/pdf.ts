/** The documents the API issues (signed agreements, invoices, receipts, credit notes) as PDF, with PDFKit. */
export type PdfDraw = (doc: PDFKit.PDFDocument) => void;

export interface PdfInfo {
  title: string;
  subject?: string;
}

/**
 * Draws a document and returns its bytes. Text stays text (the built-in Helvetica, no outlines), so a reader, an
 * accessibility tool or a test can extract it. `CreationDate` is pinned to `createdAt` so the same input gives the
 * same bytes.
 */
export async function renderPdf(info: PdfInfo, createdAt: Date, draw: PdfDraw): Promise<Buffer> {
  // Loaded with the first document drawn (with its fonts and layout libraries): most processes, and every
  // request but a few, draw none.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: info.title,
        ...(info.subject ? { Subject: info.subject } : {}),
        Producer: 'Agency',
        CreationDate: createdAt,
      },
      displayTitle: true,
      lang: 'en-US',
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}
