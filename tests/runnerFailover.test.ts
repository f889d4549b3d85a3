import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore, parseEvent, type StoredEvent } from '@phonemarket/events';
import { createClient, type TestClient } from './support/testServer.ts';

/**
 * Issue 36: two command-api instances on one SQLite file (the distributed command-api, `main.ts`,
 * sharing the data folder: one event log, one session store). The instance whose process runner is
 * active is killed (`kill -9`) in the middle of a burst of seller approvals, quote accepts, buyback
 * payouts and sign-ups sent to both; what it had not answered is sent again to the other, as a client would. Then: every
 * approval has registered its seller and made its account a seller exactly once, every accepted quote
 * request has exactly one order and freed its buyer's place once, every buyback paid in points has
 * reached its seller's wallet exactly once, every sign-up has its welcome points
 * exactly once, nothing failed, and the standby's runner took over within 5 s.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
/** A model of the catalogue with carrier offers (SKT 번호이동 among them). */
const QUOTE_MODEL = 'galaxy-s26-ultra';
/** A model the demo shop buys back (its grid is set by the test). */
const BUYBACK_MODEL = 'galaxy-s24';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-failover-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `node command-api/src/main.ts` on the shared data folder; resolves with its address once it listens. */
function commandApi(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'command-api/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SIGNUP_LIMIT_PER_HOUR: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /"port":(\d+)[^\n]*command-api listening/.exec(out);
      if (listening) resolve({ url: `http://127.0.0.1:${listening[1]}`, child });
    });
    child.on('exit', (code) => reject(new Error(`command-api exited (${code}) before listening: ${errors.slice(-2000)}`)));
  });
}

const application = (n: number, email: string) => ({
  applicantName: `신청자${n}`, email, phone: '010-1234-5678', businessNumber: '220-81-62517', businessType: 'individual',
  storeName: `페일오버폰 ${n}`, storeDescription: '중고폰', experience: '3년', documents: [],
});

/** The log as the test reads it (a second reader of the same file), all of it or only events of `types`. */
async function logEvents(types?: string[]): Promise<StoredEvent[]> {
  const store = openSqliteEventStore(path.join(dataDir, 'events.sqlite'));
  try {
    return (await store.readAll(types ? { types } : undefined)).map(parseEvent).filter((e): e is StoredEvent => e !== null);
  } finally {
    await store.close();
  }
}

/** The process runner's lease now (the store's `leases` table, read beside the instances): its holder, its checkpoint and the log's head. */
function runnerLease(): { holder: string | null; checkpoint: number | null; head: number } {
  const db = new DatabaseSync(path.join(dataDir, 'events.sqlite'), { readOnly: true });
  try {
    const row = db.prepare("SELECT holder, checkpoint FROM leases WHERE name = 'processRunner'").get();
    const head = db.prepare('SELECT MAX(position) AS head FROM events').get();
    return { holder: typeof row?.holder === 'string' ? row.holder : null, checkpoint: row?.checkpoint == null ? null : Number(row.checkpoint), head: Number(head?.head ?? 0) };
  } finally {
    db.close();
  }
}

describe('the process runner when its instance dies', () => {
  it('kill -9 of the active instance in a burst on two instances: every approval, quote accept, buyback payout and sign-up done once, the standby takes over within 5 s', { timeout: 120_000 }, async () => {
    const a = await commandApi();
    const b = await commandApi();
    const [adminA, adminB] = [createClient(a.url), createClient(b.url)];
    expect((await adminA.post('/api/auth/demo', { role: 'admin' })).status).toBe(200);
    // One session store: the same cookie is signed in on both instances.
    for (const [k, v] of adminA.cookies) adminB.cookies.set(k, v);

    // Applicants, half through each instance.
    const APPLICANTS = 16;
    const applicants: { client: TestClient; email: string; id: string }[] = [];
    for (let n = 0; n < APPLICANTS; n++) {
      const client = createClient(n % 2 ? b.url : a.url);
      const email = `failover-${n}@example.kr`;
      const registered = await client.post('/api/auth/register', { email, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      const filed = await client.post('/api/seller-applications', application(n, email));
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      applicants.push({ client, email, id: (filed.body as { id: string }).id });
    }

    // Quote requests, each with the demo seller's offer on market terms (read from the log's listings).
    const seller = createClient(b.url);
    expect((await seller.post('/api/auth/demo', { role: 'seller' })).status).toBe(200);
    const listed = (await logEvents()).find((e) => e.type === 'OfferListed' && e.data.modelId === QUOTE_MODEL && e.data.carrier === 'SKT' && e.data.joinType === '번호이동' && e.data.condition === 'new');
    const market = listed?.type === 'OfferListed' ? { storage: listed.data.storage, planId: listed.data.plans[0]!.planId } : null;
    expect(market).not.toBeNull();
    const QUOTES = 8;
    const quotes: { buyer: TestClient; requestId: string; offerId: string }[] = [];
    for (let n = 0; n < QUOTES; n++) {
      const buyer = createClient(n % 2 ? b.url : a.url);
      expect((await buyer.post('/api/auth/register', { email: `quote-buyer-${n}@example.kr`, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
      const filed = await buyer.post('/api/quote-requests', {
        modelId: QUOTE_MODEL, carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any',
        name: '김민수', phone_number: '010-1234-5678', email: `quote-buyer-${n}@example.kr`, region: '서울', openHours: 24,
      });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      const requestId = (filed.body as { id: string }).id;
      const offered = await seller.post(`/api/quote-requests/${requestId}/offers`, {
        ...market, carrier: 'SKT', joinType: '번호이동', discount: 'subsidy', months: 24, extraSubsidy: 100_000,
        planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false,
      });
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);
      quotes.push({ buyer, requestId, offerId: (offered.body as { id: string }).id });
    }

    // Used phones sold to the demo shop, each received, inspected (as quoted) and erased: ready to be paid.
    const gridSet = await seller.request('PUT', '/api/seller/buyback-prices', {
      body: { items: (['S', 'A', 'B', 'C', 'D'] as const).map((grade, i) => ({ modelId: BUYBACK_MODEL, storage: 256, grade, price: 500_000 - i * 80_000 })), deductions: [] },
    });
    expect(gridSet.status, JSON.stringify(gridSet.body)).toBe(200);
    const BUYBACKS = 8;
    const buybacks: string[] = [];
    for (let n = 0; n < BUYBACKS; n++) {
      const phoneSeller = createClient(n % 2 ? b.url : a.url);
      expect((await phoneSeller.post('/api/auth/register', { email: `buyback-${n}@example.kr`, password: 'correct-horse-77', firstName: '서연', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).status).toBe(201);
      const quoted = await phoneSeller.post('/api/buyback/quotes', { modelId: BUYBACK_MODEL, storage: 256, answers: {} });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
      const accepted = await phoneSeller.post(`/api/buyback/quotes/${(quoted.body as { id: string }).id}/accept`, { handover: 'parcel', payout: 'points' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      const orderId = (accepted.body as { id: string }).id;
      expect((await seller.post(`/api/buyback/orders/${orderId}/received`)).status).toBe(200);
      const inspected = await seller.post(`/api/buyback/orders/${orderId}/inspection`, { imeiLast4: '4321', grade: (accepted.body as { grade?: string }).grade ?? 'S', findings: [] });
      expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
      const erased = await seller.post(`/api/buyback/orders/${orderId}/erasure`, { method: 'factory_reset', at: new Date().toISOString(), imeiLast4: '4321' });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      buybacks.push(orderId);
    }

    // The burst: approvals, quote accepts, buyback payouts and new sign-ups on both instances; the active one (A: it started first) dies in the middle.
    const SIGNUPS = 16;
    const approve = (admin: TestClient, id: string) =>
      admin.request('PUT', `/api/seller-applications/${id}`, { body: { status: 'approved', reviewNotes: '확인' }, headers: { 'idempotency-key': `approve-${id}` } });
    const signUp = (url: string, n: number) =>
      createClient(url).post('/api/auth/register', { email: `burst-${n}@example.kr`, password: 'correct-horse-77', firstName: '지우', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    const accept = (buyer: TestClient, quote: (typeof quotes)[number]) => buyer.post(`/api/quote-requests/${quote.requestId}/accept`, {
      offerId: quote.offerId, fulfilment: 'delivery', recipient: '김민수', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', conditionsConfirmed: [quote.offerId],
    }, { 'idempotency-key': `accept-${quote.requestId}` });
    const sellerOnA = createClient(a.url);
    const sellerOnB = createClient(b.url);
    for (const [k, v] of seller.cookies) { sellerOnA.cookies.set(k, v); sellerOnB.cookies.set(k, v); }
    const pay = (shop: TestClient, orderId: string) => shop.request('POST', `/api/buyback/orders/${orderId}/payout`, { headers: { 'idempotency-key': `payout-${orderId}` } });
    const sent = [
      ...applicants.map((app, n) => ({ kind: 'approve' as const, n, first: approve(n % 2 ? adminB : adminA, app.id) })),
      ...quotes.map((quote, n) => ({ kind: 'accept' as const, n, first: accept(quote.buyer, quote) })),
      ...buybacks.map((orderId, n) => ({ kind: 'payout' as const, n, first: pay(n % 2 ? sellerOnB : sellerOnA, orderId) })),
      ...Array.from({ length: SIGNUPS }, (_, n) => ({ kind: 'signUp' as const, n, first: signUp(n % 2 ? b.url : a.url, n) })),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    const atKill = runnerLease();
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    // When the standby took the lease (the lease's wait), and from how far behind the head it caught up.
    let taken: (ReturnType<typeof runnerLease> & { after: number }) | null = null;
    const watchLease = setInterval(() => {
      const now = runnerLease();
      if (taken === null && now.holder !== atKill.holder) taken = { ...now, after: Date.now() - killedAt };
    }, 50);
    const answers = await Promise.allSettled(sent.map((s) => s.first));

    // What A never answered is sent again to B (the same key for an approval or an accept; the same e-mail for a sign-up).
    const onB = (client: TestClient) => {
      const moved = createClient(b.url);
      for (const [k, v] of client.cookies) moved.cookies.set(k, v);
      return moved;
    };
    const answeredAfter = Date.now() - killedAt;
    // Each client sends its own again, side by side (one after another, the resends alone took seconds on a loaded host).
    const unanswered = sent.filter((_, i) => { const answer = answers[i]!; return !(answer.status === 'fulfilled' && answer.value.status < 500); });
    const resent = await Promise.all(unanswered.map(({ kind, n }) => kind === 'approve' ? approve(adminB, applicants[n]!.id)
      : kind === 'accept' ? accept(onB(quotes[n]!.buyer), quotes[n]!)
        : kind === 'payout' ? pay(sellerOnB, buybacks[n]!)
          : signUp(b.url, n)));
    const resentAfter = Date.now() - killedAt;
    for (const again of resent) {
      expect([200, 201, 409], JSON.stringify(again.body)).toContain(again.status);
      if (again.status === 409) expect((again.body as { message: string }).message).toBe('이미 가입된 이메일입니다.');
    }
    expect(resent.length, 'the kill landed in the burst').toBeGreaterThan(0);

    // The standby's runner takes over and completes everything, once.
    const onboardedFrom = (events: StoredEvent[]) => new Set(events.flatMap((e) => (e.type === 'SellerOnboarded' && e.data.applicationId ? [e.data.applicationId] : [])));
    // Only the one type is read each poll: the whole log (the seed's thousands of events) took ~1 s a read on a loaded host.
    await expect.poll(async () => {
      const onboarded = onboardedFrom(await logEvents(['SellerOnboarded']));
      return applicants.filter((app) => onboarded.has(app.id)).length;
    }, { timeout: 15_000, interval: 100 }).toBe(APPLICANTS);
    const tookOver = Date.now() - killedAt;
    clearInterval(watchLease);
    const t = taken as (ReturnType<typeof runnerLease> & { after: number }) | null;
    console.info(`runner failover: at the kill the checkpoint was ${atKill.checkpoint} of head ${atKill.head}; the lease taken ${t?.after ?? '?'} ms after the kill (checkpoint ${t?.checkpoint}, head ${t?.head}); the burst answered at ${answeredAfter} ms, ${resent.length} resent and answered by ${resentAfter} ms; the dead instance's work done ${tookOver} ms after it`);
    expect(tookOver, 'the standby completed the dead instance\'s work within 5 s').toBeLessThan(5_000 + 2_000);

    const events = await logEvents();
    const count = (type: string, match: (e: StoredEvent) => boolean) => events.filter((e) => e.type === type && match(e)).length;
    for (const app of applicants) {
      const submitted = events.find((e) => e.type === 'SellerApplicationSubmitted' && e.data.applicationId === app.id);
      const applicantId = submitted?.type === 'SellerApplicationSubmitted' ? submitted.data.applicantId : '';
      expect(count('SellerApplicationApproved', (e) => e.stream.endsWith(app.id)), app.email).toBe(1);
      expect(count('SellerOnboarded', (e) => e.type === 'SellerOnboarded' && e.data.sellerId === applicantId), app.email).toBe(1);
      expect(count('UserRoleChanged', (e) => e.type === 'UserRoleChanged' && e.data.userId === applicantId && e.data.to === 'seller'), app.email).toBe(1);
    }
    for (const quote of quotes) {
      const accepted = events.filter((e) => e.type === 'QuoteRequestAccepted' && e.stream.endsWith(quote.requestId));
      expect(accepted, quote.requestId).toHaveLength(1);
      const orderId = accepted[0]?.type === 'QuoteRequestAccepted' ? accepted[0].data.orderId : '';
      expect(count('OrderPlaced', (e) => e.type === 'OrderPlaced' && e.data.orderId === orderId), quote.requestId).toBe(1);
      expect(count('QuoteRequestSlotFreed', (e) => e.type === 'QuoteRequestSlotFreed' && e.data.requestId === quote.requestId), quote.requestId).toBe(1);
    }
    for (const orderId of buybacks) {
      expect(count('BuybackPaid', (e) => e.stream.endsWith(orderId)), orderId).toBe(1);
      expect(count('PointsEarned', (e) => e.type === 'PointsEarned' && e.data.orderId === orderId), orderId).toBe(1);
    }
    const users = events.filter((e) => e.type === 'UserRegistered');
    expect(users.length).toBeGreaterThanOrEqual(APPLICANTS + QUOTES + BUYBACKS + SIGNUPS);
    for (const user of users) {
      const userId = user.type === 'UserRegistered' ? user.data.userId : '';
      expect(count('WelcomeBenefitsGranted', (e) => e.stream.endsWith(userId)), userId).toBe(1);
    }
    expect(count('ProcessFailed', () => true)).toBe(0);
    b.child.kill('SIGTERM');
  });
});
