import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@phonemarket/contracts/password.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const EMAIL = 'minji.park@example.kr';
const registration = (password: string) => ({ email: EMAIL, password, firstName: '민지', lastName: '박', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });

describe('POST /api/auth/register refuses common and guessable passwords (zxcvbn, shared with /register)', () => {
  it.each([
    ['password1', PASSWORD_MESSAGES.common],
    ['12345678', PASSWORD_MESSAGES.common],
    ['qwerty123', PASSWORD_MESSAGES.common],
    [EMAIL, PASSWORD_MESSAGES.personal],
    ['          ', PASSWORD_MESSAGES.blank],
  ])('%j → 400 with errors.password in Korean', async (password, message) => {
    const res = await server.client().post('/api/auth/register', registration(password));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), errors: { password: message } });
    expect(Object.keys((res.body as { errors: object }).errors)).toEqual(['password']);
  });

  it('refuses control characters and bidi overrides in names with a field error', async () => {
    const res = await server.client().post('/api/auth/register', { ...registration('Blue-Harbor-Kite-92'), firstName: '민\u202E지', lastName: '박\u0000', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { firstName: '이름에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.', lastName: '성에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.' } });
  });

  it('accepts a good password', async () => {
    const res = await server.client().post('/api/auth/register', registration('Blue-Harbor-Kite-92'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { email: EMAIL, firstName: '민지', lastName: '박', role: 'user' } });
  });
});
