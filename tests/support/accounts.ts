import { expect } from 'vitest';
import type { TestClient, TestServer } from './testServer.ts';

let registered = 0;

/** A new buyer account, signed in (its id on the client); its e-mail starts with `prefix`. */
export async function registeredBuyer(server: TestServer, prefix = 'buyer', name: { firstName?: string; lastName?: string } = {}): Promise<TestClient & { id: string }> {
  const c = server.client();
  const { firstName = '민수', lastName = '김' } = name;
  const res = await c.post('/api/auth/register', { email: `${prefix}${++registered}-${Date.now()}@example.kr`, password: 'correct-horse-77', firstName, lastName, agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
  expect(res.status).toBe(201);
  return Object.assign(c, { id: (res.body as { id: string }).id });
}

/** A client signed in as the demo account of a role. */
export async function demoSignedIn(server: TestServer, role: 'user' | 'seller' | 'admin'): Promise<TestClient> {
  const c = server.client();
  expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}

/** Read-your-writes for the next GET: the position a command answered. */
export const minPosition = (res: { body: unknown }) => ({ 'x-min-position': (res.body as { position: string }).position });

/** A buyer who applies and is approved by `admin`: another shop (`storeName` must be unique on the server). */
export async function approvedShop(server: TestServer, admin: TestClient, storeName: string): Promise<TestClient & { id: string }> {
  const c = await registeredBuyer(server, 'other-shop', { firstName: '지훈', lastName: '박' });
  const applied = await c.post('/api/seller-applications', {
    applicantName: '박지훈', email: `other-shop-${c.id}@example.kr`, phone: '010-3456-7890', businessNumber: '220-81-62517',
    businessType: 'individual', storeName, storeDescription: '중고폰 매입', experience: '', documents: [],
  });
  expect(applied.status).toBe(201);
  expect((await admin.request('PUT', `/api/seller-applications/${(applied.body as { id: string }).id}`, { body: { status: 'approved' } })).status).toBe(200);
  return c;
}
