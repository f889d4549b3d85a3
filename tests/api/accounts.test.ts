import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { demoSignedIn, minPosition } from '../support/accounts.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const newUser = (n: number) => ({ email: `user${n}@example.kr`, password: 'correct horse 1', firstName: '지민', lastName: '최', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });

describe('accounts and sessions', () => {
  it('GET /api/auth/me answers 401 with the error shape without a session', async () => {
    const res = await server.client().get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: '로그인이 필요합니다.' });
  });

  it('registers, signs in with a fresh session, and sees itself', async () => {
    const c = server.client();
    const reg = await c.post('/api/auth/register', newUser(1));
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ id: expect.any(String), position: expect.stringMatching(/^\d+$/), user: { email: 'user1@example.kr', role: 'user' } });
    const setCookie = reg.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/pm_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email: 'user1@example.kr', firstName: '지민' } });

    const other = server.client();
    const login = await other.post('/api/auth/login', { email: 'USER1@example.kr ', password: 'correct horse 1' });
    expect(login.status).toBe(200);
    expect(other.cookies.get('pm_sid')).not.toEqual(c.cookies.get('pm_sid'));
  });

  it('sign-up asks 이용약관, 개인정보 수집·이용 and 만 14세 이상 (400, Korean, no account); the versions agreed and 마케팅 수신 are in the account\'s history', async () => {
    const { agreeTerms: _t, agreePrivacy: _p, confirmAgeOver14: _a, ...withoutConsents } = newUser(21);
    const refused = await server.client().post('/api/auth/register', { ...withoutConsents, agreeTerms: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: {
      agreeTerms: '이용약관에 동의해주세요.', agreePrivacy: '개인정보 수집·이용에 동의해주세요.', confirmAgeOver14: '만 14세 이상만 가입할 수 있습니다. 만 14세 이상인지 확인해주세요.',
    } });
    expect((await server.client().post('/api/auth/login', { email: 'user21@example.kr', password: 'correct horse 1' })).status).toBe(401);

    const reg = await server.client().post('/api/auth/register', { ...newUser(21), agreeMarketing: true });
    expect(reg.status).toBe(201);
    const admin = await demoSignedIn(server, 'admin');
    const history = await admin.get(`/api/admin/users/${(reg.body as { id: string }).id}/history`, minPosition(reg));
    expect(history.status).toBe(200);
    const entries = history.body as { type: string; data: Record<string, unknown> }[];
    expect(entries.map((e) => e.type).slice(0, 2)).toEqual(['UserRegistered', 'UserConsentsRecorded']);
    expect(entries[1]!.data).toEqual({ userId: (reg.body as { id: string }).id, termsVersion: '2026-11-23', privacyVersion: '2026-11-23', ageOver14Confirmed: true, marketing: true, marketingVersion: '2026-11-23' });
  });

  it('refuses bad registrations with Korean per-field messages and a duplicate email with 409', async () => {
    const c = server.client();
    const bad = await c.post('/api/auth/register', { email: 'nope', password: 'short', firstName: '', lastName: '', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String), errors: { email: '유효한 이메일을 입력해주세요.', password: '비밀번호는 8자 이상이어야 합니다.', firstName: '이름을 입력해주세요.' } });
    await c.post('/api/auth/register', newUser(2));
    const dup = await server.client().post('/api/auth/register', { ...newUser(2), email: 'User2@Example.kr' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: '이미 가입된 이메일입니다.' });
  });

  it('does not say which of email or password was wrong', async () => {
    await server.client().post('/api/auth/register', newUser(3));
    const wrongPassword = await server.client().post('/api/auth/login', { email: 'user3@example.kr', password: 'wrong password' });
    const unknownEmail = await server.client().post('/api/auth/login', { email: 'ghost@example.kr', password: 'wrong password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
  });

  it('rate-limits sign-in per account', async () => {
    await server.client().post('/api/auth/register', newUser(4));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.client().post('/api/auth/login', { email: 'user4@example.kr', password: `bad-${i}-password` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // from that address even the right password waits (another address is not blocked: see security.test.ts)
    expect((await server.client().post('/api/auth/login', newUser(4))).status).toBe(429);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'user' });
    const stolen = c.cookies.get('pm_sid')!;
    expect((await c.post('/api/auth/logout')).status).toBe(204);
    const replay = server.client();
    replay.cookies.set('pm_sid', stolen);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('a forged or tampered cookie is no session', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'admin' });
    const value = c.cookies.get('pm_sid')!;
    c.cookies.set('pm_sid', `${value.slice(0, -2)}xx`);
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses state-changing requests from another Origin', async () => {
    const res = await server.client().post('/api/auth/demo', { role: 'user' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: '허용되지 않은 출처의 요청입니다.' });
    const same = await server.client().post('/api/auth/demo', { role: 'user' }, { origin: server.url });
    expect(same.status).toBe(200);
  });

  it('checks roles on the server whatever role header the client sends', async () => {
    const guest = server.client();
    expect((await guest.get('/api/admin/users', { 'x-user-role': 'admin' })).status).toBe(401);
    const buyer = server.client();
    await buyer.post('/api/auth/demo', { role: 'user' });
    const asBuyer = await buyer.get('/api/admin/users', { 'x-user-role': 'admin' });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body).toEqual({ message: '이 작업을 할 권한이 없습니다.' });
    const admin = server.client();
    await admin.post('/api/auth/demo', { role: 'admin' });
    const list = await admin.get('/api/admin/users');
    expect(list.status).toBe(200);
    expect((list.body as { users: unknown[] }).users).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'admin@demo.phonemarket.kr', role: 'admin' })]));
    expect(JSON.stringify(list.body)).not.toMatch(/argon2/);
  });

  it('demo sign-in works for each role', async () => {
    for (const role of ['user', 'seller', 'admin'] as const) {
      const c = server.client();
      const res = await c.post('/api/auth/demo', { role });
      expect(res.status).toBe(200);
      expect((await c.get('/api/auth/me')).body).toMatchObject({ user: { role } });
    }
  });

  it('answers malformed JSON and unknown API paths with the error shape', async () => {
    const c = server.client();
    const bad = await c.request('POST', '/api/auth/login', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: '요청 형식이 올바르지 않습니다.' });
    const missing = await c.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '요청하신 경로를 찾을 수 없습니다.' });
  });

  it('authenticates the Socket.IO handshake with the session cookie', async () => {
    const c = server.client();
    await c.post('/api/auth/demo', { role: 'admin' });
    const socket = io(server.url, { transports: ['websocket'], extraHeaders: { cookie: `pm_sid=${c.cookies.get('pm_sid')}` }, reconnection: false });
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('sessions expire and state survives a restart', () => {
  it('idle timeout ends a session; accounts survive a restart', async () => {
    let now = Date.parse('2026-11-20T09:00:00Z');
    const clock = () => new Date(now);
    let s = await startTestServer({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' }, { clock });
    try {
      const c = s.client();
      await c.post('/api/auth/register', newUser(9));
      now += 29 * 60_000;
      expect((await c.get('/api/auth/me')).status).toBe(200);
      now += 31 * 60_000;
      expect((await c.get('/api/auth/me')).status).toBe(401);

      const again = s.client();
      expect((await again.post('/api/auth/login', newUser(9))).status).toBe(200);
      s = await s.restart();
      const afterRestart = createAfter(s);
      afterRestart.cookies.set('pm_sid', again.cookies.get('pm_sid')!);
      expect((await afterRestart.get('/api/auth/me')).status).toBe(200);
      expect((await s.client().post('/api/auth/login', newUser(9))).status).toBe(200);
      // absolute timeout: even an active session ends after 12 hours
      for (let i = 0; i < 25; i++) { now += 29 * 60_000; await afterRestart.get('/api/auth/me'); }
      expect((await afterRestart.get('/api/auth/me')).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('with DEMO=0 the demo route answers 404', async () => {
    const s = await startTestServer({ DEMO: '0' });
    try {
      const res = await s.client().post('/api/auth/demo', { role: 'admin' });
      expect(res.status).toBe(404);
      expect(res.body).toHaveProperty('message');
    } finally {
      await s.close();
    }
  });
});

const createAfter = (s: TestServer) => s.client();

describe('cookies behind HTTPS', () => {
  it('sets Secure when the request came over HTTPS through a trusted proxy', async () => {
    const s = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const res = await s.client().post('/api/auth/demo', { role: 'user' }, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
      const plain = await s.client().post('/api/auth/demo', { role: 'user' });
      expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
    } finally {
      await s.close();
    }
  });
});
