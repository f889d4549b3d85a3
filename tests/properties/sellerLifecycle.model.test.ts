import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSellersSchema, cartSchema, ordersSchema, sellerApplicationsSchema } from '@phonemarket/contracts';
import { openEventStore, parseEvent, type EventStore } from '@phonemarket/events';
import { moveOrder, PAID_TODAY } from '../support/checkout.ts';
import type { TestClient } from '../support/testServer.ts';
import { applicationBody, approvedSeller, demoClient, marketTerms, newBuyer, publicOfferIds } from './support/actors.ts';
import { concurrently, expectAnswered, modelCommands, modelParams, positionTracker, startModelServer, type ModelServer } from './support/modelHarness.ts';

/**
 * Issue 43 model (d): a seller's life — application → review (approve or reject, or both at once) →
 * approval → listing → orders, and the admin's suspension and reinstatement at any point — through the
 * HTTP API (ADR 023). Two applicants and one buyer per run; the model predicts every answer:
 *  - only an approved seller lists and changes offers; a suspended one does nothing new: every seller
 *    command (list, 판매 on/off, the buyback grid) is a Korean 403 and appends nothing, but the orders
 *    already paid to them they still move on (s59: a suspended seller owes them);
 *  - a suspended (or pending) seller's offers are in no public list and cannot be carted or bought;
 *    reinstated, they are back as they were;
 *  - one open application per account; a decided one cannot be decided again; approve and reject at once:
 *    exactly one wins;
 *  - the admin's lists (sellers, applications) and the buyer's orders are the model's after every command.
 * At the end of each run the log itself is read: no event of the seller's own while they were suspended but on their orders,
 * and no order of their offers placed then — except requests that raced the suspension (counted apart).
 * At the end a fresh projections:rebuild equals the served read models.
 */
const model = modelParams('seller lifecycle model', { runs: 60, budgetMs: 35_000, maxCommands: 24 });
const MODEL_ID = 'galaxy-s26-ultra';
const ADDRESS = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', usePoints: 0, ...PAID_TODAY };
const GRID = { items: [{ modelId: 'galaxy-s24', storage: 256, grade: 'A', price: 400_000 }], deductions: [] };

type SellerStatus = 'none' | 'approved' | 'suspended' | 'pending';
type ApplicationStatus = 'pending' | 'reviewing' | 'approved' | 'rejected';
interface Applicant {
  application: { id: string; status: ApplicationStatus } | null;
  role: 'user' | 'seller';
  seller: SellerStatus;
  offers: { id: string; active: boolean; stock: number }[];
}
interface Model { applicants: Applicant[]; orders: { id: string; seller: number; delivered: boolean }[] }
interface Real { applicants: (TestClient & { id: string })[]; buyer: TestClient & { id: string }; s: fc.Scheduler; pos: ReturnType<typeof positionTracker>; racing: Set<string> }

const seen = { applied: 0, refusedApplications: 0, approved: 0, rejected: 0, reviewRaces: 0, suspended: 0, reinstated: 0, listed: 0, refusedWhileSuspended: 0, bought: 0, refusedBuys: 0, moved: 0, movedWhileSuspended: 0, suspendRaces: 0, lateInRace: 0 };
let server: ModelServer;
let admin: TestClient;
let log: EventStore;
let terms: string[];
beforeAll(async () => {
  server = await startModelServer();
  admin = await demoClient(server, 'admin');
  log = await openEventStore({ dataDir: server.dataDir });
  // Market offers may share their terms: keep those a seller can list side by side (a probe seller lists each once).
  const probe = await approvedSeller(server, admin);
  terms = [];
  for (const term of await marketTerms(server, MODEL_ID)) {
    const listed = await probe.post('/api/offers', { sameTermsAs: term, extraSubsidy: 0, stock: 1 });
    if (listed.status === 201) terms.push(term);
  }
  expect(terms.length).toBeGreaterThan(1);
});
afterAll(async () => { await log?.close(); await server?.close(); });

let sent = 0;
type Answer = { status: number; body: unknown; correlation: string };
/** A request the log can tell apart afterwards (its X-Correlation-Id). */
async function send(client: TestClient, method: string, path: string, body?: unknown): Promise<Answer> {
  const correlation = `model-d-${++sent}`;
  const res = await client.request(method, path, { ...(body === undefined ? {} : { body }), headers: { 'x-correlation-id': correlation } });
  return { status: res.status, body: res.body, correlation };
}
/** The model's answer: its status, in Korean when refused; a refusal appended nothing. */
async function expectAnswer(r: Real, res: Answer, expected: number, what: string, from: bigint) {
  r.pos.saw(res);
  expectAnswered(res, what);
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(expected);
  if (expected >= 400) {
    const own = (await log.readAll({ fromPosition: from })).filter((e) => e.metadata.correlationId === res.correlation).map((e) => e.type);
    expect(own, `${what}: refused, yet appended`).toEqual([]);
  }
}

async function checkInvariants(m: Model, r: Real) {
  await expect.poll(async () => {
    const problems: string[] = [];
    const h = r.pos.headers();
    const sellers = adminSellersSchema.parse((await admin.get('/api/sellers', h)).body);
    const applications = sellerApplicationsSchema.parse((await admin.get('/api/seller-applications', h)).body);
    const offers = await publicOfferIds(server, MODEL_ID, h);
    for (const [a, applicant] of m.applicants.entries()) {
      const userId = r.applicants[a]!.id;
      const seller = sellers.find((x) => x.userId === userId);
      if ((seller?.status ?? 'none') !== applicant.seller) problems.push(`applicant ${a}: seller ${seller?.status ?? 'none'}, model ${applicant.seller}`);
      if (applicant.application) {
        const served = applications.find((x) => x.id === applicant.application!.id)?.status;
        if (served !== applicant.application.status) problems.push(`applicant ${a}: application ${served}, model ${applicant.application.status}`);
      }
      for (const o of applicant.offers) {
        const onSale = applicant.seller === 'approved' && o.active;
        if (offers.has(o.id) && !onSale) problems.push(`applicant ${a} (${applicant.seller}): offer ${o.id} (active ${o.active}) in the public list`);
        if (!offers.has(o.id) && onSale && o.stock > 0) problems.push(`applicant ${a}: offer ${o.id} on sale but not in the public list`);
      }
    }
    const orders = new Set(ordersSchema.parse((await r.buyer.get('/api/orders?limit=100', h)).body).orders.map((o) => o.id));
    const known = new Set(m.orders.map((o) => o.id));
    for (const id of known) if (!orders.has(id)) problems.push(`order ${id} answered 201 but is not listed`);
    for (const id of orders) if (!known.has(id)) problems.push(`order ${id} listed but no 201 answered it`);
    return problems;
  }, { timeout: 5_000, interval: 100 }).toEqual([]);
}

const command = modelCommands(checkInvariants);
const mayList = (x: Applicant) => x.role === 'seller' && x.seller === 'approved';
/** A seller moves on the orders paid to them whatever their standing (s59: suspended, they still owe them; set back to pending, 판매 관리 stays open). */
const mayMoveOrders = (x: Applicant) => x.role === 'seller';

const apply = (a: number) => command(`Apply(applicant ${a})`, async (m, r) => {
  const x = m.applicants[a]!;
  const from = await log.headPosition();
  const res = await send(r.applicants[a]!, 'POST', '/api/seller-applications', applicationBody(`applicant-${r.applicants[a]!.id}@example.kr`, ++sent));
  const open = x.application !== null && ['pending', 'reviewing'].includes(x.application.status);
  const ok = x.role === 'user' && !open;
  await expectAnswer(r, res, ok ? 201 : 409, 'Apply', from);
  if (ok) { x.application = { id: (res.body as { id: string }).id, status: 'pending' }; seen.applied++; } else seen.refusedApplications++;
});

const decided = (x: Applicant, to: ApplicationStatus) => {
  x.application!.status = to;
  if (to === 'approved') { x.role = 'seller'; x.seller = 'approved'; seen.approved++; }
  if (to === 'rejected') seen.rejected++;
};
const review = (a: number, to: ApplicationStatus) => command(`Review(applicant ${a}, ${to})`, async (m, r) => {
  const x = m.applicants[a]!;
  const from = await log.headPosition();
  const res = await send(admin, 'PUT', `/api/seller-applications/${x.application!.id}`, { status: to, reviewNotes: '모델 검토' });
  const status = x.application!.status;
  const ok = to === 'reviewing' ? status === 'pending' : status === 'pending' || status === 'reviewing';
  await expectAnswer(r, res, ok ? 200 : 409, `Review ${to}`, from);
  if (ok) decided(x, to);
}, (m) => m.applicants[a]!.application !== null);

/** Two admins decide one application at once, one approving, one rejecting: exactly one wins. */
const reviewRace = (a: number) => command(`ReviewRace(applicant ${a}: approve | reject)`, async (m, r) => {
  const x = m.applicants[a]!;
  const open = x.application!.status === 'pending' || x.application!.status === 'reviewing';
  const [approve, reject] = await concurrently(r.s, (['approved', 'rejected'] as const).map((to) => () => send(admin, 'PUT', `/api/seller-applications/${x.application!.id}`, { status: to })));
  for (const res of [approve!, reject!]) { r.pos.saw(res); expectAnswered(res, 'ReviewRace'); }
  seen.reviewRaces++;
  const won = [approve!, reject!].filter((res) => res.status === 200).length;
  expect(won, 'approve and reject of one application both (or neither) succeeded').toBe(open ? 1 : 0);
  if (approve!.status === 200) decided(x, 'approved');
  if (reject!.status === 200) decided(x, 'rejected');
}, (m) => m.applicants[a]!.application !== null);

const setStatus = (a: number, to: Exclude<SellerStatus, 'none'>) => command(`SetSellerStatus(applicant ${a}, ${to})`, async (m, r) => {
  const x = m.applicants[a]!;
  const from = await log.headPosition();
  const res = await send(admin, 'PUT', `/api/sellers/${r.applicants[a]!.id}`, { status: to, reason: to === 'suspended' ? '모델: 정지' : '모델: 복구' });
  await expectAnswer(r, res, x.seller === 'none' ? 404 : 200, `SetSellerStatus ${to}`, from);
  if (x.seller === 'none') return;
  if (to === 'suspended' && x.seller !== 'suspended') seen.suspended++;
  if (to === 'approved' && x.seller === 'suspended') seen.reinstated++;
  x.seller = to;
});

const listBody = (x: Applicant) => ({ sameTermsAs: terms[x.offers.length % terms.length], extraSubsidy: 0, stock: 2 });
const list = (a: number) => command(`List(applicant ${a})`, async (m, r) => {
  const x = m.applicants[a]!;
  const from = await log.headPosition();
  const res = await send(r.applicants[a]!, 'POST', '/api/offers', listBody(x));
  const ok = mayList(x);
  await expectAnswer(r, res, ok ? 201 : 403, `List (${x.role}, ${x.seller})`, from);
  if (ok) { x.offers.push({ id: (res.body as { id: string }).id, active: true, stock: 2 }); seen.listed++; } else if (x.seller === 'suspended') seen.refusedWhileSuspended++;
}, (m) => m.applicants[a]!.offers.length < terms.length);

const toggle = (a: number, k: number, active: boolean) => command(`SetActive(applicant ${a}, offer ${k}, ${active})`, async (m, r) => {
  const x = m.applicants[a]!;
  const o = x.offers[k % x.offers.length]!;
  const from = await log.headPosition();
  const res = await send(r.applicants[a]!, 'PUT', `/api/offers/${o.id}/active`, { active });
  const ok = mayList(x);
  await expectAnswer(r, res, ok ? 200 : 403, `SetActive (${x.seller})`, from);
  if (ok) o.active = active; else if (x.seller === 'suspended') seen.refusedWhileSuspended++;
}, (m) => m.applicants[a]!.offers.length > 0);

/** Empties the buyer's cart (a refused checkout leaves its lines there). */
async function clearCart(r: Real) {
  const cart = cartSchema.parse((await r.buyer.get('/api/cart', r.pos.headers())).body);
  for (const item of cart.items) r.pos.saw(await r.buyer.request('DELETE', `/api/cart/items/${item.itemId}`));
}

/** The buyer adds one unit of an applicant's offer and checks out: only an approved seller's offer on sale with stock sells. */
const buy = (wanted: number, k: number) => command(`Buy(applicant ${wanted}, offer ${k})`, async (m, r) => {
  // The applicant named, or the other when the named one has listed nothing.
  const a = m.applicants[wanted]!.offers.length > 0 ? wanted : 1 - wanted;
  const x = m.applicants[a]!;
  const o = x.offers[k % x.offers.length]!;
  const sellable = x.seller === 'approved' && o.active && o.stock > 0;
  const from = await log.headPosition();
  const added = await send(r.buyer, 'POST', '/api/cart/items', { productId: o.id, quantity: 1 });
  r.pos.saw(added);
  expectAnswered(added, 'Buy: add to cart');
  if (added.status !== 201) {
    expect(sellable, `an offer on sale refused to the cart: ${JSON.stringify(added.body)}`).toBe(false);
    await expectAnswer(r, added, added.status, 'Buy: add to cart', from);
    seen.refusedBuys++;
    return;
  }
  const placed = await send(r.buyer, 'POST', '/api/orders', ADDRESS);
  r.pos.saw(placed);
  expectAnswered(placed, 'Buy: checkout');
  expect(placed.status, `checkout of ${sellable ? 'an offer on sale' : `a ${x.seller} seller's offer (active ${o.active}, stock ${o.stock})`}: ${JSON.stringify(placed.body).slice(0, 300)}`).toBe(sellable ? 201 : placed.status >= 400 ? placed.status : 400);
  if (placed.status === 201) { m.orders.push({ id: (placed.body as { id: string }).id, seller: a, delivered: false }); o.stock--; seen.bought++; } else { seen.refusedBuys++; await clearCart(r); }
}, (m) => m.applicants.some((x) => x.offers.length > 0));

const move = (k: number) => command(`MoveOrder(order ${k})`, async (m, r) => {
  const order = m.orders[k % m.orders.length]!;
  const x = m.applicants[order.seller]!;
  const from = await log.headPosition();
  const res = await moveOrder(r.applicants[order.seller]!, order.id, 'delivered');
  r.pos.saw(res);
  expectAnswered(res, 'MoveOrder');
  const ok = mayMoveOrders(x);
  if (!ok) {
    expect(res.status, `a ${x.seller} seller moved an order on`).toBe(403);
    expect((await log.readAll({ fromPosition: from })).filter((e) => e.metadata.actor.userId === r.applicants[order.seller]!.id).map((e) => e.type), 'a suspended seller appended').toEqual([]);
    seen.refusedWhileSuspended++;
    return;
  }
  expect(res.status, `MoveOrder: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(order.delivered ? 409 : 200);
  if (!order.delivered) { order.delivered = true; seen.moved++; if (x.seller === 'suspended') seen.movedWhileSuspended++; }
}, (m) => m.orders.length > 0);

/** A seller who is not approved tries everything a seller does: each a Korean 403, nothing appended. */
const probe = (a: number) => command(`Probe(applicant ${a})`, async (m, r) => {
  const x = m.applicants[a]!;
  const c = r.applicants[a]!;
  const from = await log.headPosition();
  const tries: [string, () => Promise<Answer>][] = [
    ['list', () => send(c, 'POST', '/api/offers', listBody(x))],
    ['buyback grid', () => send(c, 'PUT', '/api/seller/buyback-prices', GRID)],
  ];
  if (x.offers[0]) tries.push(['set active', () => send(c, 'PUT', `/api/offers/${x.offers[0]!.id}/active`, { active: false })]);
  for (const [what, go] of tries) {
    const res = await go();
    await expectAnswer(r, res, 403, `Probe ${what} (${x.role}, ${x.seller})`, from);
  }
  if (x.seller === 'suspended') seen.refusedWhileSuspended += tries.length;
}, (m) => !mayList(m.applicants[a]!));

type RaceStep = 'list' | 'deactivate' | 'buy';
/**
 * The admin suspends a seller while the seller lists and takes an offer off sale and the buyer buys, all
 * at once in scheduler order. Any of them may land before the suspension; after it, nothing does
 * (the commands that follow, and the log law at the end of the run).
 */
const suspendRace = (a: number, steps: RaceStep[]) => command(`SuspendRace(applicant ${a}: suspend | ${steps.join(' | ')})`, async (m, r) => {
  const x = m.applicants[a]!;
  const c = r.applicants[a]!;
  const offer = x.offers[0];
  const jobs: (() => Promise<Answer>)[] = [() => send(admin, 'PUT', `/api/sellers/${c.id}`, { status: 'suspended', reason: '모델: 경합 중 정지' })];
  for (const step of steps) {
    if (step === 'list') jobs.push(() => send(c, 'POST', '/api/offers', listBody(x)));
    if (step === 'deactivate' && offer) jobs.push(() => send(c, 'PUT', `/api/offers/${offer.id}/active`, { active: false }));
    if (step === 'buy' && offer) jobs.push(async () => {
      const added = await send(r.buyer, 'POST', '/api/cart/items', { productId: offer.id, quantity: 1 });
      r.racing.add(added.correlation);
      return added.status === 201 ? send(r.buyer, 'POST', '/api/orders', ADDRESS) : added;
    });
  }
  const answers = await concurrently(r.s, jobs);
  seen.suspendRaces++;
  const labels = ['suspend', ...steps.filter((s) => s === 'list' || offer)];
  for (const [i, res] of answers.entries()) {
    r.racing.add(res.correlation);
    r.pos.saw(res);
    expectAnswered(res, `SuspendRace ${labels[i]}`);
  }
  expect(answers[0]!.status, 'the suspension').toBe(200);
  x.seller = 'suspended';
  seen.suspended++;
  for (const [i, res] of answers.entries()) {
    if (i === 0 || res.status >= 300) continue;
    if (labels[i] === 'list') { x.offers.push({ id: (res.body as { id: string }).id, active: true, stock: 2 }); seen.listed++; }
    if (labels[i] === 'deactivate') offer!.active = false;
    if (labels[i] === 'buy' && res.status === 201) { m.orders.push({ id: (res.body as { id: string }).id, seller: a, delivered: false }); offer!.stock--; seen.bought++; }
  }
  await clearCart(r);
}, (m) => mayList(m.applicants[a]!) && m.applicants[a]!.offers.length < terms.length);

/**
 * The log's own account of a run: no event by a seller while they stood suspended (but on the orders paid to
 * them, which they still ship) and no order of their offers placed then, but for requests that raced the suspension (counted: a check-then-append that the
 * suspension overtook).
 */
async function expectNothingWhileSuspended(r: Real, from: bigint) {
  const sellerOf = new Map(r.applicants.map((c, i) => [c.id, i]));
  const offerSeller = new Map<string, number>();
  const status = new Map<number, string>();
  const problems: string[] = [];
  for (const raw of await log.readAll({ fromPosition: from })) {
    const e = parseEvent(raw);
    if (!e) continue;
    if (e.type === 'SellerOnboarded' && sellerOf.has(e.data.sellerId)) status.set(sellerOf.get(e.data.sellerId)!, e.data.status);
    if (e.type === 'SellerStatusChanged' && sellerOf.has(e.data.sellerId)) status.set(sellerOf.get(e.data.sellerId)!, e.data.to);
    if (e.type === 'OfferListed' && sellerOf.has(e.data.sellerId)) offerSeller.set(e.data.offerId, sellerOf.get(e.data.sellerId)!);
    const late = (who: number) => {
      if (status.get(who) !== 'suspended') return;
      if (r.racing.has(e.metadata.correlationId)) { seen.lateInRace++; return; }
      problems.push(`${e.type} (${e.metadata.correlationId}) while applicant ${who} was suspended`);
    };
    const actor = e.metadata.actor.userId;
    if (actor !== null && sellerOf.has(actor) && e.metadata.actor.role === 'seller' && !e.stream.startsWith('order-')) late(sellerOf.get(actor)!);
    if (e.type === 'OrderPlaced') for (const line of e.data.items) if (offerSeller.has(line.productId)) late(offerSeller.get(line.productId)!);
  }
  expect(problems).toEqual([]);
}

/** Applied and approved in one go (the usual way in): more runs reach listing, orders and suspension. */
const onboard = (a: number) => command(`Onboard(applicant ${a})`, async (m, r) => {
  await apply(a).act(m, r);
  if (m.applicants[a]!.application?.status === 'pending') await review(a, 'approved').act(m, r);
}, (m) => m.applicants[a]!.role === 'user');

const applicant = fc.nat({ max: 1 });
const commands = fc.commands([
  applicant.map(apply),
  applicant.map(onboard),
  applicant.map(onboard),
  fc.tuple(applicant, fc.constantFrom<ApplicationStatus>('reviewing', 'approved', 'approved', 'rejected')).map(([a, to]) => review(a, to)),
  fc.tuple(applicant, fc.constantFrom<ApplicationStatus>('approved', 'rejected')).map(([a, to]) => review(a, to)),
  applicant.map(reviewRace),
  fc.tuple(applicant, fc.constantFrom('suspended' as const, 'approved' as const, 'pending' as const)).map(([a, to]) => setStatus(a, to)),
  fc.tuple(applicant, fc.constantFrom('suspended' as const, 'approved' as const)).map(([a, to]) => setStatus(a, to)),
  applicant.map(list),
  applicant.map(list),
  fc.tuple(applicant, fc.nat({ max: 3 }), fc.boolean()).map(([a, k, on]) => toggle(a, k, on)),
  applicant.map(list),
  fc.tuple(applicant, fc.nat({ max: 3 })).map(([a, k]) => buy(a, k)),
  fc.tuple(applicant, fc.nat({ max: 3 })).map(([a, k]) => buy(a, k)),
  fc.tuple(applicant, fc.nat({ max: 3 })).map(([a, k]) => buy(a, k)),
  fc.nat({ max: 5 }).map(move),
  fc.nat({ max: 5 }).map(move),
  applicant.map(probe),
  applicant.map(probe),
  fc.tuple(applicant, fc.uniqueArray(fc.constantFrom<RaceStep>('list', 'deactivate', 'buy'), { minLength: 1, maxLength: 3 })).map(([a, s]) => suspendRace(a, s)),
], { maxCommands: model.maxCommands, size: 'max' });

describe('model (d): seller application, approval and suspension, listing, orders', () => {
  it('only an approved seller sells; a suspended seller sells nothing and still ships what was paid; the rebuild equals what is served', async () => {
    const started = performance.now();
    let runs = 0;
    await fc.assert(fc.asyncProperty(fc.scheduler(), commands, async (s, cmds) => {
      runs++;
      const from = await log.headPosition();
      const applicants = [await newBuyer(server, 'applicant'), await newBuyer(server, 'applicant')];
      const real: Real = { applicants, buyer: await newBuyer(server, 'lifecycle-buyer'), s, pos: positionTracker(), racing: new Set() };
      const fresh = (): Applicant => ({ application: null, role: 'user', seller: 'none', offers: [] });
      await fc.asyncModelRun(() => ({ model: { applicants: [fresh(), fresh()], orders: [] } satisfies Model, real }), cmds);
      await expectNothingWhileSuspended(real, from);
    }), model.params);
    await server.expectRebuildEqualsServed();
    model.report(started, runs);
    console.log(`  reached: ${JSON.stringify(seen)}`);
  }, 180_000);
});
