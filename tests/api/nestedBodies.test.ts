import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignedIn, registeredBuyer } from '../support/accounts.ts';
import { commandRouteTable, concretePath } from '../support/commandRouteTable.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Issue 23 M1: a 5,000-deep JSON body with an Idempotency-Key overflowed the stack of the request
 * fingerprint (500). Every command route refuses a body nested deeper than the limit with a Korean
 * 400, whoever sends it, before anything walks it — or, for a route that reads its body only after it
 * checked who and where (issue 35: uploads, imports, the webhook), with that check's Korean 401/403.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

/** Objects and arrays alternating, 5,000 deep, beside fields several routes accept (a valid search term, content). */
const DEPTH = 5_000;
const deepBody = `{"q":"갤럭시","content":"문의드립니다","nested":${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}}`;

describe('bodies nested too deep', () => {
  it('every command route answers 400 in Korean, for a guest and for an admin, never 500', async () => {
    // Signing out last: the admin's session must last the walk (a body-less sign-out would end it).
    const routes = (await commandRouteTable()).sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/searches' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/notifications/read-all' });
    const clients: [string, TestClient][] = [['guest', server.client()], ['admin', await demoSignedIn(server, 'admin')]];
    const answers: string[] = [];
    for (const route of routes) {
      for (const [who, c] of clients) {
        const res = await c.request(route.method, concretePath(route), { body: deepBody, headers: { 'idempotency-key': `deep-body-${who}-0001` } });
        const message = (res.body as { message?: unknown } | null)?.message;
        answers.push(`${route.method} ${route.path} (${who}): ${res.status} ${typeof message === 'string' && /[가-힣]/.test(message) ? 'ko' : String(message)}`);
      }
    }
    // Routes that read their own (larger) body only for the role that may send it refuse anyone else before reading.
    const ownBody = new Set(['PUT /api/seller/buyback-prices', 'POST /api/channels/:channelId/webhook', 'POST /api/admin/carrier-terms/import']);
    expect(answers.filter((a) => !a.endsWith(': 400 ko') && !(ownBody.has(a.slice(0, a.indexOf(' ('))) && /: 40[13] ko$/.test(a)))).toEqual([]);
    expect(answers.filter((a) => a.endsWith(': 500 ko') || / 5\d\d /.test(a))).toEqual([]);
  });

  it('a body at the limit still reaches the route (its own validation answers)', async () => {
    const c = server.client();
    const atLimit = { q: '갤럭시', nested: JSON.parse(`${'['.repeat(31)}1${']'.repeat(31)}`) as unknown };
    expect((await c.post('/api/searches', atLimit, { 'idempotency-key': 'deep-body-limit-0001' })).status).toBe(201);
    const over = { q: '갤럭시', nested: JSON.parse(`${'['.repeat(32)}1${']'.repeat(32)}`) as unknown };
    const refused = await c.post('/api/searches', over, { 'idempotency-key': 'deep-body-limit-0002' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(/[가-힣]/) });
  });
});

describe('the Idempotency-Key fingerprint is of the input the route accepted', () => {
  it('a field the schema drops changes nothing: the same key is a replay (same id), another accepted value is 422', async () => {
    const c = await registeredBuyer(server, 'fingerprint');
    const key = { 'idempotency-key': 'fingerprint-question-0001' };
    const path = '/api/products/galaxy-s26-ultra/questions';
    const first = await c.post(path, { content: '개통 당일 배송 되나요?' }, key);
    expect(first.status).toBe(201);
    const replay = await c.post(path, { content: '개통 당일 배송 되나요?', ignored: { by: ['the', 'schema'] } }, key);
    expect(replay.status).toBe(201);
    expect((replay.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect((await c.post(path, { content: '다른 질문입니다.' }, key)).status).toBe(422);
  });

  it('sign-in routes take a key too (they used to fail with 500: the key was never claimed)', async () => {
    const email = `fingerprint-login-${Date.now()}@example.kr`;
    expect((await server.client().post('/api/auth/register', { email, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
    const login = { email, password: 'correct-horse-77' };
    expect((await server.client().post('/api/auth/login', login, { 'idempotency-key': 'fingerprint-login-0001' })).status).toBe(200);
    expect((await server.client().post('/api/auth/login', login, { 'idempotency-key': 'fingerprint-login-0001' })).status).toBe(200);
    expect((await server.client().post('/api/auth/demo', { role: 'user' }, { 'idempotency-key': 'fingerprint-demo-0001' })).status).toBe(200);
  });
});
