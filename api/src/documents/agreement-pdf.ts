import { proposalSections, type ProposalDocument } from '@agency/domain';
import { renderPdf } from './pdf';

export interface AgreementSignature {
  version: number;
  hash: string;
  signedName: string;
  signedAt: string;
  ipAddress: string | null;
}

/**
 * The signed agreement: the proposal exactly as the client read it (the same sections as the page), then the
 * signature block: the typed name, the time, the version and the SHA-256 of the text signed.
 */
export function renderAgreementPdf(
  document: ProposalDocument,
  signature: AgreementSignature,
): Promise<Buffer> {
  return renderPdf(
    { title: `Signed agreement: ${document.title}`, subject: `Proposal version ${document.version}` },
    new Date(signature.signedAt),
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Signed Agreement');
      doc.moveDown(0.5);
      for (const [index, section] of proposalSections(document).entries()) {
        doc
          .font('Helvetica-Bold')
          .fontSize(index === 0 ? 14 : 12)
          .text(section.heading);
        doc.moveDown(0.3);
        doc.font('Helvetica').fontSize(10);
        for (const block of section.blocks) {
          if (block.kind === 'paragraph') doc.text(block.text);
          else if (block.kind === 'list') doc.list(block.items, { bulletRadius: 1.5, textIndent: 10 });
          else for (const [label, value] of block.rows) doc.text(`${label}: ${value}`);
          doc.moveDown(0.4);
        }
        doc.moveDown(0.4);
      }
      doc.font('Helvetica-Bold').fontSize(12).text('Electronic signature');
      doc.moveDown(0.3);
      doc.font('Helvetica').fontSize(10);
      doc.text(`Signed by: ${signature.signedName}`);
      doc.text(`Signed at: ${signature.signedAt}`);
      doc.text(`Proposal version: ${signature.version}`);
      doc.text('SHA-256 of the proposal text signed:');
      doc.font('Courier').fontSize(9).text(signature.hash);
      doc.font('Helvetica').fontSize(10);
      if (signature.ipAddress) doc.text(`From IP address: ${signature.ipAddress}`);
      doc.moveDown(0.4);
      doc.text(
        'The client ticked "I agree" and typed their full name to sign this proposal before any payment was taken.',
      );
    },
  );
}
