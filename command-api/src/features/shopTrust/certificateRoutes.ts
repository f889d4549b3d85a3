import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import type * as z from 'zod/mini';
import { CERTIFICATE_PDF_MAX_PAGES, preApprovalDecisionSchema } from '@phonemarket/contracts';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { beforeBody, check } from '../../shared/bodyGate.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import type { Decider } from '../../shared/decider.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { imageBody, MAX_UPLOAD_BYTES, PHOTO_FORMATS, reencodeImage, uploadedBytes, type UploadMessages } from '../../shared/imageUpload.ts';
import { isPdf, pdfFirstPageAsPng, type PdfMessages } from '../../shared/pdfPage.ts';
import { loadSeller } from '../sellers/public.ts';
import type { CertificateDocumentState, CertificatePicture } from './certificate.ts';

/*
 * What the shop certificates (사전승낙서 §2, 안심거래 §3; issue 41) share: a picture uploaded and recorded once
 * as its uploader's, and the three routes — the picture, the seller's submission (its picture must be its own)
 * and the admins' decision (approve, or reject with a reason). Each certificate names its paths, streams,
 * deciders and Korean messages; its own decider says what a submission and a decision mean.
 */

export interface CertificateMessages extends UploadMessages, PdfMessages {
  invalid: string; notSeller: string; documentUnknown: string; nothingToDecide: string;
}
type Decision = { decision: 'approved' | 'rejected'; reason: string | null };
/** A certificate's pictures: how one is recorded and where it is read. */
export interface CertificateDocuments<DC extends { type: string }> {
  /** The record ids' kind: `<kind>` a submission's, `<kind>Document` a picture's (a retry with the same key is the same one). */
  kind: string;
  messages: CertificateMessages;
  documentStream: (documentId: string) => string;
  documentDecider: Decider<CertificateDocumentState, DC>;
  recordDocument: (picture: CertificatePicture) => DC;
  /** Where the picture is read (the query side's route). */
  documentUrl: (documentId: string) => string;
}
export interface Certificate<S, C extends { type: string }, DC extends { type: string }, Input extends { documentId: string }> extends CertificateDocuments<DC> {
  paths: { submit: string; document: string; admin: string };
  stream: (sellerId: string) => string;
  decider: Decider<S, C>;
  inputSchema: z.core.$ZodType<Input>;
  submit: (sellerId: string, submissionId: string, input: Input) => C;
  decide: (sellerId: string, decision: Decision) => C;
}
/** A certificate, typed as its parts are (for its routes). */
export const defineCertificate = <S, C extends { type: string }, DC extends { type: string }, Input extends { documentId: string }>(cert: Certificate<S, C, DC, Input>) => cert;

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A certificate's picture: a photo or scan, or a PDF's first page drawn as a picture (no PDF byte is kept),
 * re-encoded to WebP by the shared upload piece, kept whole inside 2000 px so its number stays readable,
 * recorded once as the uploader's. Answers 201 with its id and address. Returns the body parser and the
 * handler, to follow the route's own role checks.
 */
export function certificateDocumentUpload<DC extends { type: string }>(
  deps: CommandDeps, cert: CertificateDocuments<DC>,
): [RequestHandler, RequestHandler] {
  const rules = { formats: PHOTO_FORMATS, size: { width: 2000, height: 2000, fit: 'inside' as const }, messages: cert.messages };
  const record: RequestHandler = async (req, res) => {
    const bytes = uploadedBytes(req);
    const picture = isPdf(bytes) ? await pdfFirstPageAsPng(bytes, { maxPages: CERTIFICATE_PDF_MAX_PAGES, messages: cert.messages }) : bytes;
    const webp = await reencodeImage(picture, rules);
    await claimIdempotencyKey(deps, req, { sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const documentId = newRecordId(ctx, `${cert.kind}Document`);
    const result = await handleCommand(deps.store, cert.documentStream(documentId), cert.documentDecider, cert.recordDocument({
      documentId, sellerId: req.auth!.user.id, width: webp.width, height: webp.height, data: webp.data.toString('base64'),
    }), ctx);
    res.status(201).json(commandAnswer(documentId, result.position, { url: cert.documentUrl(documentId) }));
  };
  return [imageBody({ maxBytes: MAX_UPLOAD_BYTES, messages: cert.messages }), record];
}

/**
 * The certificate's three routes: `POST {document}` (an approved seller's picture), `POST {submit}` (an
 * approved seller's own certificate; its picture must be its own upload, another's is as if there were none)
 * and `POST {admin}/{sellerId}/decide` (admins). A certificate's expiry is its process's timers, never a route's.
 */
export function certificateRoutes<S, C extends { type: string }, DC extends { type: string }, Input extends { documentId: string }>(
  deps: CommandDeps, cert: Certificate<S, C, DC, Input>,
): Router {
  const router = Router();
  const seller = requireRole('seller');
  const approvedSeller = async (sellerId: string) => {
    const account = await loadSeller(deps.store, sellerId);
    if (account.status !== 'approved') throw new DomainError('forbidden', cert.messages.notSeller);
  };

  router.post(cert.paths.document, beforeBody(seller, check((req) => approvedSeller(req.auth!.user.id))), ...certificateDocumentUpload(deps, cert));

  router.post(cert.paths.submit, seller, async (req, res) => {
    const input = parseInput(cert.inputSchema, req.body, cert.messages.invalid);
    const sellerId = req.auth!.user.id;
    await approvedSeller(sellerId);
    const document = await loadAggregate(deps.store, cert.documentStream(input.documentId), cert.documentDecider);
    if (document.state.sellerId !== sellerId) throw badRequest(cert.messages.documentUnknown, { documentId: cert.messages.documentUnknown });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const submissionId = newRecordId(ctx, cert.kind);
    const result = await handleCommand(deps.store, cert.stream(sellerId), cert.decider, cert.submit(sellerId, submissionId, input), ctx);
    res.status(201).json(commandAnswer(submissionId, result.position));
  });

  router.post(`${cert.paths.admin}/:sellerId/decide`, requireRole('admin'), async (req, res) => {
    const sellerId = req.params.sellerId as string;
    if (!PLAIN_ID.test(sellerId)) throw notFound(cert.messages.nothingToDecide);
    const input = parseInput(preApprovalDecisionSchema, req.body, cert.messages.invalid);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, cert.stream(sellerId), cert.decider, cert.decide(sellerId, { decision: input.decision, reason: input.reason || null }), commandContext(req, deps));
    res.json(commandAnswer(sellerId, result.position));
  });

  return router;
}
