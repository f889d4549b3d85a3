import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { badRequest } from '@phonemarket/platform/http/errors.ts';
import type { PdfPageAnswer, PdfPageRequest } from './pdfPageWorker.ts';

/**
 * A PDF upload made a picture (issue 41: a 사전승낙서 or 안심거래 certificate "as an image/PDF upload"): its first
 * page drawn as PNG in a thread of its own, for the caller to hand to `reencodeImage` like any photo, so the stored
 * file is a WebP exactly like today's uploads and no PDF byte is ever kept or served. Refused with the caller's
 * Korean 400 messages, before anything is stored: a file that does not parse (or takes longer than
 * `PDF_RENDER_TIMEOUT_MS`, or more memory than the thread has), an encrypted one, one of more than the caller's `maxPages`.
 */

export const PDF_RENDER_TIMEOUT_MS = 15_000;
/** Drawn so its longest side is this many pixels: the certificate's number stays readable at the stored 2000 px. */
const LONGEST_SIDE_PX = 2000;
/** One render at a time: each holds a page's pixels and PDF.js (a few hundred MB at worst), and uploads are rare. */
const oneAtATime = pLimit(1);

export interface PdfMessages { pdfBroken: string; pdfEncrypted: string; pdfPages: string }

/** A PDF says so in its first bytes; anything else goes to the picture decoder (and a renamed file is refused there). */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

export function pdfFirstPageAsPng(bytes: Buffer, { maxPages, messages }: { maxPages: number; messages: PdfMessages }): Promise<Buffer> {
  return oneAtATime(async () => {
    const answer = await renderInWorker({ bytes: new Uint8Array(bytes), maxPages, longestSidePx: LONGEST_SIDE_PX });
    if (answer.ok) return Buffer.from(answer.png);
    const message = answer.reason === 'encrypted' ? messages.pdfEncrypted : answer.reason === 'pages' ? messages.pdfPages : messages.pdfBroken;
    throw badRequest(message, { file: message });
  });
}

function renderInWorker(request: PdfPageRequest): Promise<PdfPageAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pdfPageWorker.ts', import.meta.url), {
      workerData: request, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const settle = (answer: PdfPageAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'broken' }), PDF_RENDER_TIMEOUT_MS);
    worker.once('message', (answer: PdfPageAnswer) => settle(answer));
    // A crash (out of memory included) or an exit without an answer is a file that cannot be read.
    worker.once('error', () => settle({ ok: false, reason: 'broken' }));
    worker.once('exit', () => settle({ ok: false, reason: 'broken' }));
  });
}
