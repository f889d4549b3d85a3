import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, chatTranscriptSchema, heldTextsSchema, notificationsSchema, sellerStoreSchema, type SellerStore } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * The scam guard (issue 41 §5): chat lines, store pages, quote messages and offer texts with 현금 페이백,
 * 현금 지급, 대납 or 내구제 wording are held for an admin (202, not published, the writer told why in Korean);
 * admins release (published then) or reject (with a reason the writer hears) from `GET /api/admin/held-texts`.
 */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

type Answer = { status: number; body: unknown };
const heldOf = (r: Answer) => r.body as { id: string; position: string; held: boolean; message: string };

async function liveChat(customer: TestClient, admin: TestClient) {
  const id = `scam-chat-${Date.now().toString(36)}-${Math.floor(performance.now())}`;
  expect((await customer.post('/api/chat-sessions', { id })).status).toBeLessThan(300);
  expect((await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '상담원 연결' })).status).toBeLessThan(300);
  expect((await admin.post(`/api/chat-sessions/${id}/assign`)).status).toBe(200);
  return id;
}
const transcript = async (c: TestClient, id: string, after?: Answer) =>
  chatTranscriptSchema.parse((await c.get(`/api/chat-sessions/${id}/messages`, after ? minPosition(after) : {})).body).messages.map((m) => m.content);

describe('scam guard', () => {
  it('a chat line with 현금 페이백 is held (202, the reason in Korean, not in the chat); only admins see the queue and decide; released, it is published and the writer told', async () => {
    const customer = await registeredBuyer(server, 'scam-chat');
    const admin = await demoSignedIn(server, 'admin');
    const seller = await demoSignedIn(server, 'seller');
    const chatId = await liveChat(customer, admin);
    const line = '다른 곳은 현금 페이백 30만원 준다던데 여기도 되나요?';
    const held = await customer.post(`/api/chat-sessions/${chatId}/messages`, { content: line });
    expect(held.status).toBe(202);
    expect(heldOf(held)).toMatchObject({ held: true, message: expect.stringContaining("'현금 페이백' 표현이 있어 관리자 검토 후 게시됩니다.") });
    expect(await transcript(customer, chatId, held)).not.toContain(line);
    // Someone else's chat: refused as the write would be (403), nothing held for it.
    const stranger = await registeredBuyer(server, 'scam-stranger');
    expect((await stranger.post(`/api/chat-sessions/${chatId}/messages`, { content: '대납 해드려요' })).status).toBe(403);
    // A clean line is published at once.
    expect((await customer.post(`/api/chat-sessions/${chatId}/messages`, { content: '개통 일정 알려주세요' })).status).toBe(201);

    // Role × route: the queue and its decisions are admins'.
    expect((await server.client().get('/api/admin/held-texts')).status).toBe(401);
    for (const c of [customer, seller]) {
      expect((await c.get('/api/admin/held-texts')).status).toBe(403);
      const r = await c.post(`/api/admin/held-texts/${heldOf(held).id}/release`);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ message: expect.stringMatching(/[가-힣]/) });
      expect((await c.post(`/api/admin/held-texts/${heldOf(held).id}/reject`, { reason: '스팸' })).status).toBe(403);
    }
    const queue = heldTextsSchema.parse((await admin.get('/api/admin/held-texts', minPosition(held))).body);
    expect(queue.items.find((t) => t.id === heldOf(held).id)).toMatchObject({ kind: 'chatLine', text: line, words: ['현금 페이백'], status: 'held', author: expect.any(String) });
    expect(queue.held).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/held-texts?status=lost')).status).toBe(400);
    expect((await admin.post('/api/admin/held-texts/no-such-text/release')).status).toBe(404);
    const noReason = await admin.post(`/api/admin/held-texts/${heldOf(held).id}/reject`, { reason: '' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { errors: Record<string, string> }).errors.reason).toBe('반려 사유를 2자 이상 입력해주세요.');

    // A customer asking about it is no scam: the admin releases it, and the line reaches the chat.
    const released = await admin.post(`/api/admin/held-texts/${heldOf(held).id}/release`);
    expect(released.status).toBe(200);
    expect(await transcript(customer, chatId, released)).toContain(line);
    const again = await admin.post(`/api/admin/held-texts/${heldOf(held).id}/reject`, { reason: '다시' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 검토가 끝난 글입니다.' });
    await expect.poll(async () => notificationsSchema.parse((await customer.get('/api/notifications')).body).notifications.some((n) => n.title === '검토 후 게시되었습니다'), { timeout: 10_000 }).toBe(true);
  });

  it('a store page promising 대납 is held, the page unchanged; rejected with a reason, the seller hears why; 페이백 alone stays issue 40\'s refusal elsewhere', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const before = sellerStoreSchema.parse((await seller.get('/api/seller/store')).body);
    const held = await seller.request('PUT', '/api/seller/store', { body: { ...formOf(before), description: '위약금 대납 해드립니다! 최저가 성지' } });
    expect(held.status).toBe(202);
    expect(heldOf(held).message).toContain("'대납'");
    const after = sellerStoreSchema.parse((await seller.get('/api/seller/store', minPosition(held))).body);
    expect(after.profile.description).toBe(before.profile.description);

    const rejected = await admin.post(`/api/admin/held-texts/${heldOf(held).id}/reject`, { reason: '대납 약속은 게시할 수 없습니다' });
    expect(rejected.status).toBe(200);
    const rejectedList = heldTextsSchema.parse((await admin.get('/api/admin/held-texts?status=rejected', minPosition(rejected))).body);
    expect(rejectedList.items.find((t) => t.id === heldOf(held).id)).toMatchObject({ kind: 'storePage', status: 'rejected', reason: '대납 약속은 게시할 수 없습니다' });
    await expect.poll(async () => notificationsSchema.parse((await seller.get('/api/notifications')).body).notifications.find((n) => n.title === '검토 결과 게시되지 않았습니다')?.message, { timeout: 10_000 })
      .toContain('대납 약속은 게시할 수 없습니다');
    expect(sellerStoreSchema.parse((await seller.get('/api/seller/store', minPosition(rejected))).body).profile.description).toBe(before.profile.description);
  });

  it("the held-text queue is pushed live: an admin's socket hears a text held and then released; a buyer's hears nothing", async () => {
    const listen = async (client: TestClient) => {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
      sockets.push(socket);
      const heard: unknown[] = [];
      socket.on(SOCKET_EVENTS.heldTextsChanged, (payload: unknown) => heard.push(payload));
      await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
      return heard;
    };
    const customer = await registeredBuyer(server, 'scam-live');
    const admin = await demoSignedIn(server, 'admin');
    const admins = await listen(admin);
    const buyers = await listen(customer);
    const chatId = await liveChat(customer, admin);
    const held = await customer.post(`/api/chat-sessions/${chatId}/messages`, { content: '명의 빌려주면 현금 지급 해주나요?' });
    expect(held.status).toBe(202);
    const heldId = heldOf(held).id;
    await expect.poll(() => admins, { timeout: 10_000 }).toContainEqual({ heldId, status: 'held' });
    const released = await admin.post(`/api/admin/held-texts/${heldId}/release`);
    expect(released.status).toBe(200);
    await expect.poll(() => admins, { timeout: 10_000 }).toContainEqual({ heldId, status: 'released' });
    expect(buyers).toEqual([]);
  });
});

/** The store form as /my-store sends it. */
function formOf(store: SellerStore) {
  const day = (d: { open: string; close: string } | null) => (d ? { closed: false, ...d } : { closed: true, open: '', close: '' });
  const hours = store.profile.businessHours ?? { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null };
  return {
    name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId,
    theme: store.profile.theme,
    businessHours: { weekdays: day(hours.weekdays), saturday: day(hours.saturday), sunday: day(hours.sunday), note: hours.note ?? '' },
    companyName: store.business.companyName ?? '', representative: store.business.representative ?? '', businessNumber: store.business.businessNumber ?? '',
    mailOrderNumber: store.business.mailOrderNumber ?? '', address: store.business.address ?? '', phone: store.business.phone ?? '', email: store.business.email ?? '',
  };
}
