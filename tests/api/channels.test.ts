import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageCollectionStatsSchema } from '@phonemarket/contracts';
import {
  CHANNEL_MESSAGES, CHANNEL_RULES, channelCreatedSchema, channelDeliveryAnswerSchema, channelsSchema, imageBatchSchema, imageBatchesSchema, type ChannelCreated,
} from '@phonemarket/contracts/channels.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Messaging channels (issue 27): channels registered by admins (the API key answered once, never
 * again), the signed webhook (signature, 5-minute window, replay by deliveryId, inactive channel,
 * type and size limits), the image batches' statuses and history, and the four counters from events.
 */

const now = () => Math.floor(Date.now() / 1000);
const sign = (apiKey: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', apiKey).update(timestamp + body).digest('hex')}`;

async function deliver(c: TestClient, channelId: string, apiKey: string, payload: unknown, opts: { timestamp?: number; signature?: string; raw?: string } = {}) {
  const body = opts.raw ?? JSON.stringify(payload);
  const timestamp = String(opts.timestamp ?? now());
  return c.request('POST', `/api/channels/${channelId}/webhook`, {
    body,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': opts.signature ?? sign(apiKey, timestamp, body) },
  });
}

let png: string;
let jpeg: string;

async function register(admin: TestClient, channelId: string, over: Record<string, unknown> = {}): Promise<ChannelCreated> {
  const res = await admin.post('/api/admin/channels', { channelId, channelName: `${channelId} 정책방`, allowedImageTypes: ['image/png'], ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return channelCreatedSchema.parse(res.body);
}

describe('messaging channels and image batches', () => {
  let server: TestServer;
  let admin: TestClient;
  let guest: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
    admin = await demoSignedIn(server, 'admin');
    guest = server.client();
    png = (await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1428a0' } }).png().toBuffer()).toString('base64');
    jpeg = (await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2185b' } }).jpeg().toBuffer()).toString('base64');
  });
  afterAll(async () => { await server?.close(); });

  it('guests 401, buyers and sellers 403 on every admin channel route (whatever role header), admins pass', async () => {
    const clients: Record<string, TestClient> = { guest, user: await registeredBuyer(server, 'channels'), seller: await demoSignedIn(server, 'seller'), admin };
    const routes: [string, string, unknown, number][] = [
      ['GET', '/api/admin/channels', undefined, 200], ['POST', '/api/admin/channels', { channelId: 'matrix', channelName: '매트릭스' }, 201],
      ['PUT', '/api/admin/channels/matrix/active', { isActive: true }, 200], ['PUT', '/api/admin/channels/matrix/settings', { autoProcessImages: false }, 200],
      ['PUT', '/api/admin/channels/none/settings', { autoProcessImages: false }, 404], ['GET', '/api/admin/image-batches', undefined, 200],
      ['GET', '/api/admin/image-batches/none', undefined, 404], ['PUT', '/api/admin/image-batches/none/status', { status: 'REVIEWING' }, 404],
      ['GET', '/api/admin/image-collection/stats', undefined, 200], ['GET', '/images/channels/none.webp', undefined, 404],
    ];
    for (const [method, route, body, adminStatus] of routes) {
      const statuses: Record<string, number> = {};
      for (const [role, c] of Object.entries(clients)) statuses[role] = (await c.request(method, route, { body, headers: { 'x-role': 'admin' } })).status;
      expect(statuses, `${method} ${route}`).toEqual({ guest: 401, user: 403, seller: 403, admin: adminStatus });
    }
    // A seller's session does not sign a webhook.
    expect((await clients.seller!.post('/api/channels/matrix/webhook', { deliveryId: 'x', images: [{ url: 'https://example.kr/a.png' }] })).status).toBe(401);
  });

  it('a channel: 201 with its key once; the list never shows the key; the same id is 409; Korean field errors', async () => {
    const created = await register(admin, 'kt-policy', { description: 'KT 대리점 단가표' });
    expect(created.apiKey).toMatch(/^pmch_[A-Za-z0-9_-]{43}$/);
    expect(created.webhookUrl).toBe('/api/channels/kt-policy/webhook');
    const list = await admin.get('/api/admin/channels', minPosition({ body: created }));
    const parsed = channelsSchema.parse(list.body);
    expect(parsed.channels.find((c) => c.channelId === 'kt-policy')).toMatchObject({
      channelName: 'kt-policy 정책방', description: 'KT 대리점 단가표', isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'], totalBatches: 0, lastActivity: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.apiKey);
    expect(JSON.stringify(list.body)).not.toMatch(/apiKey|keySalt/);
    const again = await admin.post('/api/admin/channels', { channelId: 'kt-policy', channelName: '다시' });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(CHANNEL_MESSAGES.duplicateChannel);
    const bad = await admin.post('/api/admin/channels', { channelId: 'KT 정책', channelName: '', allowedImageTypes: ['image/svg+xml'] });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: Record<string, string> }).errors).sort()).toEqual(['allowedImageTypes.0', 'channelId', 'channelName']);
    expect((bad.body as { errors: Record<string, string> }).errors.channelId).toContain('채널 ID는');
  });

  it('the webhook: a signed delivery is one QUEUED batch; a replayed deliveryId makes no second; signature, window and inactive are 401', async () => {
    const { apiKey } = await register(admin, 'skt-policy');
    const delivery = { deliveryId: 'msg-0001', message: '11/26 SKT 정책', images: [{ contentType: 'image/png', base64: png }, { url: 'https://example.kr/p.jpg' }] };
    const first = await deliver(guest, 'skt-policy', apiKey, delivery);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const answer = channelDeliveryAnswerSchema.parse(first.body);
    expect(answer).toMatchObject({ duplicate: false, imageCount: 2 });

    const replay = await deliver(guest, 'skt-policy', apiKey, delivery);
    expect(replay.status).toBe(200);
    expect(channelDeliveryAnswerSchema.parse(replay.body)).toMatchObject({ id: answer.id, duplicate: true, imageCount: 2 });
    // The same deliveryId with other content: still no second batch.
    expect((await deliver(guest, 'skt-policy', apiKey, { ...delivery, message: '다른 내용' })).status).toBe(200);

    const batches = imageBatchesSchema.parse((await admin.get('/api/admin/image-batches?channelId=skt-policy', minPosition(first))).body);
    expect(batches.batches).toHaveLength(1);
    const batch = batches.batches[0]!;
    // The channel processes images by itself (the default): the batch is processed by the system at once.
    expect(batch).toMatchObject({
      id: answer.id, channelName: 'skt-policy 정책방', deliveryId: 'msg-0001', message: '11/26 SKT 정책', source: 'webhook', status: 'REVIEWING', imageCount: 2,
      processedBy: 'system',
      processingResult: { imageCount: 1, linkCount: 1, totalBytes: Buffer.from(png, 'base64').length, maxWidth: 40, maxHeight: 30, contentTypes: ['image/png'] },
    });
    expect(batch.processedAt).toBe(batch.history[1]!.at);
    expect(batch.history.map((h) => h.status)).toEqual(['QUEUED', 'REVIEWING']);
    expect(batch.images[0]).toMatchObject({ url: `/images/channels/${answer.id}-1.webp`, contentType: 'image/png', width: 40, height: 30 });
    expect(batch.images[1]).toMatchObject({ url: null, sourceUrl: 'https://example.kr/p.jpg' });
    // The copy is a WebP that only admins read.
    const image = await admin.get(batch.images[0]!.url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await guest.get(batch.images[0]!.url!)).status).toBe(401);

    const refused = async (res: Awaited<ReturnType<typeof deliver>>, message: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect((res.body as { message: string }).message).toBe(message);
    };
    const next = { ...delivery, deliveryId: 'msg-0002' };
    await refused(await deliver(guest, 'skt-policy', apiKey, next, { signature: sign(`${apiKey}x`, String(now()), JSON.stringify(next)) }), CHANNEL_MESSAGES.unauthorised);
    await refused(await deliver(guest, 'skt-policy', apiKey, next, { signature: 'sha256=' }), CHANNEL_MESSAGES.unauthorised);
    // The body changed after signing.
    const ts = String(now());
    await refused(await deliver(guest, 'skt-policy', apiKey, next, { timestamp: Number(ts), signature: sign(apiKey, ts, JSON.stringify(delivery)) }), CHANNEL_MESSAGES.unauthorised);
    await refused(await deliver(guest, 'skt-policy', apiKey, next, { timestamp: now() - 301 }), CHANNEL_MESSAGES.timestamp);
    await refused(await deliver(guest, 'skt-policy', apiKey, next, { timestamp: now() + 301 }), CHANNEL_MESSAGES.timestamp);
    // Another channel's key signs nothing here; an unknown channel is the same 401.
    const other = await register(admin, 'lg-policy');
    await refused(await deliver(guest, 'skt-policy', other.apiKey, next), CHANNEL_MESSAGES.unauthorised);
    await refused(await deliver(guest, 'nobody', apiKey, next), CHANNEL_MESSAGES.unauthorised);
    // Within the window (4 minutes off) a correct signature passes.
    expect((await deliver(guest, 'skt-policy', apiKey, next, { timestamp: now() - 240 })).status).toBe(201);

    const off = await admin.request('PUT', '/api/admin/channels/skt-policy/active', { body: { isActive: false } });
    expect(off.status).toBe(200);
    await refused(await deliver(guest, 'skt-policy', apiKey, { ...delivery, deliveryId: 'msg-0003' }), CHANNEL_MESSAGES.inactive);
    const channels = channelsSchema.parse((await admin.get('/api/admin/channels', minPosition(off))).body).channels;
    expect(channels.find((c) => c.channelId === 'skt-policy')).toMatchObject({ isActive: false, totalBatches: 2 });
  });

  it('who and where before the body (issue 35): unknown or inactive channel and a bad or stale timestamp are refused from the headers, whatever the body; the signature before JSON', async () => {
    const { apiKey } = await register(admin, 'gate');
    const refused = async (res: Awaited<ReturnType<typeof deliver>>, message: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect((res.body as { message: string }).message).toBe(message);
    };
    // A body that is no JSON at all: the headers decide first (it used to be parsed first: 400).
    await refused(await deliver(guest, 'no-such-channel', apiKey, null, { raw: '{not json' }), CHANNEL_MESSAGES.unauthorised);
    await refused(await deliver(guest, 'gate', apiKey, null, { raw: '{not json', timestamp: now() - 3_600 }), CHANNEL_MESSAGES.timestamp);
    await refused(await deliver(guest, 'gate', apiKey, null, { raw: '{not json', timestamp: 'soon' as unknown as number }), CHANNEL_MESSAGES.timestamp);
    // The signature is checked on the raw bytes before they are parsed: a wrong one over bad JSON is 401, not 400.
    await refused(await deliver(guest, 'gate', apiKey, null, { raw: '{not json', signature: sign(`${apiKey}x`, String(now()), '{not json') }), CHANNEL_MESSAGES.unauthorised);
    // Correctly signed bad JSON is the delivery's 400.
    expect((await deliver(guest, 'gate', apiKey, null, { raw: '{not json' })).status).toBe(400);
    const off = await admin.request('PUT', '/api/admin/channels/gate/active', { body: { isActive: false } });
    expect(off.status).toBe(200);
    await refused(await deliver(guest, 'gate', apiKey, null, { raw: '{not json', signature: 'sha256=' }), CHANNEL_MESSAGES.inactive);
  });

  it(`at most ${CHANNEL_RULES.maxConcurrentDeliveries} webhook bodies are read at once: the next is 503 in Korean until one ends`, async () => {
    const { apiKey } = await register(admin, 'busy');
    const url = new URL('/api/channels/busy/webhook', server.url);
    // Deliveries whose headers pass but whose bodies are still arriving (1 byte of 1,000 sent).
    const hanging = Array.from({ length: CHANNEL_RULES.maxConcurrentDeliveries }, () => {
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '1000', 'x-timestamp': String(now()), 'x-signature': 'sha256=00' } });
      req.on('error', () => {});
      req.write('{');
      return req;
    });
    const delivery = { deliveryId: 'busy-1', images: [{ url: 'https://example.kr/a.png' }] };
    await expect.poll(async () => (await deliver(guest, 'busy', apiKey, delivery)).status, { timeout: 10_000 }).toBe(503);
    const busy = await deliver(guest, 'busy', apiKey, delivery);
    expect(busy.status).toBe(503);
    expect((busy.body as { message: string }).message).toBe(CHANNEL_MESSAGES.busy);
    expect(busy.headers.get('retry-after')).toBe('1');
    // A refused sender never takes a place: an unknown channel is still its 401.
    expect((await deliver(guest, 'no-such-channel', apiKey, delivery)).status).toBe(401);
    for (const req of hanging) req.destroy();
    await expect.poll(async () => (await deliver(guest, 'busy', apiKey, delivery)).status, { timeout: 10_000 }).toBeLessThan(300);
  });

  it('types and sizes: a type the channel does not allow 415, a false type 400, over 5 MB 413, a body over 16 MB 413, bad JSON 400', async () => {
    const { apiKey } = await register(admin, 'limits');
    const send = (images: unknown[], deliveryId = 'lim-1') => deliver(guest, 'limits', apiKey, { deliveryId, images });
    const jpegSent = await send([{ contentType: 'image/jpeg', base64: jpeg }]);
    expect(jpegSent.status).toBe(415);
    expect((jpegSent.body as { message: string }).message).toContain(CHANNEL_MESSAGES.imageType);
    const lying = await send([{ contentType: 'image/png', base64: jpeg }]);
    expect(lying.status).toBe(400);
    expect((lying.body as { errors: Record<string, string> }).errors['images.0']).toBe(CHANNEL_MESSAGES.notImage);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 7).toString('base64');
    const tooLarge = await send([{ contentType: 'image/png', base64: big }]);
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.body as { message: string }).message).toBe(CHANNEL_MESSAGES.imageTooLarge);
    const huge = await send([{ contentType: 'image/png', base64: Buffer.alloc(13 * 1024 * 1024, 1).toString('base64') }]);
    expect(huge.status).toBe(413);
    expect((huge.body as { message: string }).message).toBe(CHANNEL_MESSAGES.bodyTooLarge);
    expect((await send([])).status).toBe(400);
    expect((await send(Array.from({ length: 11 }, () => ({ url: 'https://example.kr/a.png' })))).status).toBe(400);
    expect((await send([{ url: 'http://example.kr/a.png' }])).status).toBe(400);
    expect((await deliver(guest, 'limits', apiKey, null, { raw: '{not json' })).status).toBe(400);
    // Nothing of the refused deliveries was queued; a good one is.
    expect((await send([{ contentType: 'image/png', base64: png }])).status).toBe(201);
  });

  it('an admin reviews a batch: REVIEWING, then APPROVED or REJECTED (with a reason), each step in its history; the four counters follow', async () => {
    const { apiKey } = await register(admin, 'review', { autoProcessImages: false });
    const a = channelDeliveryAnswerSchema.parse((await deliver(guest, 'review', apiKey, { deliveryId: 'r-1', images: [{ contentType: 'image/png', base64: png }] })).body);
    const b = channelDeliveryAnswerSchema.parse((await deliver(guest, 'review', apiKey, { deliveryId: 'r-2', images: [{ contentType: 'image/png', base64: png }] })).body);
    const before = imageCollectionStatsSchema.parse((await admin.get('/api/admin/image-collection/stats', minPosition({ body: b }))).body);
    const status = (id: string, body: unknown) => admin.request('PUT', `/api/admin/image-batches/${id}/status`, { body });
    expect((await status(a.id, { status: 'REVIEWING' })).status).toBe(200);
    const approved = await status(a.id, { status: 'APPROVED', note: '단가 확인' });
    expect(approved.status).toBe(200);
    const noReason = await status(b.id, { status: 'REJECTED' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { message: string }).message).toBe(CHANNEL_MESSAGES.rejectReason);
    const rejected = await status(b.id, { status: 'REJECTED', note: '사진이 흐립니다' });
    expect(rejected.status).toBe(200);
    const late = await status(a.id, { status: 'REJECTED', note: '늦게' });
    expect(late.status).toBe(409);

    const one = imageBatchSchema.parse((await admin.get(`/api/admin/image-batches/${a.id}`, minPosition(rejected))).body);
    expect(one.status).toBe('APPROVED');
    expect(one.history.map((h) => [h.status, h.note])).toEqual([['QUEUED', null], ['REVIEWING', null], ['APPROVED', '단가 확인']]);
    expect(one.history[2]!.actor.role).toBe('admin');
    // The admin's REVIEWING was the batch's processing, by that admin.
    const adminId = ((await admin.get('/api/auth/me')).body as { user: { id: string } }).user.id;
    expect(one).toMatchObject({ processedBy: adminId, processedAt: one.history[1]!.at, processingResult: { imageCount: 1, linkCount: 0, maxWidth: 40, maxHeight: 30, contentTypes: ['image/png'] } });
    const approvedOnly = imageBatchesSchema.parse((await admin.get('/api/admin/image-batches?status=APPROVED')).body);
    expect(approvedOnly.batches.every((x) => x.status === 'APPROVED')).toBe(true);
    expect(approvedOnly.batches.map((x) => x.id)).toContain(a.id);
    const after = approvedOnly.counters;
    expect(after.approved).toBe(before.approved + 1);
    expect(after.awaitingReview).toBe(before.awaitingReview - 2);
    expect(after.collectedToday).toBe(before.collectedToday);
    expect(after.collectedToday).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/image-batches?status=DONE')).status).toBe(400);
  });

  it('auto processing off: a batch stays QUEUED until an admin processes it; turned on later, the next delivery is processed by the system (and back)', async () => {
    const { apiKey } = await register(admin, 'manual', { autoProcessImages: false });
    const adminId = ((await admin.get('/api/auth/me')).body as { user: { id: string } }).user.id;
    /** The batch as the read model has it once `answer`'s write is in (its id: the delivery's batch unless given). */
    const batchOf = async (answer: { body: unknown }, id = channelDeliveryAnswerSchema.parse(answer.body).id) =>
      imageBatchSchema.parse((await admin.get(`/api/admin/image-batches/${id}`, minPosition(answer))).body);
    const send = (deliveryId: string) => deliver(guest, 'manual', apiKey, { deliveryId, images: [{ contentType: 'image/png', base64: png }] });

    const first = await send('m-1');
    expect(first.status).toBe(201);
    const waiting = await batchOf(first);
    expect(waiting).toMatchObject({ status: 'QUEUED', processedAt: null, processedBy: null, processingResult: null });
    // The same delivery again processes nothing either.
    expect((await send('m-1')).status).toBe(200);
    expect((await batchOf(await send('m-1'))).status).toBe('QUEUED');

    const processed = await admin.request('PUT', `/api/admin/image-batches/${waiting.id}/status`, { body: { status: 'REVIEWING' } });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ changed: true });
    expect(await batchOf(processed, waiting.id)).toMatchObject({
      status: 'REVIEWING', processedBy: adminId, processingResult: { imageCount: 1, linkCount: 0, totalBytes: Buffer.from(png, 'base64').length, contentTypes: ['image/png'] },
    });
    // Processed already: the same move again writes nothing.
    expect((await admin.request('PUT', `/api/admin/image-batches/${waiting.id}/status`, { body: { status: 'REVIEWING' } })).body).toMatchObject({ changed: false });

    // Turned on: the channel shows it (with the change in its history) and the next delivery is processed by the system.
    const on = await admin.request('PUT', '/api/admin/channels/manual/settings', { body: { autoProcessImages: true }, headers: { 'idempotency-key': 'manual-on' } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ id: 'manual', changed: true });
    // A retry with the same key and body is the same answer; the same key with another body is refused.
    expect((await admin.request('PUT', '/api/admin/channels/manual/settings', { body: { autoProcessImages: true }, headers: { 'idempotency-key': 'manual-on' } })).status).toBe(200);
    expect((await admin.request('PUT', '/api/admin/channels/manual/settings', { body: { autoProcessImages: false }, headers: { 'idempotency-key': 'manual-on' } })).status).toBe(422);
    const channel = channelsSchema.parse((await admin.get('/api/admin/channels', minPosition(on))).body).channels.find((c) => c.channelId === 'manual')!;
    expect(channel.autoProcessImages).toBe(true);
    expect(channel.history.map((h) => [h.change, h.autoProcessImages])).toEqual([['registered', false], ['settings', true]]);
    expect(channel.history[1]!.actor).toEqual({ userId: adminId, role: 'admin' });
    expect(await batchOf(await send('m-2'))).toMatchObject({ status: 'REVIEWING', processedBy: 'system' });

    // Off again, and the allowed types changed with it: JPEG now passes, and waits for an admin.
    const off = await admin.request('PUT', '/api/admin/channels/manual/settings', { body: { autoProcessImages: false, allowedImageTypes: ['image/png', 'image/jpeg'] } });
    expect(off.status).toBe(200);
    const jpegSent = await deliver(guest, 'manual', apiKey, { deliveryId: 'm-3', images: [{ contentType: 'image/jpeg', base64: jpeg }] });
    expect(jpegSent.status, JSON.stringify(jpegSent.body)).toBe(201);
    expect(await batchOf(jpegSent)).toMatchObject({ status: 'QUEUED', processedBy: null });
    // The same settings again change nothing.
    expect((await admin.request('PUT', '/api/admin/channels/manual/settings', { body: { autoProcessImages: false } })).body).toMatchObject({ changed: false });
  });

  it('channel settings: an unknown channel 404 (Korean), nothing to change or a bad type 400 with Korean errors', async () => {
    const unknown = await admin.request('PUT', '/api/admin/channels/nobody-here/settings', { body: { autoProcessImages: false } });
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe(CHANNEL_MESSAGES.notFound);
    await register(admin, 'settings-bad');
    const empty = await admin.request('PUT', '/api/admin/channels/settings-bad/settings', { body: {} });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(CHANNEL_MESSAGES.noSettings);
    const badType = await admin.request('PUT', '/api/admin/channels/settings-bad/settings', { body: { allowedImageTypes: ['image/svg+xml'] } });
    expect(badType.status).toBe(400);
    expect(Object.keys((badType.body as { errors: Record<string, string> }).errors)).toEqual(['allowedImageTypes.0']);
    const none = await admin.request('PUT', '/api/admin/channels/settings-bad/settings', { body: { allowedImageTypes: [] } });
    expect(none.status).toBe(400);
    expect((none.body as { errors: Record<string, string> }).errors.allowedImageTypes).toBe(CHANNEL_MESSAGES.noImageTypes);
    const wrongKind = await admin.request('PUT', '/api/admin/channels/settings-bad/settings', { body: { autoProcessImages: 'yes' } });
    expect(wrongKind.status).toBe(400);
  });
});
