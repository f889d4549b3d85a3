import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { chatTranscriptSchema, historyEntrySchema, modelOffersSchema, notificationsSchema, reportsSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * 신고 (issue 41): any signed-in account reports an offer, a shop or (its own request's) quote offer with a
 * reason and text; admins work the queue (`GET /api/admin/reports`) and resolve each once: 기각, 경고,
 * 상품 판매 중지 (the offer leaves the lists), 판매자 정지 — the reporter is told, the histories keep it.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const report = (targetId: string, kind = 'offer') => ({ kind, targetId, reason: 'payback', text: '현금 페이백 30만원을 약속했어요.' });

describe('reports (신고)', () => {
  it('role × route: guests 401 on both; any signed-in account files; only admins read the queue and resolve; Korean errors; unknown targets 404', async () => {
    const offers = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers;
    const offerId = offers[0]!.offerId;
    expect((await server.client().post('/api/reports', report(offerId))).status).toBe(401);
    expect((await server.client().get('/api/admin/reports')).status).toBe(401);
    const buyer = await registeredBuyer(server, 'report');
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    for (const c of [buyer, seller, admin]) expect((await c.post('/api/reports', report(offerId))).status).toBe(201);
    expect((await buyer.get('/api/admin/reports')).status).toBe(403);
    expect((await seller.get('/api/admin/reports')).status).toBe(403);
    expect((await buyer.post('/api/admin/reports/x/resolve', { outcome: 'dismissed', note: '확인' })).status).toBe(403);
    expect((await seller.post('/api/admin/reports/x/resolve', { outcome: 'dismissed', note: '확인' })).status).toBe(403);

    const bad = await buyer.post('/api/reports', { kind: 'planet', targetId: '', reason: 'bored', text: '짧' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({
      kind: '신고 대상을 확인해주세요.', targetId: '신고 대상을 확인해주세요.', reason: '신고 사유를 선택해주세요.', text: '신고 내용을 5자 이상 입력해주세요.',
    });
    const none = await buyer.post('/api/reports', report('no-such-offer'));
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ message: '판매 상품을 찾을 수 없습니다.' });
    expect((await buyer.post('/api/reports', report('no-such-shop', 'shop'))).status).toBe(404);
    // Another buyer's quote offer is not the reporter's to see: as if there were none.
    expect((await buyer.post('/api/reports', { ...report('qo-1', 'quoteOffer'), parentId: 'someone-elses-request' })).status).toBe(404);
    // A chat message nobody has, or another's chat: 404 (chat reports themselves: the test below).
    expect((await buyer.post('/api/reports', { ...report('msg-1', 'chatMessage'), parentId: 'no-such-chat' })).status).toBe(404);
    expect((await buyer.post('/api/reports', report('msg-1', 'chatMessage'))).status).toBe(404);
    expect((await admin.post('/api/admin/reports/no-such-report/resolve', { outcome: 'dismissed', note: '확인' })).status).toBe(404);
    const noNote = await admin.post('/api/admin/reports/x/resolve', { outcome: 'banish', note: '' });
    expect(noNote.status).toBe(400);
    expect((noNote.body as { errors: Record<string, string> }).errors).toEqual({ outcome: '처리 결과를 선택해주세요.', note: '처리 메모를 2자 이상 입력해주세요.' });
  });

  it("a seller may not report their own shop or its offers (403 in Korean; nothing filed); another seller's shop and offers they may", async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const terms = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers`)).body).offers.find((o) => o.condition === 'new' && o.carrier === 'SKT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 1 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const ownOffer = (listed.body as { id: string }).id;
    const before = (await admin.get('/api/admin/reports', minPosition(listed))).body as { items: unknown[] };
    for (const own of [report(ownOffer), report('seller-1', 'shop')]) {
      const r = await seller.post('/api/reports', own);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ message: '본인 매장은 신고할 수 없습니다.' });
    }
    expect(((await admin.get('/api/admin/reports')).body as { items: unknown[] }).items).toHaveLength(before.items.length);
    // Someone else's: still filed (the seeded seller's offer and shop).
    expect((await seller.post('/api/reports', report(terms.offerId))).status).toBe(201);
    expect((await seller.post('/api/reports', report(terms.seller.id, 'shop'))).status).toBe(201);
    // A buyer reports the demo seller's shop and offer as before.
    const buyer = await registeredBuyer(server, 'report-own');
    expect((await buyer.post('/api/reports', report(ownOffer))).status).toBe(201);
    expect((await buyer.post('/api/reports', report('seller-1', 'shop'))).status).toBe(201);
  });

  it('a report of an offer → the admin suspends the listing: it leaves the lists, the reporter is told, the histories keep it; resolved once', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const market = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`)).body).offers;
    const terms = market.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 10_000, stock: 3 });
    expect(listed.status).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    const reporter = await registeredBuyer(server, 'reporter');
    const filed = await reporter.post('/api/reports', report(offerId));
    expect(filed.status).toBe(201);
    const reportId = (filed.body as { id: string }).id;

    const admin = await demoSignedIn(server, 'admin');
    const queue = reportsSchema.parse((await admin.get('/api/admin/reports', minPosition(filed))).body);
    expect(queue.items.find((r) => r.id === reportId)).toMatchObject({ kind: 'offer', targetId: offerId, sellerId: 'seller-1', reason: 'payback', outcome: null, reporter: expect.any(String) });
    // the queue names the phone in Korean, as shoppers see it, not by its catalogue id
    expect(queue.items.find((r) => r.id === reportId)?.label).toBe(`판매 상품 갤럭시 S26 울트라 ${terms.storage}GB KT`);
    expect(queue.open).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/reports?status=lost')).status).toBe(400);

    const resolved = await admin.post(`/api/admin/reports/${reportId}/resolve`, { outcome: 'listingSuspended', note: '페이백 약속 확인' });
    expect(resolved.status).toBe(200);
    const again = await admin.post(`/api/admin/reports/${reportId}/resolve`, { outcome: 'dismissed', note: '다시' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 처리된 신고입니다.' });

    // The report process takes the offer off sale; the reporter hears of it.
    await expect.poll(async () => modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100`)).body).offers.some((o) => o.offerId === offerId), { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => notificationsSchema.parse((await reporter.get('/api/notifications')).body).notifications.find((n) => n.title === '신고가 처리되었습니다')?.message, { timeout: 10_000 })
      .toContain('상품 판매 중지 (페이백 약속 확인)');
    const resolvedList = reportsSchema.parse((await admin.get('/api/admin/reports?status=resolved', minPosition(resolved))).body);
    expect(resolvedList.items.find((r) => r.id === reportId)).toMatchObject({ outcome: 'listingSuspended', note: '페이백 약속 확인' });

    const history = z.array(historyEntrySchema).parse((await admin.get(`/api/admin/reports/${reportId}/history`, minPosition(resolved))).body);
    expect(history.map((e) => e.type)).toEqual(['ReportFiled', 'ReportResolved']);
    // Role rows: guests 401; the reporter and the reported shop itself (seller-1, whose offer it is) 403.
    expect((await server.client().get(`/api/admin/reports/${reportId}/history`)).status).toBe(401);
    expect((await reporter.get(`/api/admin/reports/${reportId}/history`)).status).toBe(403);
    const reportedShop = await seller.get(`/api/admin/reports/${reportId}/history`);
    expect(reportedShop.status).toBe(403);
    expect(reportedShop.body).toMatchObject({ message: expect.stringMatching(/[가-힣]/) });
    expect((await admin.get('/api/admin/reports/no-such-report/history')).status).toBe(404);
    const sellerHistory = z.array(historyEntrySchema).parse((await admin.get('/api/sellers/seller-1/history', minPosition(resolved))).body);
    expect(sellerHistory.some((e) => e.type === 'ReportResolved' && (e.data as { outcome: string }).outcome === 'listingSuspended')).toBe(true);
  });

  it("a chat message: its chat's customer reports the agent's line (not their own, 400 in Korean); nobody else sees it (404); an admin dismisses or warns no shop", async () => {
    const customer = await registeredBuyer(server, 'chat-reporter');
    const stranger = await registeredBuyer(server, 'chat-stranger');
    const admin = await demoSignedIn(server, 'admin');
    const chatId = `report-chat-${Date.now().toString(36)}`;
    expect((await customer.post('/api/chat-sessions', { id: chatId })).status).toBeLessThan(300);
    expect((await customer.post(`/api/chat-sessions/${chatId}/escalate`, { reason: '상담원 연결' })).status).toBeLessThan(300);
    expect((await admin.post(`/api/chat-sessions/${chatId}/assign`)).status).toBe(200);
    expect((await customer.post(`/api/chat-sessions/${chatId}/messages`, { content: '안녕하세요' })).status).toBe(201);
    const agentLine = await admin.post(`/api/chat-sessions/${chatId}/messages`, { content: '바보 같은 질문이네요' });
    expect(agentLine.status).toBe(201);
    const messages = chatTranscriptSchema.parse((await customer.get(`/api/chat-sessions/${chatId}/messages`, minPosition(agentLine))).body).messages;
    const theirs = messages.find((m) => m.type === 'agent')!;
    const mine = messages.find((m) => m.type === 'user' && m.content === '안녕하세요')!;
    const ofChat = (messageId: string) => ({ ...report(messageId, 'chatMessage'), reason: 'abusive', text: '상담원이 욕설을 했어요.', parentId: chatId });

    expect((await server.client().post('/api/reports', ofChat(theirs.id))).status).toBe(401);
    const other = await stranger.post('/api/reports', ofChat(theirs.id));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ message: '채팅 메시지를 찾을 수 없습니다.' });
    const own = await customer.post('/api/reports', ofChat(mine.id));
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ message: '내가 보낸 메시지는 신고할 수 없습니다.' });
    const filed = await customer.post('/api/reports', ofChat(theirs.id));
    expect(filed.status).toBe(201);
    const reportId = (filed.body as { id: string }).id;

    const queued = reportsSchema.parse((await admin.get('/api/admin/reports', minPosition(filed))).body).items.find((r) => r.id === reportId);
    expect(queued).toMatchObject({ kind: 'chatMessage', targetId: theirs.id, parentId: chatId, sellerId: null, reason: 'abusive' });
    expect(queued!.label).toContain('바보 같은 질문이네요');
    // A chat line has no listing and no shop: only 기각 fits.
    const suspend = await admin.post(`/api/admin/reports/${reportId}/resolve`, { outcome: 'listingSuspended', note: '확인' });
    expect(suspend.status).toBe(400);
    expect(suspend.body).toMatchObject({ message: '판매 상품 신고만 상품 판매 중지로 처리할 수 있습니다.' });
    const dismissed = await admin.post(`/api/admin/reports/${reportId}/resolve`, { outcome: 'dismissed', note: '상담원 교육 진행' });
    expect(dismissed.status).toBe(200);
    await expect.poll(async () => notificationsSchema.parse((await customer.get('/api/notifications')).body).notifications.find((n) => n.title === '신고가 처리되었습니다')?.message, { timeout: 10_000 })
      .toContain('기각');
  });
});
