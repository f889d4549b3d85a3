import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS, SUSPENDED_ACCOUNT_MESSAGE, adminSellersSchema, adminUsersPageSchema, historySchema, phoneThumbnailsSchema,
  sellerApplicationsSchema, type HistoryEntry, type SellerApplication,
} from '@phonemarket/contracts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/** Issue 11: seller applications, sellers, user management, phone thumbnails, histories, the admins' room. */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

type Answer = { status: number; body: unknown };
const positionOf = (res: Answer) => (res.body as { position: string }).position;
const PASSWORD = 'violet-harbor-1987!';
let n = 0;
async function buyer(name = '민지') {
  const c = server.client();
  n += 1;
  const email = `buyer${n}@example.kr`;
  const res = await c.post('/api/auth/register', { email, password: PASSWORD, firstName: name, lastName: '한', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
  expect(res.status).toBe(201);
  return { client: c, id: (res.body as { id: string }).id, email };
}
async function demo(role: 'user' | 'seller' | 'admin') {
  const c = server.client();
  expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}
const put = (c: TestClient, path: string, body: unknown, headers?: Record<string, string>) => c.request('PUT', path, { body, headers });
// Each applicant its own store name (store names are unique, issue 39): the email's local part names it.
const application = (email: string, extra: Record<string, unknown> = {}) => ({
  applicantName: '한민지', email, phone: '010-1234-5678', businessNumber: '220-81-62517', businessType: 'individual',
  storeName: `민지폰 ${email.split('@')[0]}`, storeDescription: '중고폰 전문', experience: '3년', documents: ['사업자등록증 사본'], ...extra,
});
const read = async <T>(c: TestClient, path: string, after: Answer) => (await c.get(path, { 'x-min-position': positionOf(after) })).body as T;

describe('authorisation matrix: guest 401, other roles 403 (whatever role header), admin allowed', () => {
  it('every admin route', async () => {
    const [user, seller, admin] = [await demo('user'), await demo('seller'), await demo('admin')];
    const guest = server.client();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/seller-applications'], ['PUT', '/api/seller-applications/x', { status: 'reviewing' }], ['GET', '/api/seller-applications/x/history'],
      ['GET', '/api/sellers'], ['PUT', '/api/sellers/x', { status: 'suspended' }], ['GET', '/api/sellers/x/history'],
      ['GET', '/api/admin/users'], ['PUT', '/api/admin/users/x/status', { status: 'suspended' }], ['PUT', '/api/admin/users/x/role', { role: 'admin' }],
      ['GET', '/api/admin/users/x/history'], ['GET', '/api/admin/image-collection/stats'],
      ['POST', '/api/phone-thumbnails', { brandName: '삼성', modelName: 'S25', thumbnailUrl: 'https://example.kr/a.png' }],
      ['PUT', '/api/phone-thumbnails/x', { brandName: '삼성', modelName: 'S25', thumbnailUrl: 'https://example.kr/a.png' }], ['DELETE', '/api/phone-thumbnails/x'],
    ];
    for (const [method, path, body] of routes) {
      const spoof = { 'x-user-role': 'admin' };
      expect((await guest.request(method, path, { body, headers: spoof })).status, `${method} ${path} guest`).toBe(401);
      expect((await user.request(method, path, { body, headers: spoof })).status, `${method} ${path} buyer`).toBe(403);
      expect((await seller.request(method, path, { body, headers: spoof })).status, `${method} ${path} seller`).toBe(403);
      expect([200, 201, 404], `${method} ${path} admin`).toContain((await admin.request(method, path, { body })).status);
    }
    // applying needs an account; the thumbnail list is public
    expect((await guest.post('/api/seller-applications', application('g@example.kr'))).status).toBe(401);
    expect((await guest.get('/api/phone-thumbnails')).status).toBe(200);
  });
});

describe('seller applications', () => {
  it('validates with Korean messages per field', async () => {
    const { client } = await buyer();
    const bad = await client.post('/api/seller-applications', { applicantName: ' ', email: 'nope', storeName: '', businessType: 'company', businessNumber: '220-81-62518', phone: '12345' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      applicantName: '신청자 이름을 입력해주세요.', email: '유효한 이메일을 입력해주세요.', storeName: '스토어 이름을 입력해주세요.',
      businessType: '사업자 유형을 선택해주세요.', businessNumber: '올바른 사업자등록번호가 아닙니다', phone: '올바른 전화번호가 아닙니다',
    });
  });

  it('submits (201 {id, position}), refuses a second open one (409), the admin reviews it once (409 twice, 400 otherwise)', async () => {
    const applicant = await buyer();
    const created = await applicant.client.post('/api/seller-applications', application(applicant.email, { businessNumber: '2208162517', phone: '01012345678', businessType: undefined }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), position: expect.stringMatching(/^\d+$/) });
    const id = (created.body as { id: string }).id;
    expect((await applicant.client.post('/api/seller-applications', application(applicant.email))).status).toBe(409);

    const admin = await demo('admin');
    const list = sellerApplicationsSchema.parse(await read(admin, '/api/seller-applications', created));
    const mine = list.find((a) => a.id === id)!;
    expect(mine).toMatchObject({ status: 'pending', statusLabel: '대기중', applicantId: applicant.id, businessNumber: '220-81-62517', phone: '010-1234-5678', businessType: 'individual' });

    expect((await put(admin, `/api/seller-applications/${id}`, { status: 'pending' })).status).toBe(400);
    const reviewing = await put(admin, `/api/seller-applications/${id}`, { status: 'reviewing' });
    expect(reviewing.status).toBe(200);
    expect((await put(admin, `/api/seller-applications/${id}`, { status: 'reviewing' })).status).toBe(409);
    // a rejection tells the applicant why: none (or blanks) is refused in Korean, on the notes
    for (const reviewNotes of [undefined, '', '   ']) {
      const silent = await put(admin, `/api/seller-applications/${id}`, { status: 'rejected', ...(reviewNotes === undefined ? {} : { reviewNotes }) });
      expect(silent.status).toBe(400);
      expect((silent.body as { errors: Record<string, string> }).errors.reviewNotes).toBe('거절 사유를 검토 메모에 입력해주세요. 신청자에게 그대로 전달됩니다.');
    }
    const rejected = await put(admin, `/api/seller-applications/${id}`, { status: 'rejected', reviewNotes: '서류 미비' });
    expect(rejected.status).toBe(200);
    expect((await put(admin, `/api/seller-applications/${id}`, { status: 'approved' })).status).toBe(409);
    const after = (await read<SellerApplication[]>(admin, '/api/seller-applications?status=rejected', rejected)).find((a) => a.id === id);
    expect(after).toMatchObject({ status: 'rejected', statusLabel: '거절', reviewedBy: 'admin-1', reviewerName: '박관리', reviewNotes: '서류 미비' });
    expect((await put(admin, '/api/seller-applications/unknown', { status: 'approved' })).status).toBe(404);
    // rejected: the buyer may apply again
    expect((await applicant.client.post('/api/seller-applications', application(applicant.email))).status).toBe(201);
  });

  it('approval makes the seller and store, the applicant a seller in their open session, and the histories tell it all', async () => {
    const applicant = await buyer('서준');
    const created = await applicant.client.post('/api/seller-applications', application(applicant.email, { storeName: '서준 모바일' }));
    const id = (created.body as { id: string }).id;
    const admin = await demo('admin');
    await put(admin, `/api/seller-applications/${id}`, { status: 'reviewing' });
    const approved = await put(admin, `/api/seller-applications/${id}`, { status: 'approved', reviewNotes: '확인 완료' });
    expect(approved.status).toBe(200);
    // same session, no sign-out: the role is already seller
    expect((await applicant.client.get('/api/auth/me')).body).toMatchObject({ user: { id: applicant.id, role: 'seller' } });

    const sellers = adminSellersSchema.parse(await read(admin, '/api/sellers', approved));
    expect(sellers.find((s) => s.id === applicant.id)).toMatchObject({ name: '한민지', storeName: '서준 모바일', status: 'approved', statusLabel: '활성', storeId: `store-${applicant.id}` });

    const history = historySchema.parse(await read(admin, `/api/seller-applications/${id}/history`, approved));
    expect(history.map((e) => e.type)).toEqual(['SellerApplicationSubmitted', 'SellerApplicationReviewStarted', 'SellerApplicationApproved']);
    expect(history[0]!.actor).toEqual({ userId: applicant.id, role: 'user', name: '한서준' });
    expect(history[2]).toMatchObject({ actor: { userId: 'admin-1', role: 'admin', name: '박관리' }, data: { reviewNotes: '확인 완료' } });

    const suspended = await put(admin, `/api/sellers/${applicant.id}`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect((await put(admin, `/api/sellers/${applicant.id}`, { status: 'closed' })).status).toBe(400);
    expect((await put(admin, '/api/sellers/nobody', { status: 'approved' })).status).toBe(404);
    const sellerHistory = historySchema.parse(await read(admin, `/api/sellers/${applicant.id}/history`, suspended));
    expect(sellerHistory.map((e) => e.type)).toEqual(['SellerOnboarded', 'SellerStoreOpened', 'SellerStatusChanged']);
    expect(sellerHistory[2]!.data).toMatchObject({ from: 'approved', to: 'suspended' });

    const userHistory = historySchema.parse(await read(admin, `/api/admin/users/${applicant.id}/history`, suspended));
    expect(userHistory.map((e: HistoryEntry) => e.type)).toEqual(['UserRegistered', 'UserConsentsRecorded', 'UserSellerApplicationFiled', 'UserRoleChanged']);
    expect(JSON.stringify(userHistory)).not.toMatch(/argon2|passwordHash/);
    expect((await admin.get('/api/admin/users/nobody/history')).status).toBe(404);
  });

  it('a history read again after new events has them all, in order (a kept answer never goes stale)', async () => {
    const applicant = await buyer('하늘');
    const id = ((await applicant.client.post('/api/seller-applications', application(applicant.email, { storeName: '하늘폰' }))).body as { id: string }).id;
    const admin = await demo('admin');
    let last = await put(admin, `/api/seller-applications/${id}`, { status: 'approved' });
    const path = `/api/sellers/${applicant.id}/history`;
    const first = historySchema.parse(await read(admin, path, last));
    expect(historySchema.parse((await admin.get(path)).body)).toEqual(first); // read twice, same answer
    const expected = ['SellerOnboarded', 'SellerStoreOpened'];
    for (const status of ['suspended', 'approved', 'suspended'] as const) {
      last = await put(admin, `/api/sellers/${applicant.id}`, { status });
      expected.push('SellerStatusChanged');
      const history = historySchema.parse(await read(admin, path, last));
      expect(history.map((e) => e.type)).toEqual(expected);
      expect(history.slice(0, first.length)).toEqual(first);
      expect(history.at(-1)).toMatchObject({ actor: { userId: 'admin-1', role: 'admin', name: '박관리' }, data: { to: status } });
    }
  });
});

describe('user management', () => {
  it('pages, searches and filters accounts', async () => {
    const admin = await demo('admin');
    const someone = await buyer('검색');
    const page = adminUsersPageSchema.parse((await admin.get('/api/admin/users?q=한 검색&role=user&status=active&page=1')).body);
    expect(page.users.map((u) => u.id)).toEqual([someone.id]);
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.users[0]).toMatchObject({ name: '한검색', status: 'active', statusLabel: '활성', orderCount: 0 });
    expect((await admin.get('/api/admin/users?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/users?role=boss')).status).toBe(400);
  });

  it('suspension ends the sessions and refuses sign-in (403); reactivation lets them back; sign-ins are in the history without addresses', async () => {
    const target = await buyer('정지');
    const admin = await demo('admin');
    const other = server.client();
    expect((await other.post('/api/auth/login', { email: target.email, password: PASSWORD })).status).toBe(200);
    const suspended = await put(admin, `/api/admin/users/${target.id}/status`, { status: 'suspended', reason: '사기 의심' });
    expect(suspended.status).toBe(200);
    expect((await target.client.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const refused = await server.client().post('/api/auth/login', { email: target.email, password: PASSWORD });
    expect(refused).toMatchObject({ status: 403, body: { message: SUSPENDED_ACCOUNT_MESSAGE } });
    const listed = adminUsersPageSchema.parse(await read(admin, `/api/admin/users?status=suspended&q=${encodeURIComponent(target.email)}`, suspended));
    expect(listed.users[0]).toMatchObject({ id: target.id, status: 'suspended', statusLabel: '정지' });
    const back = await put(admin, `/api/admin/users/${target.id}/status`, { status: 'active' });
    expect((await server.client().post('/api/auth/login', { email: target.email, password: PASSWORD })).status).toBe(200);
    const history = historySchema.parse(await read(admin, `/api/admin/users/${target.id}/history`, back));
    expect(history.map((e) => e.type)).toEqual(['UserRegistered', 'UserConsentsRecorded', 'UserSignedIn', 'UserSuspended', 'UserReactivated', 'UserSignedIn']);
    expect(history[3]).toMatchObject({ actor: { userId: 'admin-1', role: 'admin' }, data: { reason: '사기 의심' } });
    expect(history[2]!.data).toEqual({ userId: target.id, method: 'password' });
    expect((await put(admin, `/api/admin/users/${target.id}/status`, { status: 'gone' })).status).toBe(400);
    expect((await put(admin, '/api/admin/users/nobody/status', { status: 'suspended' })).status).toBe(404);
  });

  it('roles: seller only by application, admin granted by an admin, the last active admin stays (409); the session sees the new role', async () => {
    const admin = await demo('admin');
    const target = await buyer('역할');
    expect((await put(admin, `/api/admin/users/${target.id}/role`, { role: 'seller' })).status).toBe(409);
    expect((await put(admin, `/api/admin/users/${target.id}/role`, { role: 'owner' })).status).toBe(400);
    // the only admin cannot demote or suspend themselves
    expect((await put(admin, '/api/admin/users/admin-1/role', { role: 'user' })).status).toBe(409);
    expect((await put(admin, '/api/admin/users/admin-1/status', { status: 'suspended' })).status).toBe(409);
    expect((await put(admin, `/api/admin/users/${target.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await target.client.get('/api/auth/me')).body).toMatchObject({ user: { role: 'admin' } });
    expect((await target.client.get('/api/admin/users')).status).toBe(200);
    // two admins now: one may step down, then the other is the last
    expect((await put(target.client, `/api/admin/users/${target.id}/role`, { role: 'user' })).status).toBe(200);
    expect((await target.client.get('/api/admin/users')).status).toBe(403);
    expect((await put(admin, '/api/admin/users/admin-1/role', { role: 'user' })).status).toBe(409);
  });
});

describe("the catalogue's seeded sellers (issue 10) are sellers of this model", () => {
  it("each is an approved seller with a store and an account; a suspended one's offers leave the storefront until reinstated", async () => {
    const admin = await demo('admin');
    const sellers = adminSellersSchema.parse((await admin.get('/api/sellers')).body);
    const seeded = sellers.find((s) => s.id === 'seller-gangnam-phone');
    expect(seeded).toMatchObject({ name: '강남폰스토어', status: 'approved', storeId: 'store-seller-gangnam-phone', userId: 'seller-gangnam-phone' });
    // The 8 seeded sellers; the demo seller (seller-1) is a seller of its own.
    expect(sellers.filter((s) => s.id.startsWith('seller-') && s.userId === s.id && s.id !== 'seller-1')).toHaveLength(8);
    const account = adminUsersPageSchema.parse((await admin.get('/api/admin/users?q=seller-gangnam-phone')).body).users[0];
    expect(account).toMatchObject({ id: 'seller-gangnam-phone', role: 'seller', status: 'active' });

    const offersOf = async (modelId: string) => ((await server.client().get(`/api/models/${modelId}/offers`)).body as { offers: { seller: { id: string } }[] }).offers;
    const models = ((await server.client().get('/api/models?limit=50')).body as { models: { id: string; sellerCount: number }[] }).models;
    const model = (await Promise.all(models.map(async (m) => ({ m, offers: await offersOf(m.id) }))))
      .find(({ offers }) => offers.some((o) => o.seller.id === 'seller-gangnam-phone'))!;
    const sellerCount = async () => ((await server.client().get(`/api/models/${model.m.id}`)).body as { sellerCount: number }).sellerCount;
    const before = await sellerCount();

    const suspended = await put(admin, '/api/sellers/seller-gangnam-phone', { status: 'suspended', reason: '허위 매물 신고' });
    expect(suspended.status).toBe(200);
    await expect.poll(async () => (await offersOf(model.m.id)).some((o) => o.seller.id === 'seller-gangnam-phone'), { timeout: 5_000 }).toBe(false);
    expect(await sellerCount()).toBe(before - 1);
    const listed = ((await server.client().get('/api/products?limit=100')).body as { products: { seller: { name: string } }[] }).products;
    expect(listed.some((p) => p.seller.name === '강남폰스토어 강남역점')).toBe(false);

    expect((await put(admin, '/api/sellers/seller-gangnam-phone', { status: 'approved' })).status).toBe(200);
    await expect.poll(async () => (await offersOf(model.m.id)).some((o) => o.seller.id === 'seller-gangnam-phone'), { timeout: 5_000 }).toBe(true);
  });
});

describe('phone thumbnails', () => {
  it('admins add, edit and delete; everyone reads', async () => {
    const admin = await demo('admin');
    const bad = await admin.post('/api/phone-thumbnails', { brandName: '', modelName: '', thumbnailUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['brandName', 'modelName', 'thumbnailUrl']);
    const created = await admin.post('/api/phone-thumbnails', { brandName: '삼성', modelName: '갤럭시 S25', thumbnailUrl: 'https://example.kr/s25.png', sourceUrl: '', description: '' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const updated = await put(admin, `/api/phone-thumbnails/${id}`, { brandName: '삼성', modelName: '갤럭시 S25 울트라', thumbnailUrl: 'https://example.kr/s25u.png' });
    expect(updated.status).toBe(200);
    const list = phoneThumbnailsSchema.parse(await read(server.client(), '/api/phone-thumbnails', updated));
    expect(list.find((t) => t.id === id)).toMatchObject({ modelName: '갤럭시 S25 울트라', sourceUrl: null, description: null });
    const removed = await admin.request('DELETE', `/api/phone-thumbnails/${id}`);
    expect(removed.status).toBe(200);
    expect(phoneThumbnailsSchema.parse(await read(server.client(), '/api/phone-thumbnails', removed)).some((t) => t.id === id)).toBe(false);
    expect((await admin.request('DELETE', `/api/phone-thumbnails/${id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/image-collection/stats')).body).toEqual({ collectedToday: 0, awaitingReview: 0, approved: 0, activeChannels: 0 });
  });
});

describe('the admins room', () => {
  const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function listen(c: TestClient | null) {
    const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: c ? { cookie: cookieOf(c) } : {} });
    sockets.push(socket);
    const heard: unknown[] = [];
    for (const event of [SOCKET_EVENTS.sellerApplicationChanged, SOCKET_EVENTS.sellerChanged, SOCKET_EVENTS.adminUserChanged]) socket.on(event, (p: unknown) => heard.push(p));
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    return { heard, next: (event: string) => new Promise<unknown>((resolve) => socket.once(event, resolve)) };
  }

  it('admins hear new applications and decisions live; guests, buyers and sellers never do; the applicant hears the decision', async () => {
    const [admin, seller, user] = [await demo('admin'), await demo('seller'), await demo('user')];
    const applicant = await buyer('실시간');
    const [adminTab, guestTab, sellerTab, userTab] = [await listen(admin), await listen(null), await listen(seller), await listen(user)];
    const applicantTab = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookieOf(applicant.client) } });
    sockets.push(applicantTab);
    await new Promise<void>((resolve) => applicantTab.on('connect', () => resolve()));

    const heardNew = adminTab.next(SOCKET_EVENTS.sellerApplicationChanged);
    const created = await applicant.client.post('/api/seller-applications', application(applicant.email));
    expect(await heardNew).toMatchObject({ id: (created.body as { id: string }).id, status: 'pending', statusLabel: '대기중' });

    const decided = new Promise((resolve) => applicantTab.once(SOCKET_EVENTS.sellerApplicationDecided, resolve));
    const heardDecision = adminTab.next(SOCKET_EVENTS.sellerApplicationChanged);
    await put(admin, `/api/seller-applications/${(created.body as { id: string }).id}`, { status: 'rejected', reviewNotes: '재신청 바랍니다' });
    expect(await heardDecision).toMatchObject({ status: 'rejected' });
    expect(await decided).toEqual({ applicationId: (created.body as { id: string }).id, status: 'rejected', reviewNotes: '재신청 바랍니다' });
    await new Promise((r) => setTimeout(r, 300));
    expect(guestTab.heard).toEqual([]);
    expect(sellerTab.heard).toEqual([]);
    expect(userTab.heard).toEqual([]);
  });
  it("a demoted admin's open tab leaves the admins room at once; a suspended account's tab is closed", async () => {
    const admin = await demo('admin');
    const second = await buyer('둘째');
    expect((await put(admin, `/api/admin/users/${second.id}/role`, { role: 'admin' })).status).toBe(200);
    const tab = await listen(second.client);
    const applicant = await buyer('신청');
    const heard = tab.next(SOCKET_EVENTS.sellerApplicationChanged);
    await applicant.client.post('/api/seller-applications', application(applicant.email));
    expect(await heard).toMatchObject({ status: 'pending' });

    const watcher = await listen(admin);
    const demoted = watcher.next(SOCKET_EVENTS.adminUserChanged);
    expect((await put(admin, `/api/admin/users/${second.id}/role`, { role: 'user' })).status).toBe(200);
    await demoted;
    const before = tab.heard.length;
    const later = await buyer('나중');
    const adminHeard = watcher.next(SOCKET_EVENTS.sellerApplicationChanged);
    await later.client.post('/api/seller-applications', application(later.email));
    await adminHeard;
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.heard.slice(before)).toEqual([]);

    // suspension: the account's sessions end and its open sockets are closed
    const suspendedTab = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookieOf(later.client) } });
    sockets.push(suspendedTab);
    await new Promise<void>((resolve) => suspendedTab.on('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => suspendedTab.on('disconnect', () => resolve()));
    expect((await put(admin, `/api/admin/users/${later.id}/status`, { status: 'suspended', reason: '약관 위반' })).status).toBe(200);
    await closed;
    expect(suspendedTab.connected).toBe(false);
  });
});
