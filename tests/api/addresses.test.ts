import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES, PHONE_MESSAGE, addressBookSchema } from '@phonemarket/contracts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/** 배송지 관리 (issue 39 §4): an account's saved addresses and its 기본 배송지, for that account only. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const home = { label: '집', recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호' };
const office = { label: '회사', recipient: '김민수', phone: '010-9876-5432', postcode: '04524', address: '서울 중구 세종대로 110', addressDetail: '3층' };
const book = async (c: TestClient, after: { body: unknown }) => addressBookSchema.parse((await c.get('/api/me/addresses', minPosition(after))).body).addresses;
const idOf = (r: { body: unknown }) => (r.body as { id: string }).id;

describe('배송지 관리', () => {
  it('saves addresses; the first is the 기본 배송지 until another is chosen; edits and removals; the default moves on when removed', async () => {
    const buyer = await registeredBuyer(server, 'address');
    expect((await buyer.get('/api/me/addresses')).body).toEqual({ addresses: [] });
    const first = await buyer.post('/api/me/addresses', home);
    expect(first.status).toBe(201);
    const second = await buyer.post('/api/me/addresses', office);
    expect(second.status).toBe(201);
    let saved = await book(buyer, second);
    expect(saved.map((a) => [a.label, a.isDefault])).toEqual([['집', true], ['회사', false]]);
    expect(saved[0]).toEqual({ addressId: idOf(first), ...home, isDefault: true });

    const chosen = await buyer.request('PUT', `/api/me/addresses/${idOf(second)}/default`);
    expect(chosen.status).toBe(200);
    saved = await book(buyer, chosen);
    expect(saved.map((a) => [a.label, a.isDefault])).toEqual([['회사', true], ['집', false]]);

    const edited = await buyer.request('PUT', `/api/me/addresses/${idOf(first)}`, { body: { ...home, addressDetail: '5층 501호', makeDefault: true } });
    expect(edited.status).toBe(200);
    saved = await book(buyer, edited);
    expect(saved[0]).toMatchObject({ addressId: idOf(first), addressDetail: '5층 501호', isDefault: true });

    const removed = await buyer.request('DELETE', `/api/me/addresses/${idOf(first)}`);
    expect(removed.status).toBe(200);
    saved = await book(buyer, removed);
    expect(saved).toEqual([{ addressId: idOf(second), ...office, isDefault: true }]);
  });

  it('bad input: 400 with Korean messages per field, nothing saved; an unknown id 404; more than the limit 409', async () => {
    const buyer = await registeredBuyer(server, 'address-bad');
    const bad = await buyer.post('/api/me/addresses', { ...home, phone: '01012345678', postcode: '123', recipient: '', label: 'x'.repeat(21) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: {
      phone: PHONE_MESSAGE, postcode: '우편번호는 5자리 숫자로 입력해주세요.', recipient: '받는 분 이름을 2자 이상 입력해주세요.', label: '배송지 이름은 20자 이하로 입력해주세요.',
    } });
    expect((await buyer.get('/api/me/addresses')).body).toEqual({ addresses: [] });
    for (const r of [await buyer.request('PUT', '/api/me/addresses/nope', { body: home }), await buyer.request('PUT', '/api/me/addresses/nope/default'), await buyer.request('DELETE', '/api/me/addresses/nope')]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ message: ADDRESS_MESSAGES.notFound });
    }
    let last: { status: number; body: unknown } = { status: 0, body: null };
    for (let i = 0; i <= MAX_SAVED_ADDRESSES; i++) last = await buyer.post('/api/me/addresses', { ...home, label: `배송지 ${i}` });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ message: ADDRESS_MESSAGES.tooMany });
  });

  it('role × route: a guest 401; buyer, seller and admin each keep their own book; another account\'s address id is 404 and left as it was', async () => {
    const owner = await registeredBuyer(server, 'address-owner');
    const saved = await owner.post('/api/me/addresses', home);
    const id = idOf(saved);
    const guest = server.client();
    for (const r of [
      await guest.get('/api/me/addresses'), await guest.post('/api/me/addresses', home), await guest.request('PUT', `/api/me/addresses/${id}`, { body: office }),
      await guest.request('PUT', `/api/me/addresses/${id}/default`), await guest.request('DELETE', `/api/me/addresses/${id}`),
    ]) expect(r.status).toBe(401);

    for (const other of [await registeredBuyer(server, 'address-other'), await demoSignedIn(server, 'seller'), await demoSignedIn(server, 'admin')]) {
      const own = await other.post('/api/me/addresses', office);
      expect(own.status).toBe(201);
      expect((await book(other, own)).some((a) => a.addressId === id)).toBe(false);
      expect((await other.request('PUT', `/api/me/addresses/${id}`, { body: office })).status).toBe(404);
      expect((await other.request('PUT', `/api/me/addresses/${id}/default`)).status).toBe(404);
      expect((await other.request('DELETE', `/api/me/addresses/${id}`)).status).toBe(404);
    }
    expect(await book(owner, saved)).toEqual([{ addressId: id, ...home, isDefault: true }]);
  });
});
