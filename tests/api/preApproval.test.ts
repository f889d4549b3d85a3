import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PRE_APPROVAL_MESSAGES, historyEntrySchema, modelOffersSchema, notificationsSchema, preApprovalStateSchema, preApprovalsSchema, publicStoreSchema } from '@phonemarket/contracts';
import { approvedShop, demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { certificateScan, expectCertificatePicture } from '../support/certificates.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * 사전승낙서 (issue 41 §2): a seller attaches its number, carrier, parent dealer, valid-until date and a
 * picture (re-encoded); an admin approves or rejects it; a verified shop shows the badge on its 판매처 rows
 * and store, and buyers filter by it; 30 days before the end the seller is told and at the end the badge
 * goes — both by the expiry process's timers on the server's (fake) clock.
 */
let now = Date.parse('2026-12-01T00:00:00.000Z');
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { clock: () => new Date(now) }); });
afterAll(async () => { await server?.close(); });

const MODEL = 'galaxy-s26-ultra';
const SHOP = 'seller-1';
const scan = () => certificateScan(300, 420, '#334455');
const form = (documentId: string, over: Record<string, unknown> = {}) => ({ number: 'SKT-2026-0012', carrier: 'SKT', parentDealer: '강남대리점', validUntil: '2027-01-31', documentId, ...over });
const rows = async (query = '', after?: { body: unknown }) =>
  modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?limit=100${query}`, after ? minPosition(after) : {})).body).offers;

describe('사전승낙서', () => {
  it('role × route, Korean refusals, then: submitted → approved → badge on rows and store, filter → notice 30 days before → badge gone at the end', async () => {
    const seller = await demoSignedIn(server, 'seller');
    const admin = await demoSignedIn(server, 'admin');
    const buyer = await registeredBuyer(server, 'pre-approval');
    const guest = server.client();
    // The demo seller's offer of the model, so its 판매처 row is there.
    const terms = (await rows()).find((o) => o.condition === 'new' && o.carrier === 'KT')!;
    expect((await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 5 })).status).toBe(201);

    // The picture: an image re-encoded; a PDF that does not parse refused in Korean (real PDFs: certificatePdf.test); only sellers upload.
    const otherShop = await approvedShop(server, admin, '다른사전승낙폰');
    const { documentId, url } = await expectCertificatePicture('/api/seller/pre-approval/document', PRE_APPROVAL_MESSAGES.pdfBroken, scan, { seller, admin, otherShop, buyer, guest });

    // The form: Korean errors per field; a date already past; a picture not the seller's own.
    const bad = await seller.post('/api/seller/pre-approval', { number: '!', carrier: 'SK', parentDealer: '', validUntil: '2027-02-30', documentId });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({
      number: PRE_APPROVAL_MESSAGES.number, carrier: PRE_APPROVAL_MESSAGES.carrier, parentDealer: PRE_APPROVAL_MESSAGES.parentDealer, validUntil: PRE_APPROVAL_MESSAGES.validUntil,
    });
    const past = await seller.post('/api/seller/pre-approval', form(documentId, { validUntil: '2026-11-30' }));
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ errors: { validUntil: PRE_APPROVAL_MESSAGES.expired } });
    expect((await seller.post('/api/seller/pre-approval', form('someone-elses-scan'))).body).toMatchObject({ errors: { documentId: PRE_APPROVAL_MESSAGES.documentUnknown } });
    expect((await guest.post('/api/seller/pre-approval', form(documentId))).status).toBe(401);
    const notSeller = await buyer.post('/api/seller/pre-approval', form(documentId));
    expect(notSeller.status).toBe(403);
    expect((await admin.post('/api/seller/pre-approval', form(documentId))).status).toBe(403);

    const submitted = await seller.post('/api/seller/pre-approval', form(documentId));
    expect(submitted.status).toBe(201);
    const mine = preApprovalStateSchema.parse((await seller.get('/api/seller/pre-approval', minPosition(submitted))).body);
    expect(mine).toMatchObject({ sellerId: SHOP, pending: { number: 'SKT-2026-0012', carrier: 'SKT', parentDealer: '강남대리점', validUntil: '2027-01-31', documentUrl: url }, badge: null });
    // Not verified yet: no badge anywhere.
    expect((await rows('', submitted)).find((o) => o.seller.id === SHOP)!.seller.preApproval).toBeNull();

    // The queue and the decision: admins only.
    for (const [c, status] of [[guest, 401], [buyer, 403], [seller, 403]] as const) {
      expect((await c.get('/api/admin/pre-approvals')).status).toBe(status);
      expect((await c.post(`/api/admin/pre-approvals/${SHOP}/decide`, { decision: 'approved' })).status).toBe(status);
      expect((await c.get(`/api/admin/pre-approvals/${SHOP}/history`)).status).toBe(status);
    }
    const queue = preApprovalsSchema.parse((await admin.get('/api/admin/pre-approvals', minPosition(submitted))).body).items;
    expect(queue[0]).toMatchObject({ sellerId: SHOP, pending: { number: 'SKT-2026-0012' } });
    const noReason = await admin.post(`/api/admin/pre-approvals/${SHOP}/decide`, { decision: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errors: { reason: PRE_APPROVAL_MESSAGES.reason } });
    expect((await admin.post('/api/admin/pre-approvals/nobody-here/decide', { decision: 'approved' })).body).toMatchObject({ message: PRE_APPROVAL_MESSAGES.nothingToDecide });

    const approved = await admin.post(`/api/admin/pre-approvals/${SHOP}/decide`, { decision: 'approved' });
    expect(approved.status).toBe(200);
    const badged = (await rows('', approved)).filter((o) => o.seller.id === SHOP);
    expect(badged.length).toBeGreaterThan(0);
    for (const o of badged) expect(o.seller.preApproval).toEqual({ number: 'SKT-2026-0012', carrier: 'SKT', validUntil: '2027-01-31' });
    const filtered = await rows('&preApproved=1', approved);
    expect(filtered.length).toBe(badged.length);
    expect(filtered.every((o) => o.seller.id === SHOP)).toBe(true);
    const badFilter = await server.client().get(`/api/models/${MODEL}/offers?preApproved=yes`);
    expect(badFilter.status).toBe(400);
    expect(JSON.stringify(badFilter.body)).toContain('사전승낙 매장만 보려면 preApproved=1로 보내주세요.');
    const storeId = ((await seller.get('/api/seller/store')).body as { storeId: string }).storeId;
    expect(publicStoreSchema.parse((await server.client().get(`/api/stores/${storeId}`, minPosition(approved))).body).preApproval).toEqual({ number: 'SKT-2026-0012', carrier: 'SKT', validUntil: '2027-01-31' });
    const history = z.array(historyEntrySchema).parse((await admin.get(`/api/admin/pre-approvals/${SHOP}/history`, minPosition(approved))).body);
    expect(history.map((e) => e.type)).toEqual(['PreApprovalSubmitted', 'PreApprovalVerified']);
    expect(history[1]).toMatchObject({ actor: { role: 'admin' } });
    await expect.poll(async () => notificationsSchema.parse((await seller.get('/api/notifications')).body).notifications.some((n) => n.title === '사전승낙서가 확인되었습니다'), { timeout: 10_000 }).toBe(true);

    // 30 days before the end (2027-01-01 15:00 UTC = 2027-01-02 00:00 KST): the seller is told; the badge stays.
    // A month on, sessions have run out too: the seller signs in again after each jump.
    let later = seller;
    const notes = async () => notificationsSchema.parse((await later.get('/api/notifications')).body).notifications.map((n) => n.title);
    now = Date.parse('2027-01-01T15:00:01.000Z');
    later = await demoSignedIn(server, 'seller');
    await expect.poll(notes, { timeout: 15_000 }).toContain('사전승낙서 유효기간이 30일 남았습니다');
    expect((await rows()).find((o) => o.seller.id === SHOP)!.seller.preApproval).not.toBeNull();
    // At the end of its last day in Korea: the badge goes, from the rows and the filter.
    now = Date.parse('2027-01-31T15:00:01.000Z');
    later = await demoSignedIn(server, 'seller');
    await expect.poll(async () => (await rows()).find((o) => o.seller.id === SHOP)!.seller.preApproval, { timeout: 15_000 }).toBeNull();
    expect(await rows('&preApproved=1')).toEqual([]);
    await expect.poll(notes, { timeout: 10_000 }).toContain('사전승낙서 유효기간이 끝났습니다');
    const after = preApprovalStateSchema.parse((await later.get('/api/seller/pre-approval')).body);
    expect(after).toMatchObject({ badge: null, last: { outcome: 'expired' } });
  });
});
