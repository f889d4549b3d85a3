import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brokenPdf, certificatePdf, encryptedPdf, notAPdf } from './support/pdfs.ts';
import { isPdf, pdfFirstPageAsPng } from '@phonemarket/command-api/shared/pdfPage.ts';

const messages = { pdfBroken: '깨짐', pdfEncrypted: '암호', pdfPages: '쪽수' };
const render = (bytes: Uint8Array, maxPages = 3) => pdfFirstPageAsPng(Buffer.from(bytes), { maxPages, messages });

describe('a PDF upload made a picture (its first page)', () => {
  it('an A4 page is drawn as a PNG 2000 px tall, white where the page is, in bounded time', async () => {
    const pdf = Buffer.from(await certificatePdf());
    expect(isPdf(pdf)).toBe(true);
    const started = performance.now();
    const png = await render(pdf);
    const elapsed = performance.now() - started;
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1414, height: 2000 });
    // The page is drawn: the top-left corner is paper white, the frame's stroke is dark.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(at(5, 5)).toBe(255);
    expect(at(Math.round((50 / 595.28) * 1414), Math.round(((841.89 - 575) / 841.89) * 2000))).toBeLessThan(80);
    console.info(`PDF A4 first page → PNG: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('refuses, with the caller’s messages, a PDF of more pages than allowed, an encrypted one and a broken one', async () => {
    await expect(render(await certificatePdf(4))).rejects.toMatchObject({ status: 400, message: '쪽수' });
    expect(await sharp(await render(await certificatePdf(3))).metadata()).toMatchObject({ format: 'png' });
    await expect(render(await encryptedPdf())).rejects.toMatchObject({ status: 400, message: '암호' });
    await expect(render(await brokenPdf())).rejects.toMatchObject({ status: 400, message: '깨짐' });
    await expect(render(new TextEncoder().encode('%PDF-1.7\n%%EOF'))).rejects.toMatchObject({ status: 400, message: '깨짐' });
  });

  it('a file is a PDF by its first bytes, not its name', () => {
    expect(isPdf(Buffer.from(notAPdf))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-1.4'))).toBe(true);
  });
});
