import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';

/** Real PDFs for the upload tests (issue 41's certificates), made the way a scanner or office program writes them. */

/** An A4 certificate of `pages` pages, its number written on the first. */
export async function certificatePdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(i === 0 ? 'Certificate No. SKT-2026-0012' : `Page ${i + 1}`, { x: 50, y: 780, size: 24, font });
    page.drawRectangle({ x: 50, y: 500, width: 300, height: 150, borderWidth: 4 });
  }
  return doc.save();
}

/**
 * A PDF whose trailer names an AES-256 (/V 5 /R 6) security handler with hashes no password matches: a reader
 * asks for a password, as for a certificate locked by its issuer.
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  const hex = (bytes: number) => PDFHexString.of('ab'.repeat(bytes));
  const encrypt = doc.context.obj({ Filter: 'Standard', V: 5, R: 6, Length: 256, P: -4, O: hex(48), U: hex(48), OE: hex(32), UE: hex(32), Perms: hex(16) });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of('00'.repeat(16)), PDFHexString.of('00'.repeat(16))]);
  return doc.save({ useObjectStreams: false });
}

/** A PDF cut off half way (a failed download): the header is there, the pages and cross-reference are not. */
export async function brokenPdf(): Promise<Uint8Array> {
  const whole = await certificatePdf();
  return whole.subarray(0, Math.floor(whole.length / 3));
}

/** Not a PDF at all, only named .pdf (an HTML page saved under the certificate's name). */
export const notAPdf = new TextEncoder().encode('<html><body><script>alert(1)</script>사전승낙서</body></html>');
