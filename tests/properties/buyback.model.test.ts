import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsSchema } from '@phonemarket/contracts';
import {
  BUYBACK_GRADES, buybackOrderAnswerSchema, buybackOrdersSchema, buybackPhotoAnswerSchema, buybackQuoteCreatedSchema, buybackQuoteSchema,
  type BuybackGrade, type BuybackOrderStatus,
} from '@phonemarket/contracts/buyback.ts';
import type { TestClient } from '../support/testServer.ts';
import { approvedSeller, demoClient, newBuyer } from './support/actors.ts';
import { concurrently, expectAnswered, modelCommands, modelParams, positionTracker, startModelServer, type ModelServer } from './support/modelHarness.ts';

/**
 * Issue 43 model (c): 중고폰 매입 — quote → accept → received → inspected → counter-offer → accepted or
 * declined → 개인정보 삭제 확인서 → payout, or the free return — through the HTTP API (ADR 023), on a server
 * whose clock the model moves. One shop (an approved seller, the only grid for the model's phone) and two
 * customers per run. The model is pure: the shop's grid gives every quoted price and counter-offer, and
 * each step's answer (2xx or 409) follows from the deal's state. Races send several parties' steps on one
 * deal at once (accept and decline of one counter-offer, payouts, the return), in scheduler order.
 * After every command:
 *  - every served deal is the model's: status, quoted and final price, the counter-offer's price;
 *    a customer's list holds their deals and no other; a quote names the one order its accept made;
 *  - paid once: at most one `BuybackPaid`; paid in points → exactly one 중고폰 판매 대금 entry of the final
 *    price and the balance = welcome points + Σ such payouts; by bank → no points;
 *  - returned or paid, never both: a deal with `BuybackPaid` has no decline and no return shipment;
 *    paid only after the 개인정보 삭제 확인서; never above the quoted price.
 * At the end a fresh projections:rebuild equals the served read models.
 */
const model = modelParams('buyback model', { runs: 60, budgetMs: 45_000, maxCommands: 24 });
const PHONE = { modelId: 'galaxy-s24', storage: 256 } as const;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let now = Date.parse('2026-11-20T01:00:00.000Z');

/** The shop's grid: the only one for this phone, so the shop is every quote's best. */
const PRICES: Record<BuybackGrade, number> = { S: 990_000, A: 950_000, B: 900_000, C: 700_000, D: 50_000 };
const DEDUCTIONS = { touch: 40_000, camera: 60_000, battery: 30_000 } as const;
type Code = keyof typeof DEDUCTIONS;
const GRID = {
  items: BUYBACK_GRADES.map((grade) => ({ ...PHONE, grade, price: PRICES[grade] })),
  deductions: Object.entries(DEDUCTIONS).map(([code, amount]) => ({ code, amount })),
};
/** What a customer may answer, and the grade and declared faults it means. */
const CONDITIONS: { answers: Record<string, boolean>; grade: BuybackGrade; declared: Code[] }[] = [
  { answers: {}, grade: 'S', declared: [] },
  { answers: { scratches: true }, grade: 'B', declared: [] },
  { answers: { scratches: true, touch: true }, grade: 'B', declared: ['touch'] },
  { answers: { screenCracked: true }, grade: 'D', declared: [] },
];
const BANK = { bankName: '국민은행', accountNumber: '123-456-789012', holder: '김민수' };

// ---- the model: pure ----
const rank = (g: BuybackGrade) => BUYBACK_GRADES.indexOf(g);
const deducted = (codes: readonly Code[]) => codes.reduce((sum, c) => sum + DEDUCTIONS[c], 0);
const quotedPrice = (grade: BuybackGrade, declared: readonly Code[]) => PRICES[grade] - deducted(declared);
/** The inspection's outcome as the shop's own terms say (ADR/spec: the worse grade, every fault, never above the quote). */
function inspectionOutcome(deal: Deal, grade: BuybackGrade, findings: readonly Code[]): { status: 'payout_pending' | 'counter_offered'; price: number } {
  const worse = rank(grade) > rank(deal.grade);
  if (!worse && findings.length === 0) return { status: 'payout_pending', price: deal.quoted };
  const price = Math.min(deal.quoted, Math.max(0, PRICES[worse ? grade : deal.grade] - deducted(deal.declared) - deducted(findings)));
  return price >= deal.quoted ? { status: 'payout_pending', price: deal.quoted } : { status: 'counter_offered', price };
}

interface Deal {
  quoteId: string; customer: number; grade: BuybackGrade; declared: Code[]; quoted: number; validUntil: number;
  orderId: string | null; payout: 'points' | 'bank' | null; status: BuybackOrderStatus | null; acceptedAt: number;
  /** The counter-offer's price while one stands; the deal's price once it is payout_pending/paid. */
  counter: number | null; price: number | null; erased: boolean;
  /** Idempotency-Keys an accept of this quote wrote with, and the order each named. */
  keys: Record<string, string>;
}
interface Model { deals: Deal[] }
interface Real { customers: (TestClient & { id: string })[]; welcome: number[]; s: fc.Scheduler; pos: ReturnType<typeof positionTracker> }

const seen = { quoted: 0, accepted: 0, acceptRaces: 0, received: 0, matched: 0, countered: 0, counterAccepted: 0, declined: 0, erased: 0, paidPoints: 0, paidBank: 0, returned: 0, expired: 0, races: 0, zeroCounters: 0 };
let server: ModelServer;
let shop: TestClient & { id: string };
let photo: Buffer;
beforeAll(async () => {
  server = await startModelServer({ SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '100000' }, { clock: () => new Date(now) });
  const admin = await demoClient(server, 'admin');
  shop = await approvedSeller(server, admin);
  const grid = await shop.request('PUT', '/api/seller/buyback-prices', { body: GRID });
  expect(grid.status, JSON.stringify(grid.body)).toBe(200);
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } }).jpeg().toBuffer();
});
afterAll(async () => { await server?.close(); });

const TIMELINE_PAID = 'BuybackPaid';
async function checkInvariants(m: Model, r: Real) {
  await expect.poll(async () => {
    const problems: string[] = [];
    const h = r.pos.headers();
    for (const [c, customer] of r.customers.entries()) {
      const orders = buybackOrdersSchema.parse((await customer.get('/api/buyback/orders', h)).body).items;
      const mine = m.deals.filter((d) => d.customer === c && d.orderId);
      const listed = new Set(orders.map((o) => o.id));
      for (const d of mine) if (!listed.has(d.orderId!)) problems.push(`customer ${c}: order ${d.orderId} (${d.status}) not listed`);
      for (const o of orders) if (!mine.some((d) => d.orderId === o.id)) problems.push(`customer ${c}: order ${o.id} listed that no accept answered`);
      let paidInPoints = 0;
      const points = pointsSchema.parse((await customer.get('/api/me/points', h)).body);
      for (const o of orders) {
        const d = mine.find((x) => x.orderId === o.id);
        if (!d) continue;
        const types = o.timeline.map((t) => t.type);
        const paid = types.filter((t) => t === TIMELINE_PAID).length;
        if (o.status !== d.status) problems.push(`order ${o.id}: served ${o.status}, model ${d.status}`);
        if (o.quotedPrice !== d.quoted) problems.push(`order ${o.id}: quoted ${o.quotedPrice}, model ${d.quoted}`);
        if (o.status === 'counter_offered' && o.counter?.price !== d.counter) problems.push(`order ${o.id}: counter-offer ${o.counter?.price}, model ${d.counter}`);
        if (paid > 1) problems.push(`order ${o.id}: paid ${paid} times`);
        if (paid > 0 && (types.includes('BuybackCounterDeclined') || types.includes('BuybackReturnShipped') || o.returnShipment)) problems.push(`order ${o.id}: paid and returned (${types.join(', ')})`);
        if ((o.status === 'paid') !== (paid === 1)) problems.push(`order ${o.id}: status ${o.status} with ${paid} payouts in its timeline`);
        if (o.status === 'paid') {
          if (o.finalPrice !== d.price) problems.push(`order ${o.id}: paid ${o.finalPrice}, model ${d.price}`);
          if (!o.erasure) problems.push(`order ${o.id}: paid without 개인정보 삭제 확인서`);
        }
        if (o.finalPrice !== null && o.finalPrice > o.quotedPrice) problems.push(`order ${o.id}: final ${o.finalPrice} above quoted ${o.quotedPrice}`);
        const entries = points.history.filter((e) => e.orderId === o.id);
        const expected = o.status === 'paid' && d.payout === 'points' ? [d.price] : [];
        if (JSON.stringify(entries.map((e) => e.amount)) !== JSON.stringify(expected)) problems.push(`order ${o.id} (${o.status}, ${d.payout}): points entries ${JSON.stringify(entries.map((e) => e.amount))}, expected ${JSON.stringify(expected)}`);
        if (o.status === 'paid' && d.payout === 'points') paidInPoints += d.price ?? 0;
      }
      if (points.balance !== r.welcome[c]! + paidInPoints) problems.push(`customer ${c}: balance ${points.balance} ≠ ${r.welcome[c]} + ${paidInPoints} paid in points`);
    }
    for (const d of m.deals) {
      const q = buybackQuoteSchema.parse((await r.customers[d.customer]!.get(`/api/buyback/quotes/${d.quoteId}`, h)).body);
      if (q.orderId !== d.orderId) problems.push(`quote ${d.quoteId}: order ${q.orderId}, model ${d.orderId}`);
    }
    return problems;
  }, { timeout: 5_000, interval: 100 }).toEqual([]);
}

const command = modelCommands(checkInvariants);
const placed = (m: Readonly<Model>) => m.deals.some((d) => d.orderId);
/**
 * The deal a step is sent to: the k-th of those in a state that takes it (the deal moves on), or, when
 * `any` or none is, the k-th of all (mostly a refusal the model must predict).
 */
type Target = { k: number; any: boolean };
function dealOf(m: Model, { k, any }: Target, fits: (d: Deal) => boolean = () => true): Deal {
  const placedDeals = m.deals.filter((d) => d.orderId);
  const fitting = placedDeals.filter(fits);
  const from = any || fitting.length === 0 ? placedDeals : fitting;
  return from[k % from.length]!;
}
const target = fc.record({ k: fc.nat({ max: 7 }), any: fc.nat({ max: 4 }).map((n) => n === 0) });
const label = (t: Target) => `${t.k}${t.any ? ', any' : ''}`;
const at = (d: Deal) => `/api/buyback/orders/${d.orderId}`;
/** An answer the model expected: its status, a Korean message when refused. */
function expectStatus(res: { status: number; body: unknown }, expected: number, what: string) {
  expectAnswered(res, what);
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(expected);
}

const quote = (customer: number, condition: number) => command(`Quote(customer ${customer}, ${CONDITIONS[condition]!.grade}${CONDITIONS[condition]!.declared.map((c) => `+${c}`).join('')})`, async (m, r) => {
  const { answers, grade, declared } = CONDITIONS[condition]!;
  const res = await r.customers[customer]!.post('/api/buyback/quotes', { ...PHONE, answers });
  r.pos.saw(res);
  expectStatus(res, 201, 'Quote');
  const q = buybackQuoteCreatedSchema.parse(res.body);
  expect(q.best, 'the shop is the only grid for this phone').toMatchObject({ shopId: shop.id, price: quotedPrice(grade, declared) });
  expect(q.grade).toBe(grade);
  m.deals.push({ quoteId: q.id, customer, grade, declared: [...declared], quoted: q.best!.price, validUntil: Date.parse(q.validUntil), orderId: null, payout: null, status: null, acceptedAt: 0, counter: null, price: null, erased: false, keys: {} });
  seen.quoted++;
});

/** The customer accepts a quote, `times` requests at once (with one Idempotency-Key, or none): one order at most. */
const accept = (k: number, payout: 'points' | 'bank', times: number, sameKey: boolean) => command(`Accept(quote ${k}, ${payout}, ×${times}${sameKey ? ', one key' : ''})`, async (m, r) => {
  const d = m.deals[k % m.deals.length]!;
  const body = payout === 'bank' ? { handover: 'parcel', payout, bank: BANK } : { handover: 'parcel', payout };
  const key = `accept-${d.quoteId.slice(0, 8)}-${payout}`;
  const answers = await concurrently(r.s, Array.from({ length: times }, () => () => r.customers[d.customer]!.post(`/api/buyback/quotes/${d.quoteId}/accept`, body, sameKey ? { 'idempotency-key': key } : {})));
  for (const res of answers) { r.pos.saw(res); expectAnswered(res, 'Accept'); }
  const won = answers.filter((a) => a.status === 201).map((a) => buybackOrderAnswerSchema.parse(a.body).id);
  const open = d.orderId === null && now <= d.validUntil;
  const replayOf = sameKey ? d.keys[key] : undefined;
  if (times > 1) seen.acceptRaces++;
  if (replayOf !== undefined || (sameKey && open)) {
    // One key, one body: every answer is the same order (a replay), whatever their order and however late.
    expect(won.length, 'retries under one key').toBe(times);
    expect(new Set(won).size, 'retries under one key named different orders').toBe(1);
    if (replayOf !== undefined) expect(won[0], 'a retry under a used key named another order').toBe(replayOf);
  } else {
    expect(won.length, `accepts that succeeded (quote ${d.orderId ? 'accepted already' : now > d.validUntil ? 'expired' : 'open'})`).toBe(open ? 1 : 0);
    for (const a of answers) if (a.status !== 201) expect(a.status).toBe(409);
  }
  if (won[0] && open) {
    Object.assign(d, { orderId: won[0], payout, status: 'accepted', acceptedAt: now, price: d.quoted });
    if (sameKey) d.keys[key] = won[0];
    seen.accepted++;
  }
}, (m) => m.deals.length > 0);

const receive = (t: Target, times: number) => command(`Receive(order ${label(t)}, ×${times})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'accepted');
  const answers = await concurrently(r.s, Array.from({ length: times }, () => () => shop.post(`${at(d)}/received`)));
  const ok = d.status === 'accepted' || d.status === 'received';
  for (const res of answers) { r.pos.saw(res); expectStatus(res, ok ? 200 : 409, 'Receive'); }
  if (d.status === 'accepted') { d.status = 'received'; seen.received++; }
}, placed);

const inspect = (t: Target, grade: BuybackGrade, findings: Code[]) => command(`Inspect(order ${label(t)}, ${grade}${findings.map((c) => `+${c}`).join('')})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'received');
  if (d.status !== 'received') {
    const res = await shop.post(`${at(d)}/inspection`, { imeiLast4: '4321', grade: d.grade, findings: [] });
    r.pos.saw(res);
    expectStatus(res, 409, 'Inspect');
    return;
  }
  const found = findings.filter((c) => !d.declared.includes(c));
  const worse = rank(grade) > rank(d.grade);
  let photoId: string | null = null;
  if (worse || found.length > 0) {
    const up = await shop.request('POST', `${at(d)}/photos`, { body: photo, headers: { 'content-type': 'image/jpeg' } });
    expectStatus(up, 201, 'Photo');
    photoId = buybackPhotoAnswerSchema.parse(up.body).id;
  }
  const res = await shop.post(`${at(d)}/inspection`, { imeiLast4: '4321', grade, findings: found.map((code) => ({ code, photo: photoId })), gradePhotos: worse ? [photoId] : [], note: '모델 검수' });
  r.pos.saw(res);
  expectStatus(res, 200, 'Inspect');
  const outcome = inspectionOutcome(d, grade, found);
  expect(buybackOrderAnswerSchema.parse(res.body).status).toBe(outcome.status);
  d.status = outcome.status;
  if (outcome.status === 'counter_offered') { d.counter = outcome.price; seen.countered++; if (outcome.price === 0) seen.zeroCounters++; } else { d.price = outcome.price; seen.matched++; }
}, placed);

const decide = (t: Target, acceptIt: boolean) => command(`${acceptIt ? 'AcceptCounter' : 'DeclineCounter'}(order ${label(t)})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'counter_offered');
  const res = await r.customers[d.customer]!.post(`${at(d)}/counter`, { accept: acceptIt });
  r.pos.saw(res);
  const ok = d.status === 'counter_offered' && (!acceptIt || (d.counter ?? 0) > 0);
  expectStatus(res, ok ? 200 : 409, acceptIt ? 'AcceptCounter' : 'DeclineCounter');
  if (!ok) return;
  if (acceptIt) { Object.assign(d, { status: 'payout_pending', price: d.counter, counter: null }); seen.counterAccepted++; } else { Object.assign(d, { status: 'returning', counter: null }); seen.declined++; }
}, placed);

const erasureBody = () => ({ method: 'factory_reset', at: new Date(now).toISOString(), imeiLast4: '4321' });
const erase = (t: Target) => command(`Erase(order ${label(t)})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'payout_pending' && !x.erased);
  const res = await shop.post(`${at(d)}/erasure`, erasureBody());
  r.pos.saw(res);
  const ok = d.status === 'payout_pending' && !d.erased;
  expectStatus(res, ok ? 200 : 409, 'Erase');
  if (ok) { d.erased = true; seen.erased++; }
}, placed);

/** The shop pays, `times` requests at once: paid once. */
const pay = (t: Target, times: number) => command(`Pay(order ${label(t)}, ×${times})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'payout_pending');
  const answers = await concurrently(r.s, Array.from({ length: times }, () => () => shop.post(`${at(d)}/payout`)));
  for (const res of answers) { r.pos.saw(res); expectAnswered(res, 'Pay'); }
  const ok = d.status === 'payout_pending' && d.erased;
  expect(answers.filter((a) => a.status === 200).length, `payouts that succeeded (${d.status}, erased ${d.erased})`).toBe(ok ? 1 : 0);
  for (const a of answers) if (a.status !== 200) expect(a.status).toBe(409);
  if (ok) { d.status = 'paid'; if (d.payout === 'points') seen.paidPoints++; else seen.paidBank++; }
}, placed);

const ship = (t: Target) => command(`ShipReturn(order ${label(t)})`, async (m, r) => {
  const d = dealOf(m, t, (x) => x.status === 'returning');
  const res = await shop.post(`${at(d)}/return`, { courier: 'CJ대한통운', trackingNumber: '123456789012' });
  r.pos.saw(res);
  expectStatus(res, d.status === 'returning' ? 200 : 409, 'ShipReturn');
  if (d.status === 'returning') { d.status = 'returned'; seen.returned++; }
}, placed);

type Step = 'accept' | 'decline' | 'erase' | 'pay' | 'ship';
/**
 * Both parties at once on one deal: the customer accepts and declines its counter-offer while the shop
 * certifies the erasure, pays and ships the return, in scheduler order. Whatever the order: never both
 * outcomes — the successes must be one story the deal could have lived, and the model follows it.
 */
const race = (t: Target, steps: Step[]) => command(`Race(order ${label(t)}: ${steps.join(' | ')})`, async (m, r) => {
  const d = dealOf(m, t, (x) => ['counter_offered', 'payout_pending', 'returning'].includes(x.status ?? ''));
  const customer = r.customers[d.customer]!;
  const send: Record<Step, () => Promise<{ status: number; body: unknown }>> = {
    accept: () => customer.post(`${at(d)}/counter`, { accept: true }),
    decline: () => customer.post(`${at(d)}/counter`, { accept: false }),
    erase: () => shop.post(`${at(d)}/erasure`, erasureBody()),
    pay: () => shop.post(`${at(d)}/payout`),
    ship: () => shop.post(`${at(d)}/return`, { courier: 'CJ대한통운', trackingNumber: '123456789012' }),
  };
  const before = { status: d.status, erased: d.erased };
  const answers = await concurrently(r.s, steps.map((step) => send[step]));
  const ok = new Set<Step>();
  for (const [i, res] of answers.entries()) {
    r.pos.saw(res);
    expectAnswered(res, `Race ${steps[i]}`);
    if (res.status === 200) ok.add(steps[i]!);
    else expect(res.status, `Race ${steps[i]}: ${JSON.stringify(res.body)}`).toBe(409);
  }
  seen.races++;
  expect(ok.has('accept') && ok.has('decline'), 'a counter-offer both accepted and declined').toBe(false);
  // Replay the successes on the model in the one order the deal allows: decide, then erase, then pay or ship.
  if (ok.has('accept')) { expect(d.status).toBe('counter_offered'); Object.assign(d, { status: 'payout_pending', price: d.counter, counter: null }); seen.counterAccepted++; }
  if (ok.has('decline')) { expect(d.status).toBe('counter_offered'); Object.assign(d, { status: 'returning', counter: null }); seen.declined++; }
  if (ok.has('erase')) { expect([d.status, d.erased]).toEqual(['payout_pending', false]); d.erased = true; seen.erased++; }
  if (ok.has('pay')) { expect([d.status, d.erased]).toEqual(['payout_pending', true]); d.status = 'paid'; if (d.payout === 'points') seen.paidPoints++; else seen.paidBank++; }
  if (ok.has('ship')) { expect(d.status).toBe('returning'); d.status = 'returned'; seen.returned++; }
  // A step the deal took before the race, and no other step can take away, is never refused (a refusal
  // after the race proves nothing: the step may have run before the one that allowed it).
  if (steps.includes('erase') && before.status === 'payout_pending' && !before.erased) expect(ok.has('erase'), 'an erasure refused on a deal that could take it').toBe(true);
  if (steps.includes('ship') && before.status === 'returning') expect(ok.has('ship'), 'a return refused on a deal that could ship it').toBe(true);
}, placed);

/**
 * Time passes (the server's clock): deals not handed over in 7 days expire (the process runner's timer),
 * quotes lapse. Steps of 25 h and 193 h never land on a due time exactly (a timer's race the model would not know).
 */
const pass = (hours: number) => command(`Pass(+${hours} h)`, async (m, r) => {
  now += hours * HOUR;
  for (const d of m.deals) {
    // The handover is due 7 days after the accept (BUYBACK_RULES.handoverDays).
    if (d.status === 'accepted' && now >= d.acceptedAt + 7 * DAY) { d.status = 'expired'; seen.expired++; }
  }
  // Timers are looked for each second: wait until the served deals have followed.
  await expect.poll(async () => {
    const waiting = [];
    for (const [c, customer] of r.customers.entries()) {
      const orders = buybackOrdersSchema.parse((await customer.get('/api/buyback/orders')).body).items;
      waiting.push(...orders.filter((o) => m.deals.some((d) => d.customer === c && d.orderId === o.id && d.status === 'expired' && o.status !== 'expired')).map((o) => o.id));
    }
    return waiting;
  }, { timeout: 10_000, interval: 200 }).toEqual([]);
});

/** A quote accepted at once (the usual way in): more deals reach the later steps. */
const sell = (customer: number, condition: number, payout: 'points' | 'bank') => command(`Sell(customer ${customer}, ${CONDITIONS[condition]!.grade}${CONDITIONS[condition]!.declared.map((c) => `+${c}`).join('')}, ${payout})`, async (m, r) => {
  await quote(customer, condition).act(m, r);
  await accept(m.deals.length - 1, payout, 1, false).act(m, r);
});

/** The deal's next step, whichever it is (with the choices a person would make): deals reach their ends. */
const TERMINAL = new Set(['paid', 'returned', 'expired']);
const advance = (t: Target, choice: { grade: BuybackGrade; findings: Code[]; acceptCounter: boolean; payouts: number }) =>
  command(`Advance(order ${label(t)}, ${choice.grade}${choice.findings.map((c) => `+${c}`).join('')}, ${choice.acceptCounter ? 'accept' : 'decline'}, ×${choice.payouts})`, async (m, r) => {
    const d = dealOf(m, { k: t.k, any: false }, (x) => !TERMINAL.has(x.status ?? ''));
    const k = { k: m.deals.filter((x) => x.orderId).indexOf(d), any: true };
    const next = d.status === 'accepted' ? receive(k, 1)
      : d.status === 'received' ? inspect(k, choice.grade, choice.findings)
        : d.status === 'counter_offered' ? decide(k, choice.acceptCounter && (d.counter ?? 0) > 0)
          : d.status === 'payout_pending' ? (d.erased ? pay(k, choice.payouts) : erase(k))
            : d.status === 'returning' ? ship(k) : null;
    await next?.act(m, r);
  }, placed);

const customer = fc.nat({ max: 1 });
const condition = fc.nat({ max: CONDITIONS.length - 1 });
const payout = fc.constantFrom('points' as const, 'bank' as const);
const grade = fc.constantFrom(...BUYBACK_GRADES);
const findings = fc.subarray(['camera', 'battery', 'touch'] as Code[]);
const steps = fc.uniqueArray(fc.constantFrom<Step>('accept', 'decline', 'erase', 'pay', 'ship'), { minLength: 2, maxLength: 5 });
const choice = fc.record({ grade, findings, acceptCounter: fc.boolean(), payouts: fc.integer({ min: 1, max: 3 }) });
const commands = fc.commands([
  ...Array.from({ length: 6 }, () => fc.tuple(target, choice).map(([t, c]) => advance(t, c))),
  fc.tuple(customer, condition).map(([c, k]) => quote(c, k)),
  fc.tuple(customer, condition, payout).map(([c, k, p]) => sell(c, k, p)),
  fc.tuple(customer, condition, payout).map(([c, k, p]) => sell(c, k, p)),
  fc.tuple(fc.nat({ max: 7 }), payout, fc.integer({ min: 1, max: 3 }), fc.boolean()).map(([k, p, t, key]) => accept(k, p, t, key)),
  fc.tuple(target, fc.integer({ min: 1, max: 2 })).map(([t, n]) => receive(t, n)),
  fc.tuple(target, fc.integer({ min: 1, max: 2 })).map(([t, n]) => receive(t, n)),
  fc.tuple(target, grade, findings).map(([t, g, f]) => inspect(t, g, f)),
  fc.tuple(target, grade, findings).map(([t, g, f]) => inspect(t, g, f)),
  fc.tuple(target, fc.boolean()).map(([t, a]) => decide(t, a)),
  target.map(erase),
  target.map(erase),
  fc.tuple(target, fc.integer({ min: 1, max: 3 })).map(([t, n]) => pay(t, n)),
  fc.tuple(target, fc.integer({ min: 1, max: 3 })).map(([t, n]) => pay(t, n)),
  target.map(ship),
  fc.tuple(target, steps).map(([t, s]) => race(t, s)),
  fc.tuple(target, steps).map(([t, s]) => race(t, s)),
  fc.tuple(target, steps).map(([t, s]) => race(t, s)),
  fc.constantFrom(25, 193).map(pass),
], { maxCommands: model.maxCommands, size: 'max' });

describe('model (c): buyback quote, order, inspection, counter-offer, payout or return', () => {
  it('every deal as the shop\'s grid says, paid once, returned or paid and never both; the rebuild equals what is served', async () => {
    const started = performance.now();
    let runs = 0;
    await fc.assert(fc.asyncProperty(fc.scheduler(), commands, async (s, cmds) => {
      runs++;
      const customers = [await newBuyer(server, 'buyback'), await newBuyer(server, 'buyback')];
      const welcome: number[] = [];
      for (const c of customers) welcome.push(pointsSchema.parse((await c.get('/api/me/points')).body).balance);
      await fc.asyncModelRun(() => ({ model: { deals: [] } satisfies Model, real: { customers, welcome, s, pos: positionTracker() } satisfies Real }), cmds);
    }), model.params);
    await server.expectRebuildEqualsServed();
    model.report(started, runs);
    console.log(`  reached: ${JSON.stringify(seen)}`);
  }, 180_000);
});
