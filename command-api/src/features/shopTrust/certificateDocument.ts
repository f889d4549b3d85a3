import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { handleCommand, newRecordId } from '../../shared/commandHandler.ts';
import type { Decider } from '../../shared/decider.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { CERTIFICATE_PDF_MAX_PAGES } from '@phonemarket/contracts';
import { imageBody, MAX_UPLOAD_BYTES, PHOTO_FORMATS, reencodeImage, uploadedBytes, type UploadMessages } from '../../shared/imageUpload.ts';
import { isPdf, pdfFirstPageAsPng, type PdfMessages } from '../../shared/pdfPage.ts';

interface Picture { documentId: string; sellerId: string; width: number; height: number; data: string }
interface CertificateDocument<S, C extends { type: string }> {
  /** The record id's kind (a retried upload with the same key is the same document). */
  kind: string;
  stream: (documentId: string) => string;
  decider: Decider<S, C>;
  command: (picture: Picture) => C;
  url: (documentId: string) => string;
  messages: UploadMessages & PdfMessages;
}

/**
 * A certificate's picture (사전승낙서, 안심거래; issue 41): a photo or scan, or a PDF's first page drawn as a
 * picture (no PDF byte is kept), re-encoded to WebP by the shared upload piece, kept whole inside 2000 px so its
 * number stays readable, recorded once as the uploader's. Answers 201 with its id and address. Returns the body parser and the handler, to follow the route's own role checks.
 */
export function certificateDocumentUpload<S, C extends { type: string }>(deps: CommandDeps, doc: CertificateDocument<S, C>): [RequestHandler, RequestHandler] {
  const rules = { formats: PHOTO_FORMATS, size: { width: 2000, height: 2000, fit: 'inside' as const }, messages: doc.messages };
  const record: RequestHandler = async (req, res) => {
    const bytes = uploadedBytes(req);
    const picture = isPdf(bytes) ? await pdfFirstPageAsPng(bytes, { maxPages: CERTIFICATE_PDF_MAX_PAGES, messages: doc.messages }) : bytes;
    const webp = await reencodeImage(picture, rules);
    await claimIdempotencyKey(deps, req, { sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const documentId = newRecordId(ctx, doc.kind);
    const result = await handleCommand(deps.store, doc.stream(documentId), doc.decider, doc.command({
      documentId, sellerId: req.auth!.user.id, width: webp.width, height: webp.height, data: webp.data.toString('base64'),
    }), ctx);
    res.status(201).json(commandAnswer(documentId, result.position, { url: doc.url(documentId) }));
  };
  return [imageBody({ maxBytes: MAX_UPLOAD_BYTES, messages: doc.messages }), record];
}
