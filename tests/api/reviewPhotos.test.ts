import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_PHOTO_MESSAGES, reviewPhotoAnswerSchema, reviewPhotosPath, reviewsSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';

/**
 * Issue 39: review photos go through the shared upload piece — `POST /api/orders/{id}/review-photos`
 * (the order's buyer, once it is delivered), re-encoded to WebP, served at `/images/reviews/{id}.webp`,
 * and a review names only photos its author uploaded for that order.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer', ...PAID_TODAY };
const review = { rating: 5, content: '사진처럼 상태가 아주 좋은 폰이에요.' };

async function order(c: TestClient, delivered: boolean) {
  const products = ((await server.client().get('/api/products?limit=50&sort=priceAsc')).body as { products: { id: string; modelId: string }[] }).products;
  const offer = products[0]!;
  expect((await c.post('/api/cart/items', { productId: offer.id })).status).toBe(201);
  const placed = await c.post('/api/orders', address);
  expect(placed.status).toBe(201);
  const id = (placed.body as { id: string }).id;
  if (delivered) expect((await moveOrder(await demoSignedIn(server, 'admin'), id, 'delivered')).status).toBe(200);
  return { id, modelId: offer.modelId };
}
const upload = (c: TestClient, orderId: string, body: Uint8Array, type = 'image/jpeg') =>
  c.request('POST', reviewPhotosPath(orderId), { body, headers: { 'content-type': type } });

describe('review photos (issue 39)', () => {
  it('the buyer of a delivered order uploads a photo: re-encoded WebP with no metadata, public at its address, shown in the review', async () => {
    const buyer = await registeredBuyer(server, 'photo');
    const { id, modelId } = await order(buyer, true);
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c03060' } })
      .withMetadata({ exif: { IFD0: { Make: 'SecretPhone', Copyright: '집 주소' } } }).jpeg().toBuffer();
    const uploaded = await upload(buyer, id, new Uint8Array(jpeg));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { url } = reviewPhotoAnswerSchema.parse(uploaded.body);
    expect(url).toMatch(/^\/images\/reviews\/[A-Za-z0-9_-]+\.webp$/);
    const served = await fetch(`${server.url}${url}`, { headers: { 'x-min-position': minPosition(uploaded)['x-min-position'] } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ format: 'webp', width: 1200, height: 800, exif: undefined });

    const written = await buyer.post(`/api/products/${modelId}/reviews`, { orderId: id, ...review, photos: [url] });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const reviews = reviewsSchema.parse((await server.client().get(`/api/products/${modelId}/reviews`, minPosition(written))).body);
    expect(reviews.reviews.find((r) => r.id === (written.body as { id: string }).id)?.photos).toEqual([url]);
  });

  it("bad pictures are a Korean 400, too large a Korean 413; an order not delivered yet 403; someone else's order 404", async () => {
    const buyer = await registeredBuyer(server, 'photo-bad');
    const delivered = await order(buyer, true);
    const notText = await upload(buyer, delivered.id, new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'image/svg+xml');
    expect(notText.status).toBe(400);
    expect(notText.body).toMatchObject({ message: REVIEW_PHOTO_MESSAGES.notImage });
    const empty = await upload(buyer, delivered.id, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: REVIEW_PHOTO_MESSAGES.empty });
    const big = await upload(buyer, delivered.id, new Uint8Array(6 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ message: REVIEW_PHOTO_MESSAGES.tooLarge });
    const png = new Uint8Array(await sharp({ create: { width: 30, height: 30, channels: 3, background: '#3060c0' } }).png().toBuffer());
    const pending = await order(buyer, false);
    expect((await upload(buyer, pending.id, png)).status, 'not delivered yet').toBe(403);
    expect((await upload(await registeredBuyer(server, 'photo-other'), delivered.id, png)).status, "another buyer's order").toBe(404);
    expect((await upload(buyer, 'no-such-order', png)).status).toBe(404);
  });

  it("a review may not name another buyer's photo, nor one uploaded for another order (400 on the photo's field)", async () => {
    const owner = await registeredBuyer(server, 'photo-owner');
    const other = await registeredBuyer(server, 'photo-thief');
    const mine = await order(owner, true);
    const theirs = await order(other, true);
    const png = new Uint8Array(await sharp({ create: { width: 30, height: 30, channels: 3, background: '#30c060' } }).png().toBuffer());
    const ownerPhoto = reviewPhotoAnswerSchema.parse((await upload(owner, mine.id, png)).body).url;
    const stolen = await other.post(`/api/products/${theirs.modelId}/reviews`, { orderId: theirs.id, ...review, photos: [ownerPhoto] });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ message: REVIEW_PHOTO_MESSAGES.notYours, errors: { 'photos.0': REVIEW_PHOTO_MESSAGES.notYours } });
    // The owner's second delivered order: the photo of the first does not belong to its review either.
    const second = await order(owner, true);
    const moved = await owner.post(`/api/products/${second.modelId}/reviews`, { orderId: second.id, ...review, photos: [ownerPhoto] });
    expect(moved.status).toBe(400);
    const own = await owner.post(`/api/products/${mine.modelId}/reviews`, { orderId: mine.id, ...review, photos: [ownerPhoto] });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });
});
