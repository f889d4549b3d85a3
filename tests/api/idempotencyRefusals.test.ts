import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStore, type EventStore } from '@phonemarket/events';
import { VISITOR_COOKIE } from '@phonemarket/platform/auth/visitor.ts';
import { registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Issue 43 (the route fuzz's finding): a keyed request refused after its input was valid — an unknown
 * id, a decider's refusal — kept its `IdempotencyKeyClaimed` in the log, as the key was claimed before
 * the command decided. The claim is now recorded only when the command writes (ADR 008): a refusal
 * leaves nothing, and two first uses of one key with different bodies still let one write only.
 */
let server: TestServer;
let log: EventStore;
beforeAll(async () => {
  server = await startTestServer();
  log = await openEventStore({ dataDir: server.dataDir });
});
afterAll(async () => { await log?.close(); await server?.close(); });

let n = 0;
/** Headers of a request whose events can be found again in the log. */
const keyed = (key: string) => ({ 'idempotency-key': key, 'x-correlation-id': `idem-refusal-${++n}` });
const appendedBy = async (headers: { 'x-correlation-id': string }) =>
  (await log.readAll()).filter((e) => e.metadata.correlationId === headers['x-correlation-id']).map((e) => e.type);

describe('a keyed request that is refused leaves nothing in the log', () => {
  it('an unknown id (404) and a decider\'s refusal claim nothing; the key then serves a request that writes', async () => {
    const buyer = await registeredBuyer(server, 'idem-refusal');
    const key = 'refused-key-0001';
    const unknown = keyed(key);
    const missing = await buyer.post('/api/orders/00000000-0000-4000-8000-000000000000/cancel', { reason: '단순 변심' }, unknown);
    expect(missing.status).toBe(404);
    expect(await appendedBy(unknown)).toEqual([]);

    const emptyCart = keyed(key);
    const refused = await buyer.post('/api/orders', {
      agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card', usePoints: 0,
    }, emptyCart);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await appendedBy(emptyCart)).toEqual([]);

    // The key was never held: another request under it runs, claims it and writes.
    const [first, second] = ((await buyer.get('/api/products?limit=2')).body as { products: { id: string }[] }).products;
    const add = keyed(key);
    const added = await buyer.post('/api/cart/items', { productId: first!.id }, add);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await appendedBy(add)).toContain('IdempotencyKeyClaimed');
    // ADR 008 holds from there: the same body replays (same id, nothing new), another body is 422.
    const again = keyed(key);
    const replay = await buyer.post('/api/cart/items', { productId: first!.id }, again);
    expect(replay.status).toBeLessThan(300);
    expect((replay.body as { id: string }).id).toBe((added.body as { id: string }).id);
    expect(await appendedBy(again)).toEqual([]);
    const other = keyed(key);
    expect((await buyer.post('/api/cart/items', { productId: second!.id }, other)).status).toBe(422);
    expect(await appendedBy(other)).toEqual([]);
  });

  it('two first uses of one key with different bodies at once: one writes, the other is 422 and writes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const cookie = `${VISITOR_COOKIE}=${`refusal${round}`.padEnd(43, 'x')}`;
      const key = `race-key-000${round}`;
      const a = { ...keyed(key), cookie };
      const b = { ...keyed(key), cookie };
      const [ra, rb] = await Promise.all([
        server.client().post('/api/searches', { q: `갤럭시 ${round}` }, a),
        server.client().post('/api/searches', { q: `아이폰 ${round}` }, b),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([201, 422]);
      const [winner, loser] = ra.status === 201 ? [a, b] : [b, a];
      expect(await appendedBy(winner)).toContain('IdempotencyKeyClaimed');
      expect(await appendedBy(loser)).toEqual([]);
    }
  });
});
