import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_PDF_MAX_PAGES, PRE_APPROVAL_MESSAGES, SAFE_TRADE_MESSAGES } from '@phonemarket/contracts';
import { openEventStore, type EventStore } from '@phonemarket/events';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { brokenPdf, certificatePdf, encryptedPdf, notAPdf } from '../support/pdfs.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * A certificate sent as PDF (issue 41 §2–3, "an image/PDF upload re-encoded as today's uploads"), on each of its
 * three upload routes: its first page is drawn and stored as a WebP like a photo (no PDF byte is kept or served);
 * a broken PDF, a file only named .pdf, an encrypted one and one of too many pages get a Korean 400 and append
 * nothing to the log.
 */
let server: TestServer;
let log: EventStore;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  log = await openEventStore({ dataDir: server.dataDir });
});
afterAll(async () => { await log?.close(); await server?.close(); });

let n = 0;
const ROUTES = [
  { path: '/api/seller/pre-approval/document', who: () => demoSignedIn(server, 'seller'), messages: PRE_APPROVAL_MESSAGES },
  { path: '/api/seller/safe-trade/document', who: () => demoSignedIn(server, 'seller'), messages: SAFE_TRADE_MESSAGES },
  { path: '/api/seller-applications/pre-approval/document', who: () => registeredBuyer(server, 'pdf-applicant'), messages: PRE_APPROVAL_MESSAGES },
] as const;

const send = async (c: TestClient, path: string, bytes: Uint8Array) => {
  const correlation = `certificate-pdf-${++n}`;
  const answer = await c.request('POST', path, { body: bytes, headers: { 'content-type': 'application/pdf', 'x-correlation-id': correlation } });
  const appended = (await log.readAll()).filter((e) => e.metadata.correlationId === correlation).map((e) => e.type);
  return { ...answer, appended, correlation };
};
/** The stored picture's bytes as served (the test client reads bodies as text). */
const served = async (c: TestClient, url: string, after: Record<string, string>) => {
  const res = await fetch(server.url + url, { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...after } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe.each(ROUTES)('a certificate PDF on $path', ({ path, who, messages }) => {
  it('a one-page PDF is stored and served as a WebP of its first page; no PDF byte is kept', async () => {
    const c = await who();
    const pdf = await certificatePdf();
    const uploaded = await send(c, path, pdf);
    expect(uploaded.status).toBe(201);
    expect(uploaded.appended.length).toBeGreaterThan(0);
    // Served as the picture it now is (to the admins who check it).
    const picture = await served(await demoSignedIn(server, 'admin'), (uploaded.body as { url: string }).url, minPosition(uploaded));
    expect(picture).toMatchObject({ status: 200, type: 'image/webp' });
    expect(await sharp(picture.bytes).metadata()).toMatchObject({ format: 'webp', width: 1414, height: 2000 });
    expect(picture.bytes.includes('%PDF')).toBe(false);
    // What the log keeps is the WebP (the event's picture), never the PDF.
    const pictures = (await log.readAll()).filter((e) => e.metadata.correlationId === uploaded.correlation)
      .map((e) => (e.data as { data?: unknown }).data).filter((d): d is string => typeof d === 'string');
    expect(pictures).toHaveLength(1);
    expect(await sharp(Buffer.from(pictures[0]!, 'base64')).metadata()).toMatchObject({ format: 'webp', width: 1414, height: 2000 });
  });

  it('a broken PDF, a file only named .pdf, an encrypted PDF and one of too many pages: Korean 400, nothing appended', async () => {
    const c = await who();
    const refusals: [Uint8Array, string][] = [
      [await brokenPdf(), messages.pdfBroken],
      [notAPdf, messages.notImage],
      [await encryptedPdf(), messages.pdfEncrypted],
      [await certificatePdf(CERTIFICATE_PDF_MAX_PAGES + 1), messages.pdfPages],
    ];
    for (const [bytes, message] of refusals) {
      const refused = await send(c, path, bytes);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message, errors: { file: message } });
      expect(refused.appended).toEqual([]);
    }
  });
});
