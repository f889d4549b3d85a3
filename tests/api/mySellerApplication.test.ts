import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_SELLER_APPLICATION_PATH, mySellerApplicationSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** Issue 39 §8: /seller-application shows 심사 중 after 신청하기 and on reload, from the account's own latest application. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const application = (email: string) => ({
  applicantName: '이서윤', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
  storeName: '서윤 모바일', storeDescription: '', experience: '', documents: [],
});

describe('GET /api/me/seller-application', () => {
  it('a guest 401; an account without one null; after 신청하기 its own application 대기중, then the decision; never another account\'s', async () => {
    expect((await server.client().get(MY_SELLER_APPLICATION_PATH)).status).toBe(401);
    const applicant = await registeredBuyer(server, 'applicant');
    const other = await registeredBuyer(server, 'bystander');
    expect((await applicant.get(MY_SELLER_APPLICATION_PATH)).body).toEqual({ application: null });

    const applied = await applicant.post('/api/seller-applications', application(`applicant-${Date.now()}@example.kr`));
    expect(applied.status).toBe(201);
    const mine = mySellerApplicationSchema.parse((await applicant.get(MY_SELLER_APPLICATION_PATH, minPosition(applied))).body);
    expect(mine.application).toMatchObject({ id: (applied.body as { id: string }).id, status: 'pending', storeName: '서윤 모바일', reviewNotes: null });
    expect((await other.get(MY_SELLER_APPLICATION_PATH, minPosition(applied))).body).toEqual({ application: null });

    const admin = await demoSignedIn(server, 'admin');
    const decided = await admin.request('PUT', `/api/seller-applications/${mine.application!.id}`, { body: { status: 'rejected', reviewNotes: '서류 보완 필요' } });
    expect(decided.status).toBe(200);
    expect(mySellerApplicationSchema.parse((await applicant.get(MY_SELLER_APPLICATION_PATH, minPosition(decided))).body).application)
      .toMatchObject({ status: 'rejected', reviewNotes: '서류 보완 필요' });
  });
});
