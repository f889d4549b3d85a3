import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRE_APPROVAL_MESSAGES, preApprovalStateSchema, preApprovalsSchema, sellerApplicationsSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * 사전승낙서 at the seller application (issue 41 §2, "at application or later"): the applicant uploads the
 * picture (re-encoded as a seller's is) and attaches the fields to the application, optionally; the
 * application refuses a picture that is not the applicant's and one run out; on approval it becomes a
 * submission waiting in the admins' 사전승낙서 queue, verified as one sent from /my-store.
 */
const now = Date.parse('2026-12-01T00:00:00.000Z');
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { clock: () => new Date(now) }); });
afterAll(async () => { await server?.close(); });

const PATH = '/api/seller-applications/pre-approval/document';
const scan = () => sharp({ create: { width: 300, height: 420, channels: 3, background: '#553322' } }).png().toBuffer();
const upload = async (c: TestClient, type = 'image/png') => c.request('POST', PATH, { body: new Uint8Array(await scan()), headers: { 'content-type': type } });
let applied = 0;
const application = (storeName: string, preApproval?: Record<string, unknown>) => ({
  applicantName: '박지훈', email: `pa-app-${++applied}-${Date.now()}@example.kr`, phone: '010-3456-7890', businessNumber: '220-81-62517',
  businessType: 'individual', storeName, storeDescription: '', experience: '', documents: [], ...(preApproval ? { preApproval } : {}),
});
const fields = (documentId: string, over: Record<string, unknown> = {}) => ({ number: 'KT-2026-0451', carrier: 'KT', parentDealer: '수원대리점', validUntil: '2027-08-31', documentId, ...over });

describe('사전승낙서 at the seller application', () => {
  it('role × route, Korean refusals (another applicant\'s picture, run out), then approval → waiting in the queue → verified', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const seller = await demoSignedIn(server, 'seller');
    const applicant = await registeredBuyer(server, 'pa-applicant', { firstName: '지훈', lastName: '박' });
    const someoneElse = await registeredBuyer(server, 'pa-other');

    // The upload: a signed-in account that is not a seller yet; a seller uses its own /my-store route.
    expect((await upload(server.client())).status).toBe(401);
    expect((await upload(seller)).status).toBe(403);
    expect((await upload(admin)).status).toBe(403);
    const pdf = await applicant.request('POST', PATH, { body: new TextEncoder().encode('%PDF-1.7\n%%EOF'), headers: { 'content-type': 'application/pdf' } });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ message: PRE_APPROVAL_MESSAGES.pdfBroken });
    const uploaded = await upload(applicant);
    expect(uploaded.status).toBe(201);
    const { id: documentId } = uploaded.body as { id: string };

    // Another account's picture, a run-out day and bad fields: Korean 400s naming the field; nothing filed.
    const stolen = await someoneElse.post('/api/seller-applications', application('남의서류폰', fields(documentId)));
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: { 'preApproval.documentId': PRE_APPROVAL_MESSAGES.documentUnknown } });
    const past = await applicant.post('/api/seller-applications', application('지훈모바일', fields(documentId, { validUntil: '2026-11-30' })));
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ errors: { 'preApproval.validUntil': PRE_APPROVAL_MESSAGES.expired } });
    const bad = await applicant.post('/api/seller-applications', application('지훈모바일', fields(documentId, { number: '!', carrier: 'SK' })));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { 'preApproval.number': PRE_APPROVAL_MESSAGES.number, 'preApproval.carrier': PRE_APPROVAL_MESSAGES.carrier } });
    // The store name was not taken by the refused tries: the application with it goes through.
    const filed = await applicant.post('/api/seller-applications', application('지훈모바일', fields(documentId)));
    expect(filed.status).toBe(201);
    const applicationId = (filed.body as { id: string }).id;
    const listed = sellerApplicationsSchema.parse((await admin.get('/api/seller-applications', minPosition(filed))).body).find((a) => a.id === applicationId)!;
    expect(listed.preApproval).toEqual(fields(documentId));
    // Not a seller yet: nothing waits in the 사전승낙서 queue.
    const before = preApprovalsSchema.parse((await admin.get('/api/admin/pre-approvals', minPosition(filed))).body).items;
    expect(before.some((i) => i.sellerId === applicant.id)).toBe(false);

    const approved = await admin.request('PUT', `/api/seller-applications/${applicationId}`, { body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    const queue = preApprovalsSchema.parse((await admin.get('/api/admin/pre-approvals', minPosition(approved))).body).items;
    expect(queue.find((i) => i.sellerId === applicant.id)).toMatchObject({
      storeName: '지훈모바일', pending: { number: 'KT-2026-0451', carrier: 'KT', parentDealer: '수원대리점', validUntil: '2027-08-31', documentUrl: `/api/pre-approval-documents/${documentId}` },
    });
    // The new seller sees it waiting and its picture; the other account does not see the picture.
    expect(preApprovalStateSchema.parse((await applicant.get('/api/seller/pre-approval', minPosition(approved))).body)).toMatchObject({ pending: { number: 'KT-2026-0451' }, badge: null });
    expect((await applicant.get(`/api/pre-approval-documents/${documentId}`)).status).toBe(200);
    expect((await someoneElse.get(`/api/pre-approval-documents/${documentId}`)).status).toBe(403);

    const verified = await admin.post(`/api/admin/pre-approvals/${applicant.id}/decide`, { decision: 'approved' });
    expect(verified.status).toBe(200);
    expect(preApprovalStateSchema.parse((await applicant.get('/api/seller/pre-approval', minPosition(verified))).body)).toMatchObject({
      pending: null, badge: { number: 'KT-2026-0451', carrier: 'KT', validUntil: '2027-08-31' },
    });

    // Without one, an application is as before: nothing waits after approval.
    const plain = await someoneElse.post('/api/seller-applications', application('그냥폰'));
    expect(plain.status).toBe(201);
    const plainApproved = await admin.request('PUT', `/api/seller-applications/${(plain.body as { id: string }).id}`, { body: { status: 'approved' } });
    expect(plainApproved.status).toBe(200);
    expect(preApprovalStateSchema.parse((await someoneElse.get('/api/seller/pre-approval', minPosition(plainApproved))).body)).toMatchObject({ pending: null, badge: null });
  });
});
