import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PRE_APPROVAL_MESSAGES, SAFE_TRADE_MESSAGES, historyEntrySchema, notificationsSchema, safeTradeStateSchema, safeTradesSchema } from '@phonemarket/contracts';
import { BUYBACK_MESSAGES, BUYBACK_SHOPS_SAFE_TRADE_MESSAGE, buybackQuoteCreatedSchema, buybackQuoteSchema, buybackShopsSchema } from '@phonemarket/contracts/buyback.ts';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { certificateScan, expectCertificatePicture } from '../support/certificates.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * 안심거래 (issue 41 §3): a buyback shop attaches its KAIT certificate (number, issued day, valid-until day and
 * a picture, re-encoded); an admin approves or rejects it; a verified shop's buyback quotes and its row in the
 * shops list show the badge; at the end of its last day (the expiry process's timer on the server's fake clock)
 * the badge goes. Another shop neither reads nor uses the first one's picture, and sellers never decide.
 */
let now = Date.parse('2026-11-20T01:00:00.000Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000', SESSION_IDLE_MINUTES: '10000000', SESSION_ABSOLUTE_HOURS: '1000000' }, { clock: () => new Date(now) });
});
afterAll(async () => { await server?.close(); });

const SHOP = 'seller-1';
const S24 = 'galaxy-s24';
const scan = () => certificateScan(420, 300, '#225544');
const form = (documentId: string, over: Record<string, unknown> = {}) => ({ number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01', documentId, ...over });
type Answer = { status: number; body: unknown };

describe('안심거래', () => {
  it('role × route, Korean refusals, then: submitted → rejected → sent again → approved → badge on buyback quotes and shops → gone at the end', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const seller = await demoSignedIn(server, 'seller');
    const buyer = await registeredBuyer(server, 'safe-trade');
    const guest = server.client();
    const other = await approvedShop(server, admin, '지훈폰매입');
    // Both shops buy the phone; the demo shop pays more, so it is the best quote and the other the runner-up.
    const grid = (price: number) => ({ items: [{ modelId: S24, storage: 256, grade: 'A', price }, { modelId: S24, storage: 256, grade: 'B', price: price - 60_000 }], deductions: [] });
    expect((await seller.request('PUT', '/api/seller/buyback-prices', { body: grid(600_000) })).status).toBe(200);
    const otherGrid = await other.request('PUT', '/api/seller/buyback-prices', { body: grid(500_000) });
    expect(otherGrid.status).toBe(200);
    const quoteNow = async (after: Answer, safeTradeOnly?: boolean) => {
      const created = await buyer.post('/api/buyback/quotes', { modelId: S24, storage: 256, answers: { scratches: true }, ...(safeTradeOnly === undefined ? {} : { safeTradeOnly }) }, minPosition(after));
      expect(created.status).toBe(201);
      if (safeTradeOnly && !(created.body as { best: unknown }).best) expect(created.body).toMatchObject({ message: BUYBACK_MESSAGES.noSafeTradeShop });
      const { id } = buybackQuoteCreatedSchema.parse(created.body);
      return buybackQuoteSchema.parse((await buyer.get(`/api/buyback/quotes/${id}`, minPosition(created))).body);
    };
    const shops = async (after: Answer, query = '') => buybackShopsSchema.parse((await guest.get(`/api/buyback/shops${query}`, minPosition(after))).body).items;

    // The picture: an image re-encoded; a PDF that does not parse refused in Korean (real PDFs: certificatePdf.test); only approved sellers upload.
    const { documentId, url } = await expectCertificatePicture('/api/seller/safe-trade/document', SAFE_TRADE_MESSAGES.pdfBroken, scan, { seller, admin, otherShop: other, buyer, guest });

    // The form: Korean errors per field; valid-until before issued; issued after today; run out; another shop's picture.
    const bad = await seller.post('/api/seller/safe-trade', { number: '!', issuedOn: '2025-02-30', validUntil: 'soon', documentId });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({
      number: SAFE_TRADE_MESSAGES.number, issuedOn: SAFE_TRADE_MESSAGES.issuedOn, validUntil: SAFE_TRADE_MESSAGES.validUntil,
    });
    expect((await seller.post('/api/seller/safe-trade', form(documentId, { issuedOn: '2027-06-02' }))).body).toMatchObject({ errors: { validUntil: SAFE_TRADE_MESSAGES.order } });
    expect((await seller.post('/api/seller/safe-trade', form(documentId, { issuedOn: '2026-11-21' }))).body).toMatchObject({ errors: { issuedOn: SAFE_TRADE_MESSAGES.future } });
    expect((await seller.post('/api/seller/safe-trade', form(documentId, { validUntil: '2026-11-19' }))).body).toMatchObject({ errors: { validUntil: SAFE_TRADE_MESSAGES.expired } });
    const stolen = await other.post('/api/seller/safe-trade', form(documentId));
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: { documentId: SAFE_TRADE_MESSAGES.documentUnknown } });
    expect((await guest.post('/api/seller/safe-trade', form(documentId))).status).toBe(401);
    expect((await buyer.post('/api/seller/safe-trade', form(documentId))).status).toBe(403);
    expect((await admin.post('/api/seller/safe-trade', form(documentId))).status).toBe(403);
    expect((await guest.get('/api/seller/safe-trade')).status).toBe(401);
    expect((await buyer.get('/api/seller/safe-trade')).status).toBe(403);

    const submitted = await seller.post('/api/seller/safe-trade', form(documentId));
    expect(submitted.status).toBe(201);
    expect(safeTradeStateSchema.parse((await seller.get('/api/seller/safe-trade', minPosition(submitted))).body)).toMatchObject({
      sellerId: SHOP, pending: { number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01', documentUrl: url }, badge: null,
    });
    // Another shop reads only its own (nothing sent).
    expect(safeTradeStateSchema.parse((await other.get('/api/seller/safe-trade', minPosition(submitted))).body)).toMatchObject({ sellerId: other.id, pending: null, badge: null });
    // Not verified yet: no badge on the quote.
    const before = await quoteNow(submitted);
    expect(before.best).toMatchObject({ shopId: SHOP, safeTrade: null });
    // The buyer's 안심거래 filter: no verified shop buys it yet (a Korean word on why, no shop named).
    const filteredBefore = await quoteNow(submitted, true);
    expect(filteredBefore).toMatchObject({ best: null, runnerUp: null });

    // The queue, the decision and the history: admins only (another seller deciding its own or the first one's: 403).
    for (const [c, status] of [[guest, 401], [buyer, 403], [seller, 403], [other, 403]] as const) {
      expect((await c.get('/api/admin/safe-trades')).status).toBe(status);
      expect((await c.post(`/api/admin/safe-trades/${SHOP}/decide`, { decision: 'approved' })).status).toBe(status);
      expect((await c.get(`/api/admin/safe-trades/${SHOP}/history`)).status).toBe(status);
    }
    expect((await other.post(`/api/admin/safe-trades/${other.id}/decide`, { decision: 'approved' })).status).toBe(403);
    const queue = safeTradesSchema.parse((await admin.get('/api/admin/safe-trades', minPosition(submitted))).body).items;
    expect(queue[0]).toMatchObject({ sellerId: SHOP, pending: { number: 'KAIT-2025-0007' } });
    const noReason = await admin.post(`/api/admin/safe-trades/${SHOP}/decide`, { decision: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errors: { reason: PRE_APPROVAL_MESSAGES.reason } });
    const nobody = await admin.post(`/api/admin/safe-trades/${other.id}/decide`, { decision: 'approved' });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toMatchObject({ message: SAFE_TRADE_MESSAGES.nothingToDecide });

    const rejected = await admin.post(`/api/admin/safe-trades/${SHOP}/decide`, { decision: 'rejected', reason: '인증 번호가 사진과 다릅니다' });
    expect(rejected.status).toBe(200);
    expect(safeTradeStateSchema.parse((await seller.get('/api/seller/safe-trade', minPosition(rejected))).body)).toMatchObject({ pending: null, badge: null, last: { outcome: 'rejected', reason: '인증 번호가 사진과 다릅니다' } });
    await expect.poll(async () => notificationsSchema.parse((await seller.get('/api/notifications')).body).notifications.find((n) => n.title === '안심거래 인증서가 반려되었습니다')?.message, { timeout: 10_000 })
      .toBe('사유: 인증 번호가 사진과 다릅니다');

    const again = await seller.post('/api/seller/safe-trade', form(documentId), { 'idempotency-key': 'safe-trade-again' });
    expect(again.status).toBe(201);
    const approved = await admin.post(`/api/admin/safe-trades/${SHOP}/decide`, { decision: 'approved' }, minPosition(again));
    expect(approved.status).toBe(200);
    const badged = await quoteNow(approved);
    expect(badged.best).toMatchObject({ shopId: SHOP, safeTrade: { number: 'KAIT-2025-0007', validUntil: '2027-06-01' } });
    expect(badged.runnerUp).toMatchObject({ shopId: other.id, safeTrade: null });
    // Filtered: the verified shop only, the other (cheaper, unverified) is not the runner-up.
    const filtered = await quoteNow(approved, true);
    expect(filtered.best).toMatchObject({ shopId: SHOP, safeTrade: { number: 'KAIT-2025-0007' } });
    expect(filtered.runnerUp).toBeNull();
    expect((await quoteNow(approved, false)).runnerUp).toMatchObject({ shopId: other.id });
    const badFilter = await buyer.post('/api/buyback/quotes', { modelId: S24, storage: 256, answers: {}, safeTradeOnly: 'yes' });
    expect(badFilter.status).toBe(400);
    // The shops list names shops with deals: the buyer sells to the badged one.
    const accepted = await buyer.post(`/api/buyback/quotes/${badged.id}/accept`, { handover: 'parcel', payout: 'points' });
    expect(accepted.status).toBe(201);
    const listed = await shops(accepted);
    expect(listed.find((s) => s.shopId === SHOP)?.safeTrade).toEqual({ number: 'KAIT-2025-0007', validUntil: '2027-06-01' });
    expect(listed.find((s) => s.shopId === other.id)?.safeTrade ?? null).toBeNull();
    // The shops list's filter (`safeTrade=1`, as `preApproved=1` is the 판매처 list's): verified shops only.
    const verifiedOnly = await shops(accepted, '?safeTrade=1');
    expect(verifiedOnly.map((s) => s.shopId)).toContain(SHOP);
    expect(verifiedOnly.every((s) => s.safeTrade !== null)).toBe(true);
    const badList = await guest.get('/api/buyback/shops?safeTrade=yes');
    expect(badList.status).toBe(400);
    expect(badList.body).toMatchObject({ message: BUYBACK_SHOPS_SAFE_TRADE_MESSAGE });
    await expect.poll(async () => notificationsSchema.parse((await seller.get('/api/notifications')).body).notifications.some((n) => n.title === '안심거래 인증서가 확인되었습니다'), { timeout: 10_000 }).toBe(true);
    const history = z.array(historyEntrySchema).parse((await admin.get(`/api/admin/safe-trades/${SHOP}/history`, minPosition(approved))).body);
    expect(history.map((e) => e.type)).toEqual(['SafeTradeSubmitted', 'SafeTradeRejected', 'SafeTradeSubmitted', 'SafeTradeVerified']);
    expect(history[1]).toMatchObject({ actor: { role: 'admin' }, data: { reason: '인증 번호가 사진과 다릅니다' } });

    // At the end of its last day in Korea (2027-06-01 15:00 UTC = 06-02 00:00 KST): the timer takes the badge away.
    now = Date.parse('2027-06-01T15:00:01.000Z');
    await expect.poll(async () => safeTradeStateSchema.parse((await seller.get('/api/seller/safe-trade')).body).badge, { timeout: 15_000 }).toBeNull();
    expect(safeTradeStateSchema.parse((await seller.get('/api/seller/safe-trade')).body).last).toMatchObject({ outcome: 'expired' });
    expect((await shops(accepted)).find((s) => s.shopId === SHOP)?.safeTrade).toBeNull();
    // Listed still (its deals), but not under the filter.
    expect((await shops(accepted)).map((s) => s.shopId)).toContain(SHOP);
    expect((await shops(accepted, '?safeTrade=1')).map((s) => s.shopId)).not.toContain(SHOP);
    expect((await quoteNow(accepted, true)).best).toBeNull();
    await expect.poll(async () => notificationsSchema.parse((await seller.get('/api/notifications')).body).notifications.some((n) => n.title === '안심거래 인증서 유효기간이 끝났습니다'), { timeout: 10_000 }).toBe(true);
  });
});
