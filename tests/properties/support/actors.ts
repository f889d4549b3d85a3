import { expect } from 'vitest';
import { modelOffersSchema } from '@phonemarket/contracts';
import type { TestClient } from '../../support/testServer.ts';

/** What a model test needs of its server: fresh clients (each a browser with its own cookies). */
export interface ClientSource { client(): TestClient }

let accounts = 0;
const PASSWORD = 'violet-harbor-1987!';

/** A new buyer account, signed in; `id` is its user id. */
export async function newBuyer(server: ClientSource, prefix = 'model'): Promise<TestClient & { id: string }> {
  const c = server.client();
  const res = await c.post('/api/auth/register', { email: `${prefix}${++accounts}-${Date.now()}@example.kr`, password: PASSWORD, firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
  expect(res.status).toBe(201);
  return Object.assign(c, { id: (res.body as { id: string }).id });
}

export async function demoClient(server: ClientSource, role: 'user' | 'seller' | 'admin'): Promise<TestClient> {
  const c = server.client();
  expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}

/** The body of a seller application that passes its schema (a valid 사업자등록번호, a store name of its own). */
export const applicationBody = (email: string, n: number) => ({
  applicantName: '모델셀러', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
  storeName: `모델폰${n}`, storeDescription: '', experience: '', documents: [],
});

/** A buyer who applied and was approved by the admin: a seller of their own, with every market term free to list. */
export async function approvedSeller(server: ClientSource, admin: TestClient): Promise<TestClient & { id: string; applicationId: string }> {
  const c = await newBuyer(server, 'seller');
  const email = `applicant${++accounts}-${Date.now()}@example.kr`;
  const applied = await c.post('/api/seller-applications', applicationBody(email, accounts));
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const applicationId = (applied.body as { id: string }).id;
  const approved = await admin.request('PUT', `/api/seller-applications/${applicationId}`, { body: { status: 'approved', reviewNotes: '승인' } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return Object.assign(c, { applicationId });
}

/** The market's terms for new phones of a model (offers of the seeded sellers), for a seller to list on. */
export async function marketTerms(server: ClientSource, modelId: string): Promise<string[]> {
  const offers = modelOffersSchema.parse((await server.client().get(`/api/models/${modelId}/offers`)).body).offers;
  return offers.filter((o) => o.condition === 'new').map((o) => o.offerId);
}

/** Every offer of a model in its public list (which answers a page at a time, issue 37). */
export async function publicOfferIds(server: ClientSource, modelId: string, headers: Record<string, string> = {}): Promise<Set<string>> {
  const ids = new Set<string>();
  const client = server.client();
  for (let page = 1; ; page++) {
    const answer = modelOffersSchema.parse((await client.get(`/api/models/${modelId}/offers?limit=100&page=${page}`, headers)).body);
    for (const o of answer.offers) ids.add(o.offerId);
    if (answer.offers.length === 0 || page * answer.limit >= answer.total) return ids;
  }
}

/** Lists `count` offers of the seller's own with the given stock, on the first free market terms; answers their ids. */
export async function listOffers(seller: TestClient, terms: readonly string[], stocks: readonly number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const term of terms) {
    if (ids.length === stocks.length) break;
    const listed = await seller.post('/api/offers', { sameTermsAs: term, extraSubsidy: 0, stock: stocks[ids.length] });
    if (listed.status === 409) continue;
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    ids.push((listed.body as { id: string }).id);
  }
  expect(ids).toHaveLength(stocks.length);
  return ids;
}
