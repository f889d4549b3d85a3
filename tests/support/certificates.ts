import sharp from 'sharp';
import { expect } from 'vitest';
import { minPosition } from './accounts.ts';
import type { TestClient } from './testServer.ts';

/** A certificate's scan (사전승낙서, 안심거래): a plain PNG of the given size. */
export const certificateScan = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/**
 * What both shop certificates' pictures (issue 41) must do, checked the same way: a PDF that does not parse is
 * refused with the certificate's Korean message; guests (401) and buyers (403) upload nothing; the seller's
 * upload is re-encoded and served as WebP to it and admins, while another shop reads it as if there were none
 * (404), a buyer 403 and a guest 401. Answers the uploaded picture's id and address.
 */
export async function expectCertificatePicture(
  path: string, pdfBroken: string, scan: () => Promise<Buffer>,
  who: { seller: TestClient; admin: TestClient; otherShop: TestClient; buyer: TestClient; guest: TestClient },
): Promise<{ documentId: string; url: string }> {
  const upload = async (c: TestClient, bytes: Uint8Array, type = 'image/png') => c.request('POST', path, { body: bytes, headers: { 'content-type': type } });
  const refusedPdf = await upload(who.seller, new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'), 'application/pdf');
  expect(refusedPdf.status).toBe(400);
  expect(refusedPdf.body).toMatchObject({ message: pdfBroken });
  expect((await upload(who.guest, new Uint8Array(await scan()))).status).toBe(401);
  expect((await upload(who.buyer, new Uint8Array(await scan()))).status).toBe(403);
  const uploaded = await upload(who.seller, new Uint8Array(await scan()));
  expect(uploaded.status).toBe(201);
  const { id: documentId, url } = uploaded.body as { id: string; url: string };
  const picture = await who.seller.get(url, minPosition(uploaded));
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/webp');
  expect((await who.admin.get(url)).status).toBe(200);
  expect((await who.otherShop.get(url)).status).toBe(404);
  expect((await who.buyer.get(url)).status).toBe(403);
  expect((await who.guest.get(url)).status).toBe(401);
  return { documentId, url };
}
