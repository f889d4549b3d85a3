import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignedIn } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

const UNSAFE = '사용할 수 없는 문자가 포함되어 있습니다.';

describe('names with zero-width or direction-mark characters are refused (issue 23 L5)', () => {
  it('POST /api/auth/register: 관리\\u200B자 and a name with an LRM → 400 with the fields\' Korean errors, no account', async () => {
    const c = server.client();
    const email = `invisible-${Date.now()}@example.kr`;
    const res = await c.post('/api/auth/register', { email, password: 'Blue-Harbor-Kite-92', firstName: '관리\u200B자', lastName: '박\u200E씨', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { firstName: '이름에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.', lastName: '성에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.' } });
    expect((await c.post('/api/auth/login', { email, password: 'Blue-Harbor-Kite-92' })).status).toBe(401);
  });

  it('POST /api/auth/register: an emoji in a name → 400 with the field\'s Korean error (the /register form\'s own schema), no account', async () => {
    const c = server.client();
    const email = `emoji-${Date.now()}@example.kr`;
    const res = await c.post('/api/auth/register', { email, password: 'Blue-Harbor-Kite-92', firstName: '민수😀', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { firstName: '이름에는 이모지를 쓸 수 없습니다.' } });
    expect((await c.post('/api/auth/login', { email, password: 'Blue-Harbor-Kite-92' })).status).toBe(401);
  });

  it('POST /api/seller-applications: applicant and store names with U+200D / U+FEFF / a Hangul filler → 400', async () => {
    const c = await demoSignedIn(server, 'user');
    const res = await c.post('/api/seller-applications', {
      applicantName: '한\u200D민지', email: 'minji@example.kr', businessType: 'individual', storeName: '공식\uFEFF스토어\u3164',
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string> }).errors).toMatchObject({ applicantName: UNSAFE, storeName: UNSAFE });
  });
});
