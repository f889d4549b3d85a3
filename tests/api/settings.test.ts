import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsSchema, siteInfoSchema } from '@phonemarket/contracts';
import {
  ADMIN_SETTINGS_TEST_MAIL_PATH, DEFAULT_SETTINGS, SETTINGS_MESSAGES, TEST_MAIL_SUBJECT, adminSettingsSchema, settingsHistorySchema,
  type AdminSettings,
} from '@phonemarket/contracts/settings.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { PAID_TODAY } from '../support/checkout.ts';
import { startLocalSmtp, type LocalSmtp } from '../support/smtp.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Site settings (issue 29): the routes for each role, each section saved with its history, and each
 * setting used — the footer's business information on GET /api/site, a shorter idle timeout ending
 * an idle session, sign-in failure limits, a test mail and order/answer mails arriving at a local
 * SMTP server, notification types turned off, a payment method turned off and the card limit at checkout.
 */

const site = {
  companyName: '(주)폰마켓', representative: '홍길동', businessNumber: '2208162517', mailOrderNumber: '제2026-서울강남-01234호',
  mailOrderAuthority: '서울특별시 강남구청', address: '서울특별시 강남구 테헤란로 123, 4층', phone: '15881234', email: 'help@phonemarket.kr',
  privacyOfficer: '김보안 (privacy@phonemarket.kr)', hostingProvider: 'Amazon Web Services',
};
const security = (over: Partial<AdminSettings['security']> = {}) => ({
  sessionIdleMinutes: 30, sessionAbsoluteHours: 12, maxSignInFailures: 5, maxSignInFailuresPerAddress: 20, signInLockMinutes: 15, ...over,
});
const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', ...PAID_TODAY };

async function settingsOf(admin: TestClient, after?: { body: unknown }): Promise<AdminSettings> {
  const res = await admin.get('/api/admin/settings', after ? minPosition(after) : undefined);
  expect(res.status).toBe(200);
  return adminSettingsSchema.parse(res.body);
}

async function put(admin: TestClient, section: string, body: unknown, status = 200) {
  const res = await admin.request('PUT', `/api/admin/settings/${section}`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function firstProduct(server: TestServer): Promise<{ id: string; price: number }> {
  const res = await server.client().get('/api/products?limit=1&sort=priceDesc');
  return (res.body as { products: { id: string; price: number }[] }).products[0]!;
}

async function withCart(server: TestServer, c: TestClient) {
  const product = await firstProduct(server);
  const added = await c.post('/api/cart/items', { productId: product.id });
  expect(added.status).toBe(201);
  return product;
}

async function emailOf(c: TestClient): Promise<string> {
  return ((await c.get('/api/auth/me')).body as { user: { email: string } }).user.email;
}

describe('site settings: who may read and change them', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
  afterAll(async () => { await server?.close(); });

  it('guests 401, buyers and sellers 403 on every settings route (whatever role header), admins 200', async () => {
    const clients: Record<string, TestClient> = {
      guest: server.client(), user: await registeredBuyer(server, 'settings'), seller: await demoSignedIn(server, 'seller'), admin: await demoSignedIn(server, 'admin'),
    };
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/settings', undefined], ['GET', '/api/admin/settings/history', undefined],
      ['PUT', '/api/admin/settings/site', site], ['PUT', '/api/admin/settings/security', security()],
      ['PUT', '/api/admin/settings/email', { ...DEFAULT_SETTINGS.email, passwordSet: undefined }],
      ['PUT', '/api/admin/settings/notifications', DEFAULT_SETTINGS.notifications], ['PUT', '/api/admin/settings/payment', DEFAULT_SETTINGS.payment],
      ['POST', ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'someone@example.kr' }],
    ];
    for (const [method, route, body] of routes) {
      const statuses: Record<string, number> = {};
      for (const [role, c] of Object.entries(clients)) statuses[role] = (await c.request(method, route, { body, headers: { 'x-role': 'admin' } })).status;
      // The test mail is refused (409) while e-mail is off: the admin got past the role check.
      expect(statuses, `${method} ${route}`).toEqual({ guest: 401, user: 403, seller: 403, admin: route === ADMIN_SETTINGS_TEST_MAIL_PATH ? 409 : 200 });
    }
    expect((await clients.admin!.request('PUT', '/api/admin/settings/colors', { body: {} })).status).toBe(404);
  });

  it('defaults before any save: the spec\'s session timeout 30 and mail port 587, every payment method, no business information', async () => {
    const settings = await settingsOf(await demoSignedIn(server, 'admin'));
    expect(settings.security.sessionIdleMinutes).toBe(30);
    expect(settings.security.sessionAbsoluteHours).toBe(12);
    expect(settings.email.port).toBe(587);
    expect(settings.email.passwordSet).toBe(false);
    expect(settings.payment).toEqual({ methods: { card: true, transfer: true, deposit: true }, cardLimit: 10_000_000 });
  });
});

describe('사이트 정보: saved with its history, shown to everyone (GET /api/site)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.close(); });

  it('the 사업자등록번호 check digit and every field are checked, with Korean messages', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const bad = await put(admin, 'site', { ...site, businessNumber: '220-81-62518', phone: '12345', email: 'not-mail', companyName: 'x'.repeat(51) }, 400);
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
      businessNumber: SETTINGS_MESSAGES.businessNumber, phone: SETTINGS_MESSAGES.phone, email: SETTINGS_MESSAGES.email,
      companyName: '상호는 50자 이하로 입력해주세요.',
    });
  });

  it('a save is normalised, public on GET /api/site, and its history says who changed what from what to what', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const saved = await put(admin, 'site', site);
    expect(saved.body).toMatchObject({ id: 'site', changed: true });
    const info = siteInfoSchema.parse((await server.client().get('/api/site', minPosition(saved))).body);
    expect(info.business).toEqual({ ...site, businessNumber: '220-81-62517', phone: '1588-1234' });

    const again = await put(admin, 'site', { ...site, representative: '김대표', hostingProvider: '' });
    const history = settingsHistorySchema.parse((await admin.get('/api/admin/settings/history', minPosition(again))).body);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      section: 'site', actor: { name: expect.any(String) },
      changes: [{ field: 'representative', from: '홍길동', to: '김대표' }, { field: 'hostingProvider', from: 'Amazon Web Services', to: '' }],
    });
    expect(history[0]!.actor.userId).not.toBeNull();
    expect(history[1]!.changes).toContainEqual({ field: 'businessNumber', from: '', to: '220-81-62517' });
    // Saving the same values changes nothing and adds no history.
    const same = await put(admin, 'site', { ...site, representative: '김대표', hostingProvider: '' });
    expect(same.body).toMatchObject({ changed: false });
    expect(settingsHistorySchema.parse((await admin.get('/api/admin/settings/history')).body)).toHaveLength(2);
    expect((await settingsOf(admin)).site.hostingProvider).toBe('');
  });
});

describe('보안 설정: session timeouts and sign-in failure limits are used', () => {
  let now = Date.parse('2026-11-20T09:00:00Z');
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }, { clock: () => new Date(now) }); });
  afterAll(async () => { await server?.close(); });
  const minutes = (n: number) => { now += n * 60_000; };

  it('a shorter idle timeout ends idle sessions, open ones and new ones; a longer one keeps them', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const open = await registeredBuyer(server, 'idle-open');
    await put(admin, 'security', security({ sessionIdleMinutes: 10 }));
    const fresh = await registeredBuyer(server, 'idle-new');
    minutes(9);
    expect((await open.get('/api/auth/me')).status).toBe(200);
    minutes(11);
    expect((await open.get('/api/auth/me')).status).toBe(401); // 11 idle minutes: under the 30 of the configuration, over the setting's 10
    expect((await fresh.get('/api/auth/me')).status).toBe(401);

    const admin2 = await demoSignedIn(server, 'admin');
    await put(admin2, 'security', security({ sessionIdleMinutes: 60 }));
    const kept = await registeredBuyer(server, 'idle-long');
    minutes(45);
    expect((await kept.get('/api/auth/me')).status).toBe(200);
  });

  it('the absolute lifetime ends even an active session', async () => {
    const admin = await demoSignedIn(server, 'admin');
    await put(admin, 'security', security({ sessionIdleMinutes: 10, sessionAbsoluteHours: 1 }));
    const active = await registeredBuyer(server, 'absolute');
    for (let i = 0; i < 6; i++) { minutes(9); expect((await active.get('/api/auth/me')).status).toBe(200); }
    minutes(9);
    expect((await active.get('/api/auth/me')).status).toBe(401);
  });

  it('the absolute lifetime may not be shorter than the idle timeout; limits are checked', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const res = await put(admin, 'security', security({ sessionIdleMinutes: 120, sessionAbsoluteHours: 1, maxSignInFailures: 2 }), 400);
    expect((res.body as { errors: Record<string, string> }).errors).toEqual({
      sessionAbsoluteHours: SETTINGS_MESSAGES.sessionAbsoluteShorter, maxSignInFailures: SETTINGS_MESSAGES.signInFailures,
    });
  });

  it('sign-in failures: after the set number from one address the account waits (429), under it not', async () => {
    const admin = await demoSignedIn(server, 'admin');
    await put(admin, 'security', security({ sessionIdleMinutes: 60, maxSignInFailures: 3, signInLockMinutes: 5 }));
    const owner = await registeredBuyer(server, 'limited');
    const email = await emailOf(owner);
    const attacker = server.client();
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: 'wrong-password-1' })).status).toBe(401);
    const locked = await attacker.post('/api/auth/login', { email, password: 'correct-horse-77' });
    expect(locked.status).toBe(429);
    expect((locked.body as { message: string }).message).toMatch(/로그인 시도가 너무 많습니다/);
  });
});

describe('이메일 설정: the SMTP password is a secret; mails arrive at the SMTP server', () => {
  let server: TestServer;
  let smtp: LocalSmtp;
  // Generated here: a password written in the repository would be public (tests/secrets.test.ts).
  const smtpPassword = randomBytes(24).toString('base64url');
  const emailSettings = () => ({
    enabled: true, host: '127.0.0.1', port: smtp.port, security: 'none', username: 'mailer', fromName: '폰마켓', fromAddress: 'no-reply@phonemarket.kr',
  });
  beforeAll(async () => {
    smtp = await startLocalSmtp({ user: 'mailer', password: smtpPassword });
    server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('a weak or published password is refused; a saved one is never answered, nor in the history or the event log', async () => {
    const admin = await demoSignedIn(server, 'admin');
    for (const weak of ['short', 'change-me-change-me-change-me-change-me', 'x'.repeat(40)]) {
      const res = await put(admin, 'email', { ...emailSettings(), password: weak }, 400);
      expect((res.body as { errors: Record<string, string> }).errors).toEqual({ password: SETTINGS_MESSAGES.password });
    }
    const missing = await put(admin, 'email', { ...emailSettings(), host: '', fromAddress: '' }, 400);
    expect((missing.body as { errors: Record<string, string> }).errors).toEqual({ host: SETTINGS_MESSAGES.hostRequired, fromAddress: SETTINGS_MESSAGES.fromAddressRequired });

    const saved = await put(admin, 'email', { ...emailSettings(), password: smtpPassword });
    const answered = await admin.get('/api/admin/settings', minPosition(saved));
    expect(adminSettingsSchema.parse(answered.body).email).toMatchObject({ enabled: true, port: smtp.port, passwordSet: true });
    const history = await admin.get('/api/admin/settings/history');
    expect(settingsHistorySchema.parse(history.body)[0]!.changes).toContainEqual({ field: 'password', from: null, to: null, secret: true });
    for (const body of [answered.body, history.body]) {
      expect(JSON.stringify(body)).not.toContain(smtpPassword);
      expect(JSON.stringify(body)).not.toMatch(/v1\.[\w-]+\./);
    }
    expect(readFileSync(path.join(server.dataDir, 'events.sqlite')).includes(smtpPassword)).toBe(false);
    // Saving again without a password keeps it.
    await put(admin, 'email', { ...emailSettings(), fromName: '폰마켓 알림' });
    expect((await settingsOf(admin)).email.passwordSet).toBe(true);
  });

  it('테스트 메일 보내기 sends through the configured server (signed in with the saved password)', async () => {
    const admin = await demoSignedIn(server, 'admin');
    await put(admin, 'email', { ...emailSettings(), password: smtpPassword });
    const sent = await admin.post(ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'ops@phonemarket.kr' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await smtp.waitFor('ops@phonemarket.kr', TEST_MAIL_SUBJECT);
    expect(mail).toMatchObject({ from: 'no-reply@phonemarket.kr', user: 'mailer', subject: TEST_MAIL_SUBJECT });
    expect(mail.text).toContain('테스트 메일입니다');
    expect(mail.raw).not.toContain(smtpPassword);
    expect((await admin.post(ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'not-an-address' })).status).toBe(400);
  });

  it('a server that does not answer, or refuses the sign-in, is a Korean 502; e-mail off is 409', async () => {
    const admin = await demoSignedIn(server, 'admin');
    await put(admin, 'email', { ...emailSettings(), port: 9 });
    const down = await admin.post(ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'ops@phonemarket.kr' });
    expect(down.status).toBe(502);
    expect((down.body as { message: string }).message).toMatch(/SMTP 서버/);
    await put(admin, 'email', { ...emailSettings(), password: randomBytes(24).toString('base64url') });
    const refused = await admin.post(ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'ops@phonemarket.kr' });
    expect(refused.status).toBe(502);
    expect((refused.body as { message: string }).message).toBe('SMTP 서버가 로그인을 거부했습니다. 사용자와 비밀번호를 확인해주세요.');
    await put(admin, 'email', { ...emailSettings(), enabled: false });
    expect((await admin.post(ADMIN_SETTINGS_TEST_MAIL_PATH, { to: 'ops@phonemarket.kr' })).status).toBe(409);
  });

  it('order and answer notifications are mailed when on, and not when their kind is off', async () => {
    const admin = await demoSignedIn(server, 'admin');
    await put(admin, 'email', { ...emailSettings(), password: smtpPassword });
    await put(admin, 'notifications', DEFAULT_SETTINGS.notifications);

    const buyer = await registeredBuyer(server, 'mailed');
    const to = await emailOf(buyer);
    await withCart(server, buyer);
    expect((await buyer.post('/api/orders', { ...address, paymentMethod: 'transfer' })).status).toBe(201);
    const orderMail = await smtp.waitFor(to, '[폰마켓] 주문이 완료되었습니다');
    expect(orderMail.text).toMatch(/결제가 완료되었습니다 \(계좌이체\)/);

    const inquiry = await buyer.post('/api/inquiries', { category: '주문배송', title: '배송 문의', content: '언제 도착하나요? 알려주세요.' });
    expect(inquiry.status).toBe(201);
    const answered = await admin.request('PATCH', `/api/inquiries/${(inquiry.body as { id: string }).id}`, { body: { status: '완료', resolutionNote: '내일 도착 예정입니다.' } });
    expect(answered.status).toBe(200);
    const answerMail = await smtp.waitFor(to, '[폰마켓] 문의에 답변이 등록되었습니다');
    expect(answerMail.text).toContain('내일 도착 예정입니다.');

    // Order mails off: the next order is not mailed (its answer mails still are).
    await put(admin, 'notifications', { ...DEFAULT_SETTINGS.notifications, email: { order: false, answer: true } });
    const quiet = await registeredBuyer(server, 'quiet');
    const quietTo = await emailOf(quiet);
    await withCart(server, quiet);
    expect((await quiet.post('/api/orders', { ...address, paymentMethod: 'transfer' })).status).toBe(201);
    const second = await quiet.post('/api/inquiries', { category: '주문배송', title: '두 번째 문의', content: '확인 부탁드립니다. 감사합니다.' });
    await admin.request('PATCH', `/api/inquiries/${(second.body as { id: string }).id}`, { body: { status: '완료', resolutionNote: '확인했습니다.' } });
    await smtp.waitFor(quietTo, '문의에 답변이 등록되었습니다');
    expect(smtp.received.filter((m) => m.to.includes(quietTo)).map((m) => m.subject)).toEqual(['[폰마켓] 문의에 답변이 등록되었습니다']);
  });
});

describe('알림 설정: a notification type turned off is not sent in the site', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
  afterAll(async () => { await server?.close(); });

  async function orderNotifications(c: TestClient, after: { body: unknown }) {
    const list = notificationsSchema.parse((await c.get('/api/notifications', minPosition(after))).body);
    return list.notifications.filter((n) => n.type === 'order').map((n) => n.title);
  }

  it('주문 알림 on: the buyer is told; off: not (other types still are)', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const told = await registeredBuyer(server, 'told');
    await withCart(server, told);
    const first = await told.post('/api/orders', { ...address, paymentMethod: 'transfer' });
    expect(first.status).toBe(201);
    expect(await orderNotifications(told, first)).toEqual(['주문이 완료되었습니다']);

    await put(admin, 'notifications', { ...DEFAULT_SETTINGS.notifications, inApp: { ...DEFAULT_SETTINGS.notifications.inApp, order: false } });
    const untold = await registeredBuyer(server, 'untold');
    await withCart(server, untold);
    const second = await untold.post('/api/orders', { ...address, paymentMethod: 'transfer' });
    expect(second.status).toBe(201);
    expect(await orderNotifications(untold, second)).toEqual([]);
    const all = notificationsSchema.parse((await untold.get('/api/notifications', minPosition(second))).body);
    expect(all.notifications.map((n) => n.type)).toContain('promotion'); // the welcome benefits
  });
});

describe('결제 설정: checkout offers the methods turned on, up to the card limit', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
  afterAll(async () => { await server?.close(); });

  it('a method turned off is refused at POST /api/orders (400 on its field) and not offered on GET /api/site', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const saved = await put(admin, 'payment', { methods: { card: true, transfer: true, deposit: false }, cardLimit: 10_000_000 });
    expect(siteInfoSchema.parse((await server.client().get('/api/site', minPosition(saved))).body).payment).toEqual({ methods: ['card', 'transfer'], cardLimit: 10_000_000 });
    const buyer = await registeredBuyer(server, 'deposit');
    await withCart(server, buyer);
    const refused = await buyer.post('/api/orders', { ...address, paymentMethod: 'deposit' });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors).toEqual({ paymentMethod: '현재 사용할 수 없는 결제 수단입니다. 다른 결제 수단을 선택해주세요.' });
    expect((await buyer.post('/api/orders', { ...address, paymentMethod: 'transfer' })).status).toBe(201);
    const none = await put(admin, 'payment', { methods: { card: false, transfer: false, deposit: false }, cardLimit: 10_000_000 }, 400);
    expect((none.body as { errors: Record<string, string> }).errors).toEqual({ methods: SETTINGS_MESSAGES.paymentMethods });
  });

  it('a card order above the card limit is refused (409) before anything is written; under it, or by transfer, it goes through', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const buyer = await registeredBuyer(server, 'card');
    const product = await withCart(server, buyer);
    expect(product.price).toBeGreaterThan(100_000);
    await put(admin, 'payment', { methods: { card: true, transfer: true, deposit: true }, cardLimit: 100_000 });
    const refused = await buyer.post('/api/orders', { ...address, paymentMethod: 'card' });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe('카드 결제 한도(100,000원)를 초과했습니다. 다른 결제 수단을 선택해주세요.');
    const cart = (await buyer.get('/api/cart')).body as { items: unknown[] };
    expect(cart.items).toHaveLength(1);
    expect(((await buyer.get('/api/orders')).body as { orders: unknown[] }).orders).toHaveLength(0);

    await put(admin, 'payment', { methods: { card: true, transfer: true, deposit: true }, cardLimit: 10_000_000 });
    const placed = await buyer.post('/api/orders', { ...address, paymentMethod: 'card' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'paid' });
  });
});
