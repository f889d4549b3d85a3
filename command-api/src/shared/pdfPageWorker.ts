import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/*
 * Runs in its own thread (pdfPage.ts): PDF.js parses the upload and draws its first page on a Skia canvas, and
 * the PNG goes back to the caller. Being a thread of its own, a file that takes too long or too much memory is
 * ended by the caller without touching the server's event loop. PDF.js never runs a document's JavaScript (that
 * needs its viewer's sandbox, not loaded here), XFA forms are off, and this version compiles nothing with eval.
 */

export interface PdfPageRequest { bytes: Uint8Array; maxPages: number; longestSidePx: number }
export type PdfPageAnswer = { ok: true; png: Uint8Array; width: number; height: number } | { ok: false; reason: 'broken' | 'encrypted' | 'pages' };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** Embedded images larger than this many pixels are not drawn (a small file can declare a huge one). */
const MAX_IMAGE_PIXELS = 40_000_000;

type RenderCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

async function firstPage({ bytes, maxPages, longestSidePx }: PdfPageRequest): Promise<PdfPageAnswer> {
  const task = getDocument({
    data: bytes, enableXfa: false, stopAtErrors: true, verbosity: 0, maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'), cMapUrl: join(pdfjsRoot, 'cmaps/'), wasmUrl: join(pdfjsRoot, 'wasm/'), iccUrl: join(pdfjsRoot, 'iccs/'),
  });
  try {
    const pdf = await task.promise;
    const info = (await pdf.getMetadata()).info as { EncryptFilterName?: string | null };
    // Even one that opens without a password is refused: what an admin checks should be readable by anyone.
    if (info.EncryptFilterName) return { ok: false, reason: 'encrypted' };
    if (pdf.numPages > maxPages) return { ok: false, reason: 'pages' };
    const page = await pdf.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    if (!(unit.width > 0 && unit.height > 0)) return { ok: false, reason: 'broken' };
    const viewport = page.getViewport({ scale: longestSidePx / Math.max(unit.width, unit.height) });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    await page.render({ canvas: canvas as unknown as RenderCanvas, viewport, background: '#ffffff' }).promise;
    const png = await canvas.encode('png');
    return { ok: true, png, width: canvas.width, height: canvas.height };
  } catch (error) {
    return { ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'encrypted' : 'broken' };
  } finally {
    await task.destroy();
  }
}

const answer = await firstPage(workerData as PdfPageRequest);
parentPort!.postMessage(answer);
