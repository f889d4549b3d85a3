import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { historyEntrySchema, modelOffersSchema, notificationsSchema, reportsSchema } from '@phonemarket/contracts';
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
    const chat = await buyer.post('/api/reports', report('msg-1', 'chatMessage'));
    expect(chat.status).toBe(400);
    expect((await admin.post('/api/admin/reports/no-such-report/resolve', { outcome: 'dismissed', note: '확인' })).status).toBe(404);
    const noNote = await admin.post('/api/admin/reports/x/resolve', { outcome: 'banish', note: '' });
    expect(noNote.status).toBe(400);
    expect((noNote.body as { errors: Record<string, string> }).errors).toEqual({ outcome: '처리 결과를 선택해주세요.', note: '처리 메모를 2자 이상 입력해주세요.' });
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
    expect((await reporter.get(`/api/admin/reports/${reportId}/history`)).status).toBe(403);
    const sellerHistory = z.array(historyEntrySchema).parse((await admin.get('/api/sellers/seller-1/history', minPosition(resolved))).body);
    expect(sellerHistory.some((e) => e.type === 'ReportResolved' && (e.data as { outcome: string }).outcome === 'listingSuspended')).toBe(true);
  });
});
