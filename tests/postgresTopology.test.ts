/**
 * Issue 38's topology on PostgreSQL, run for real on loopback ports: one throwaway PostgreSQL, two
 * command-api, two projectors (one active under the lease), two query-api, and Debian's nginx in front
 * (deploy/nginx.conf with each upstream a group of the two instances). Skipped, and said so, when the
 * PostgreSQL binaries or nginx are missing; `.ci/run` installs both, so it runs in CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_JOIN, SOCKET_EVENTS, cartSchema, chatTranscriptSchema, modelOffersSchema, sellerOffersSchema, type ChatMessagePush } from '@phonemarket/contracts';
import { quoteTermsSchema } from '@phonemarket/contracts/quotes.ts';
import { connectPostgresEventStore, parseEvent, streams, type StoredEvent } from '@phonemarket/events';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@phonemarket/events/testing/postgres.ts';
import { findNginx, nginxMainConfig, nginxSiteConfig } from './support/nginx.ts';
import { freePort, startService, testSecret, type RunningService } from './support/services.ts';
import { createClient, type TestClient } from './support/testServer.ts';
import { PAID_TODAY } from './support/checkout.ts';

const NGINX = findNginx();
const available = postgresAvailable('postgres topology') && (NGINX !== null || (console.warn('[postgres topology] skipped: nginx is not installed (apt-get install -y nginx; .ci/run does it)'), false));

describe.skipIf(!available)('every service twice on PostgreSQL behind nginx (issue 38)', () => {
  let cluster: PostgresCluster;
  let env: Record<string, string>;
  const commandApis: RunningService[] = [];
  const projectors: RunningService[] = [];
  const queryApis: RunningService[] = [];
  let nginx: ChildProcess | undefined;
  let dir = '';
  let base = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
    env = {
      EVENT_STORE_URL: await cluster.createDatabase('events'),
      READ_MODELS_URL: await cluster.createDatabase('read_models'),
      SESSION_SECRET: testSecret(), DEMO: '1', TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '1000', LOG_LEVEL: 'warn',
      DATA_DIR: '/nonexistent-not-used',
    };
    // Both command-apis start at once on an empty store (both seed the catalogue: idempotent), which took
    // 44 s on a loaded host: more than the usual 30 s to be ready.
    commandApis.push(...await Promise.all([0, 1].map(() => startService('command-api/src/main.ts', env, { readyWithinMs: 100_000 }))));
    projectors.push(...await Promise.all([0, 1].map(() => startService('projector/src/main.ts', env, { http: false, readyWhen: /standing by/ }))));
    queryApis.push(...await Promise.all([0, 1].map(() => startService('query-api/src/main.ts', env))));

    dir = mkdtempSync(path.join(os.tmpdir(), 'pg-topology-'));
    const port = await freePort();
    writeFileSync(path.join(dir, 'default.conf'), nginxSiteConfig({ queryApi: 'query_api', commandApi: 'command_api', listen: `127.0.0.1:${port}`, root: dir }));
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir, {
      upstreams: { query_api: queryApis.map((s) => new URL(s.url).host), command_api: commandApis.map((s) => new URL(s.url).host) },
    }));
    nginx = spawn(NGINX!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/api/categories`).catch(() => null))?.status === 200, 15_000, () => readFileSync(path.join(dir, 'error.log'), 'utf8'));
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    nginx?.kill('SIGTERM');
    await Promise.all([...queryApis, ...projectors, ...commandApis].map((s) => s.stop()));
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A browser on the nginx address (its Origin sent with every write, as a browser does). */
  const browser = (url = base): TestClient => {
    const c = createClient(url);
    const request = c.request;
    c.request = (method, p, opts = {}) => request(method, p, { ...opts, headers: { origin: url, ...opts.headers } });
    return c;
  };
  /** The same browser (cookies) talking to another address. */
  const moved = (c: TestClient, url: string): TestClient => {
    const m = browser(url);
    for (const [k, v] of c.cookies) m.cookies.set(k, v);
    return m;
  };
  const position = (r: { body: unknown }) => ({ 'x-min-position': (r.body as { position: string }).position });
  let buyers = 0;
  /** A new buyer account signed in through `url`, its id on the client. */
  const newBuyer = async (url = base) => {
    const c = browser(url);
    const n = ++buyers;
    const r = await c.post('/api/auth/register', { email: `pg-buyer-${n}@example.kr`, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Object.assign(c, { id: (r.body as { id: string }).id });
  };
  /** Every event in the log (the test reads PostgreSQL itself). */
  async function logEvents(): Promise<StoredEvent[]> {
    const store = await connectPostgresEventStore(env.EVENT_STORE_URL!, { poolSize: 1 });
    try {
      return (await store.readAll()).map(parseEvent).filter((e): e is StoredEvent => e !== null);
    } finally {
      await store.close();
    }
  }
  async function leaseHolder(name: string): Promise<string | null> {
    const client = new pg.Client({ connectionString: env.EVENT_STORE_URL });
    await client.connect();
    try {
      return (await client.query<{ holder: string | null }>('SELECT holder FROM leases WHERE name = $1', [name])).rows[0]?.holder ?? null;
    } finally {
      await client.end();
    }
  }
  const demo = async (role: 'user' | 'seller' | 'admin', url = base) => {
    const c = browser(url);
    expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
    return c;
  };
  /** A WebSocket of the browser `c` to `url` (a query-api instance, or nginx); reconnects by itself unless told not to. */
  async function connect(c: TestClient, url: string, opts: { reconnection?: boolean } = {}): Promise<Socket> {
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = io(url, { transports: ['websocket'], reconnection: opts.reconnection ?? false, reconnectionDelay: 100, reconnectionDelayMax: 500, extraHeaders: { cookie, origin: url } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    return socket;
  }
  /** The next `event` on `socket` that `accept` takes. */
  const next = <T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 5_000) => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => { socket.off(event, listener); reject(new Error(`no ${event} within ${ms} ms`)); }, ms);
    function listener(payload: T) {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    }
    socket.on(event, listener);
  });

  it('each instance serves its half on PostgreSQL: a sign-up through one command-api is signed in on every query-api, a write read back with X-Min-Position anywhere', async () => {
    const buyer = browser(commandApis[0]!.url);
    const signedUp = await buyer.post('/api/auth/register', { email: 'pg-journey@example.kr', password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    for (const q of queryApis) {
      const me = await moved(buyer, q.url).get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ user: { email: 'pg-journey@example.kr' } });
    }
    // Right after the start the projector may still be applying the seeds (DEMO=1's past orders and their processes
    // included): the catalogue answers what it has, so wait until it lists an offer.
    let offerId = '';
    await until(async () => {
      offerId = ((await browser().get('/api/products?limit=1')).body as { products?: { id: string }[] }).products?.[0]?.id ?? '';
      return offerId !== '';
    }, 30_000);
    // Through the other command-api; read back on each query-api (X-Min-Position).
    const added = await moved(buyer, commandApis[1]!.url).post('/api/cart/items', { productId: offerId });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (const q of queryApis) {
      const cart = cartSchema.parse((await moved(buyer, q.url).get('/api/cart', position(added))).body);
      expect(cart.items.map((i) => i.productId)).toEqual([offerId]);
    }
    // And through nginx.
    expect(cartSchema.parse((await moved(buyer, base).get('/api/cart', position(added))).body).count).toBe(1);
  });

  it('rate limits are shared by both command-apis: the 6th wrong password for one account from one address is refused whichever instance gets it', async () => {
    const owner = browser(commandApis[0]!.url);
    expect((await owner.post('/api/auth/register', { email: 'pg-limits@example.kr', password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
    // The default rule (site settings): 5 failures per account from one address, then 429 for 15 minutes.
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await browser(commandApis[attempt % 2]!.url).post('/api/auth/login', { email: 'pg-limits@example.kr', password: `wrong-password-${attempt}` });
      expect(wrong.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const api of commandApis) {
      const refused = await browser(api.url).post('/api/auth/login', { email: 'pg-limits@example.kr', password: 'correct-horse-77' });
      expect(refused.status).toBe(429);
      expect((refused.body as { message: string }).message).toMatch(/^로그인 시도가 너무 많습니다\. \d+분 후 다시 시도해주세요\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('30 buyers race for the last 5 units through both command-apis: exactly 5 orders; 20 concurrent accepts of one quote request: one order', async () => {
    const seller = await demo('seller');
    // The demo seller lists an offer of its own with 5 units, on the terms of one of the market's offers.
    const market = modelOffersSchema.parse((await browser().get('/api/models/galaxy-s26-ultra/offers')).body).offers;
    const terms = market.find((o) => o.condition === 'new' && !o.offerId.includes('seller-1'))!;
    const listed = await seller.post('/api/offers', { sameTermsAs: terms.offerId, extraSubsidy: 0, stock: 5 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const offerId = (listed.body as { id: string }).id;
    const racers = await Promise.all(Array.from({ length: 30 }, (_, i) => newBuyer(commandApis[i % 2]!.url)));
    for (const b of racers) expect((await b.post('/api/cart/items', { productId: offerId })).status).toBe(201);
    const address = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY };
    const answers = await Promise.all(racers.map((b, i) => moved(b, commandApis[i % 2]!.url).post('/api/orders', address)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(25);
    const last = answers.filter((a) => a.status === 201).at(-1)!;
    const mine = sellerOffersSchema.parse((await seller.get('/api/seller/offers', position(last))).body).offers.find((o) => o.id === offerId);
    expect(mine).toMatchObject({ stock: 0, sold: 5 });
    const placed = (await logEvents()).filter((e) => e.type === 'OrderPlaced' && e.data.items.some((item) => item.productId === offerId));
    expect(placed).toHaveLength(5);

    // A quote request, the demo seller's offer on it; 20 accepts at once, half through each command-api.
    const buyer = await newBuyer();
    const filed = await buyer.post('/api/quote-requests', {
      modelId: 'galaxy-s26-ultra', carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any',
      name: '김민수', phone_number: '010-1234-5678', email: 'pg-quote@example.kr', region: '서울', openHours: 24,
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const requestId = (filed.body as { id: string }).id;
    const quoteTerms = quoteTermsSchema.parse((await seller.get(`/api/quote-requests/${requestId}/terms`, position(filed))).body).terms;
    const t = quoteTerms.find((x) => x.carrier === 'SKT' && x.joinType === '번호이동')!;
    const offered = await seller.post(`/api/quote-requests/${requestId}/offers`, {
      storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, discount: 'subsidy', months: 24, extraSubsidy: 50_000,
      planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false,
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const accepts = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      moved(buyer, commandApis[i % 2]!.url).post(`/api/quote-requests/${requestId}/accept`, { offerId: (offered.body as { id: string }).id, fulfilment: 'visit', conditionsConfirmed: [(offered.body as { id: string }).id] })));
    expect(accepts.filter((a) => a.status === 201), JSON.stringify(accepts.map((a) => a.status))).toHaveLength(1);
    expect(accepts.filter((a) => a.status !== 201).every((a) => a.status === 409), JSON.stringify(accepts.map((a) => [a.status, a.body]))).toBe(true);
    const orders = (await buyer.get('/api/orders', position(accepts.find((a) => a.status === 201)!))).body as { orders: { id: string }[] };
    expect(orders.orders).toHaveLength(1);
    expect((await logEvents()).filter((e) => e.type === 'QuoteRequestAccepted' && e.stream === streams.quoteRequest(requestId))).toHaveLength(1);
  }, 120_000);

  it('a push caused through either command-api reaches sockets on both query-apis: a chat between a customer on one and an agent on the other, live both ways', async () => {
    const customer = await demo('user', commandApis[0]!.url);
    const agent = await demo('admin', commandApis[1]!.url);
    const customerSocket = await connect(customer, queryApis[0]!.url);
    const agentSocket = await connect(agent, queryApis[1]!.url);
    // The customer's second tab, on the other instance: its cart count follows a write made through command-api B.
    const secondTab = await connect(customer, queryApis[1]!.url);
    const offers = await browser().get('/api/products?limit=1');
    const cartPushed = Promise.all([customerSocket, secondTab].map((s) => next<{ count: number }>(s, SOCKET_EVENTS.cartUpdated)));
    expect((await moved(customer, commandApis[1]!.url).post('/api/cart/items', { productId: (offers.body as { products: { id: string }[] }).products[0]!.id })).status).toBe(201);
    expect((await cartPushed).map((p) => p.count)).toEqual([1, 1]);

    const id = `pg-chat-${Date.now().toString(36)}`;
    expect((await customer.post('/api/chat-sessions', { id })).status).toBe(201);
    const escalatedPush = next(agentSocket, SOCKET_EVENTS.chatEscalated);
    const escalated = await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '상담원 연결 요청' });
    expect(escalated.status).toBe(200);
    expect(await customerSocket.emitWithAck(CHAT_JOIN, { sessionId: id, minPosition: (escalated.body as { position: string }).position })).toMatchObject({ ok: true });
    await escalatedPush;
    // The escalation's own system line may still be on its way: wait for the connection's.
    const connected = next<ChatMessagePush>(customerSocket, SOCKET_EVENTS.chatMessage, (p) => p.message.content === '상담원이 연결되었습니다');
    const assigned = await agent.post(`/api/chat-sessions/${id}/assign`);
    expect(assigned.status).toBe(200);
    expect((await connected).message).toMatchObject({ type: 'system', content: '상담원이 연결되었습니다' });
    expect(await agentSocket.emitWithAck(CHAT_JOIN, { sessionId: id, minPosition: (assigned.body as { position: string }).position })).toMatchObject({ ok: true });

    let said = assigned;
    const say = async (from: TestClient, to: Socket, content: string) => {
      const heard = next<ChatMessagePush>(to, SOCKET_EVENTS.chatMessage, (p) => p.message.content === content);
      said = await from.post(`/api/chat-sessions/${id}/messages`, { content });
      expect(said.status).toBe(201);
      return (await heard).message;
    };
    expect(await say(customer, agentSocket, '휴대폰이 안 켜져요')).toMatchObject({ type: 'user' });
    expect(await say(agent, customerSocket, '전원 버튼을 10초간 눌러보세요')).toMatchObject({ type: 'agent' });
    // Each through the other command-api this time.
    expect(await say(moved(customer, commandApis[1]!.url), agentSocket, '켜졌어요')).toMatchObject({ type: 'user' });
    expect(await say(moved(agent, commandApis[0]!.url), customerSocket, '다행입니다')).toMatchObject({ type: 'agent' });
    const transcript = chatTranscriptSchema.parse((await moved(customer, base).get(`/api/chat-sessions/${id}/messages`, position(said))).body);
    expect(transcript.messages.filter((m) => m.type === 'user' || m.type === 'agent').map((m) => m.content)).toEqual(['휴대폰이 안 켜져요', '전원 버튼을 10초간 눌러보세요', '켜졌어요', '다행입니다']);
  });

  it('kill -9 of the active projector, one command-api and one query-api under write load: nothing acknowledged lost, nothing applied twice, the standby takes over, sockets reconnect through nginx and get what they missed', async () => {
    const WRITERS = 6;
    const ADDS = 8;
    const products = ((await browser().get(`/api/products?limit=${ADDS + 1}`)).body as { products: { id: string }[] }).products.map((p) => p.id);
    expect(products.length).toBe(ADDS + 1);
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => newBuyer()));
    // Each buyer's page holds a socket through nginx (round robin: some land on each query-api), reconnecting as a browser does.
    const live = await Promise.all(writers.map(async (w) => {
      const socket = await connect(w, base, { reconnection: true });
      const state = { socket, disconnects: 0, counts: [] as number[] };
      socket.on('disconnect', () => { state.disconnects++; });
      socket.on(SOCKET_EVENTS.cartUpdated, (p: { count: number }) => state.counts.push(p.count));
      return state;
    }));

    // The load: every buyer adds offers to its cart one after another through nginx. A request the dying
    // instance never answered (502, a dropped connection) is sent again with its Idempotency-Key, as a client would.
    const acknowledged = writers.map(() => [] as { productId: string; position: string }[]);
    let ackCount = 0;
    let retried = 0;
    const load = Promise.all(writers.map(async (w, i) => {
      for (let k = 0; k < ADDS; k++) {
        for (let attempt = 0; ; attempt++) {
          const r = await w.request('POST', '/api/cart/items', { body: { productId: products[k] }, headers: { 'idempotency-key': `pg-load-${w.id}-${k}` } }).catch(() => null);
          if (r && (r.status === 201 || r.status === 200)) {
            acknowledged[i]!.push({ productId: products[k]!, position: (r.body as { position: string }).position });
            ackCount++;
            break;
          }
          if (r && r.status < 500) throw new Error(`add ${k} of buyer ${i}: ${r.status} ${JSON.stringify(r.body)}`);
          retried++;
          if (attempt > 50) throw new Error(`add ${k} of buyer ${i} never acknowledged`);
          await new Promise((resolve) => setTimeout(resolve, 50)); // a client's back-off before it retries
        }
      }
    }));

    await until(async () => ackCount >= WRITERS * 2, 30_000);
    // A projector starved past its lease by this loaded host (the other took over, it exited) is started
    // again, as compose's restart policy would: the kill below needs an active one and a standby.
    for (const [i, p] of projectors.entries()) {
      if (p.child.exitCode === null && p.child.signalCode === null) continue;
      console.warn(`[postgres topology] projector ${i} had exited (${p.child.exitCode ?? p.child.signalCode}); started again:\n${p.output().slice(-1_000)}`);
      projectors[i] = await startService('projector/src/main.ts', env, { http: false, readyWhen: /standing by/ });
    }
    // The active projector is the lease's holder (`host:pid:…`); both must still be running.
    const outputs = () => projectors.map((p, i) => `projector ${i} (exit ${p.child.exitCode ?? p.child.signalCode ?? 'none'}):\n${p.output()}`).join('\n');
    let activeIndex = -1;
    await until(async () => {
      const holder = await leaseHolder('projector:read-models');
      activeIndex = projectors.findIndex((p) => holder?.split(':')[1] === String(p.child.pid));
      return activeIndex >= 0;
    }, 10_000, outputs);
    const [active, standby] = [projectors[activeIndex]!, projectors[1 - activeIndex]!];
    expect(projectors.every((p) => p.child.exitCode === null && p.child.signalCode === null), outputs()).toBe(true);
    expect(standby.output(), outputs()).not.toMatch(/projector active/);
    const killedAt = Date.now();
    for (const victim of [active, commandApis[0]!, queryApis[0]!]) victim.child.kill('SIGKILL');
    await until(async () => /projector active/.test(standby.output()), 10_000, () => standby.output());
    const tookOverMs = Date.now() - killedAt;
    console.log(`[postgres topology] standby projector active ${tookOverMs} ms after kill -9; ${retried} request(s) sent again after the kills`);
    expect(tookOverMs).toBeLessThan(5_000);
    await load;
    expect(ackCount).toBe(WRITERS * ADDS);

    // Sockets that were on the killed query-api came back through nginx, to the other one.
    await until(async () => live.every((l) => l.socket.connected), 15_000);
    expect(live.some((l) => l.disconnects > 0), 'some sockets were on the killed query-api').toBe(true);
    for (const [i, w] of writers.entries()) {
      const mine = acknowledged[i]!;
      // What it missed while away: the page refetches on reconnect (ADR 007), as of its last acknowledged write.
      const cart = cartSchema.parse((await w.get('/api/cart', { 'x-min-position': mine.at(-1)!.position })).body);
      expect(cart.items.map((item) => item.productId).sort()).toEqual(mine.map((a) => a.productId).sort());
      expect(cart.items.every((item) => item.quantity === 1)).toBe(true);
      // And it is live again: the next write is pushed to it.
      const pushed = next<{ count: number }>(live[i]!.socket, SOCKET_EVENTS.cartUpdated, (p) => p.count === ADDS + 1, 10_000);
      expect((await w.post('/api/cart/items', { productId: products[ADDS] })).status).toBe(201);
      expect((await pushed).count).toBe(ADDS + 1);
    }

    // The log: every add once (retries appended nothing), and the read models applied each once.
    const events = await logEvents();
    for (const w of writers) {
      const added = events.filter((e) => e.stream === streams.cart(w.id) && e.type === 'CartItemAdded').map((e) => (e.type === 'CartItemAdded' ? e.data.productId : ''));
      expect(added.sort()).toEqual([...products].sort());
    }
    expect(standby.output()).not.toMatch(/batch not committed|lease lost/);
  }, 180_000);
});

async function until(condition: () => Promise<boolean>, timeoutMs: number, detail: () => string = () => ''): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms\n${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}
