/**
 * Issue 37's market-sized figures, on a log of their own: today's catalogue (44 models), 2,000 more
 * sellers, one model × storage × carrier × 가입유형 sold by all of them 25 times over (50,000 offers),
 * 30 days of price changes (1,000 a day, in time order).
 * The log is what the product would have written (team decision, ADR 025 "The market's first start,
 * fifth pass"): its sellers are approved sellers (`sellersOnboarded`), and since a log the product wrote
 * always holds its process runner's work, the product's runner is run over the written log until its
 * checkpoint reaches the head before the first start (its catch-up time is printed beside, as
 * information). The first start then measures the read side's first start with no snapshot (a new
 * deployment, a read-model version bump), not 30 days of the runner's work at once.
 *  - market_cold_start_ms: the product's first start on it (no snapshot) to the big model's first offers page.
 *  - market_rebuild_per_s: the read models rebuilt from the log in process (events per second).
 *  - offer_listed_p99_ms: an offer of the big model made the cheapest (`POST /api/offers/{id}/price`, an
 *    appended event) → shown first in its first page read with X-Min-Position. (A price change stands in
 *    for a new listing: both are one offer event moving one offer in the model's index.)
 *  - model_offers_p99_ms: the big model's first page with facets.
 *  - price_history_365_p99_ms: its 365-day price history.
 *  - terms_change_reprice_50k_ms: one 공시지원금 change re-pricing the 50,000 offers, PUT → first page re-priced.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { processCpuMs, processFaults } from './host.ts';
import { call, type Jar } from './httpClient.ts';
import { rebuildThroughputApart } from './rebuild.ts';
import { catchUpProcessRunner, type RunnerCatchUp } from './runnerCatchUp.ts';
import { startProduct } from './startup.ts';
import { summarize } from './stats.ts';

const SELLERS = 2_000;
const BIG_OFFERS = 50_000;
const DAYS = 30;
const CHANGES_PER_DAY = 1_000;
const DAY = 86_400_000;

interface MarketLog { events: number; modelId: string; storage: number; carrier: string; joinType: string; planId: string; subsidy: number; template: Record<string, unknown> }

/**
 * The market's size; smaller ones serve profiling (`{ sellers: 200, bigOffers: 5_000, ... }`).
 * `sellersOnboarded`: the sellers are also approved sellers on the command side (`SellerOnboarded` on
 * `seller-<id>`), so their offers are on sale there and priced into their series by the process runner
 * (the section's log, since the team's decision in ADR 025); without it they have a storefront profile
 * only, and the runner's series stay empty.
 */
export interface MarketSize { sellers: number; bigOffers: number; days: number; changesPerDay: number; sellersOnboarded?: boolean }
const MARKET: MarketSize = { sellers: SELLERS, bigOffers: BIG_OFFERS, days: DAYS, changesPerDay: CHANGES_PER_DAY, sellersOnboarded: true };

export async function writeMarketLog(file: string, size: MarketSize = MARKET): Promise<MarketLog> {
  const { sellers: SELLERS, bigOffers: BIG_OFFERS, days: DAYS, changesPerDay: CHANGES_PER_DAY } = size;
  const { openSqliteEventStore, streams, toNewEvent, offerListedSchema } = await import('@phonemarket/events');
  const { seedOffers } = await import('@phonemarket/command-api/features/catalogue/seedData.ts');

  const anchor = new Date();
  await productFirstStart(file);
  const store = openSqliteEventStore(file);
  try {
    const template = seedOffers(anchor).map((o) => offerListedSchema.parse(o.offer))
      .find((o) => o.condition === 'new' && o.carrier === 'SKT' && o.joinType === '번호이동' && o.plans.length === 2)!;
    const start = anchor.getTime() - DAYS * DAY;
    const meta = (at: number) => ({ actor: { userId: null, role: 'admin' as const }, correlationId: 'bench-market', causationId: null, at: new Date(at).toISOString() });
    for (let s = 0; s < SELLERS; s++) {
      const sellerId = `market-seller-${s}`;
      const data = { sellerId, name: `시장 판매자 ${s}`, storeName: `시장폰 ${s}호점`, rating: 4 + (s % 10) / 10, deals: s % 500, verified: s % 3 === 0 };
      await store.append(streams.marketSeller(sellerId), [toNewEvent({ type: 'SellerProfileDefined', data }, randomUUID(), meta(start))], { expectedRevision: 'no_stream' });
      if (size.sellersOnboarded) {
        const onboarded = { sellerId, userId: null, applicationId: null, name: data.name, email: `${sellerId}@market.example`, phone: null, businessNumber: null, storeName: data.storeName, storeDescription: null, status: 'approved' as const };
        await store.append(streams.seller(sellerId), [toNewEvent({ type: 'SellerOnboarded', data: onboarded }, randomUUID(), meta(start))], { expectedRevision: 'no_stream' });
      }
    }
    const offerId = (i: number) => `${template.offerId}-market-${i}`;
    for (let i = 0; i < BIG_OFFERS; i++) {
      const at = start + Math.floor((i / BIG_OFFERS) * DAY);
      const data = { ...template, offerId: offerId(i), sellerId: `market-seller-${i % SELLERS}`, extraSubsidy: (i % 40) * 5_000, stock: 1 + (i % 9), listedAt: new Date(at).toISOString() };
      await store.append(streams.offer(offerId(i)), [toNewEvent({ type: 'OfferListed', data }, randomUUID(), meta(at))], { expectedRevision: 'no_stream' });
    }
    // 30 days of price changes, in time order: each day 1,000 offers change their 추가지원금.
    const revision = new Map<number, bigint>();
    for (let d = 1; d <= DAYS; d++) {
      for (let c = 0; c < CHANGES_PER_DAY; c++) {
        const i = (d * 7_919 + c * 50) % BIG_OFFERS;
        const at = start + d * DAY - DAY + Math.floor((c / CHANGES_PER_DAY) * (DAY - 60_000));
        if (at >= anchor.getTime()) continue;
        const effectiveAt = new Date(at).toISOString();
        const data = { offerId: offerId(i), price: template.price, extraSubsidy: ((i + d * 3 + c) % 40) * 5_000, effectiveAt };
        const rev = revision.get(i) ?? 0n;
        await store.append(streams.offer(offerId(i)), [toNewEvent({ type: 'OfferPriceChanged', data }, randomUUID(), meta(at))], { expectedRevision: rev });
        revision.set(i, rev + 1n);
      }
    }
    const head = await store.headPosition();
    return {
      events: Number(head), modelId: template.modelId, storage: template.storage, carrier: template.carrier, joinType: template.joinType!,
      planId: template.plans[0]!.planId, subsidy: template.plans[0]!.subsidy, template: { ...template },
    };
  } finally {
    await store.close();
  }
}

/**
 * The log the product writes at its first start on no log (its seeds: the catalogue, carrier terms, the
 * seeded sellers and their accounts, the knowledge base, the price series' backfill marker, the demo
 * accounts), moved to `file`: the market's events follow it, as they would follow it in the product's life.
 * Its read-model snapshots stay behind (the market's first start has none).
 */
async function productFirstStart(file: string): Promise<void> {
  const { loadConfig } = await import('@phonemarket/platform/config.ts');
  const { startEmbedded } = await import('@phonemarket/server');
  const dataDir = `${file}.first-start`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' });
    const running = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true });
    await running.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    // A clean close checkpoints the WAL into the file; a WAL left behind goes with it all the same.
    for (const suffix of ['', '-wal']) if (existsSync(path.join(dataDir, `events.sqlite${suffix}`))) copyFileSync(path.join(dataDir, `events.sqlite${suffix}`), file + suffix);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const r1 = (n: number) => n.toFixed(1);

/**
 * An error for a socket the other side closed: node:http's own (`ECONNRESET`) or fetch's (undici: `TypeError: fetch
 * failed` with the socket error as its cause).
 */
export function isClosedSocket(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code ?? (err.cause as NodeJS.ErrnoException | undefined)?.code;
  return ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(code ?? '');
}

/**
 * `call`, once more after a connection reset: on a loaded host the client's idle keep-alive socket can
 * outlive the server's keep-alive timeout and be reused as the server closes it. Every call here sets
 * a value (a price, on/off sale, a 공시지원금), so sending it again changes nothing more.
 */
async function idempotentCall(...args: Parameters<typeof call>): Promise<unknown> {
  try {
    return await call(...args);
  } catch (err) {
    if (!isClosedSocket(err)) throw err;
    return call(...args);
  }
}

/**
 * A GET with fetch, sent once more when its pooled socket was closed under it: after a long request on the other
 * client (a 공시지원금 re-pricing holds the product's loop for seconds on a loaded host) the server's keep-alive timer
 * closes fetch's idle socket as that answer goes out, and the next GET is written into the closing socket
 * (s62's market run failed with `TypeError: fetch failed` 26 s after its previous GET). The time includes the retry.
 */
export async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: unknown }> {
  const t = performance.now();
  const res = await fetch(url, { headers }).catch((err: unknown) => {
    if (!isClosedSocket(err)) throw err;
    return fetch(url, { headers });
  });
  const body = await res.json();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, body };
}

export interface MarketFigures {
  events: number;
  coldStartMs: number;
  rebuildPerS: number;
  /** Events per CPU-second of the rebuild, and the product's CPU to its first page: what a loaded host does not change much. */
  rebuildPerCpuS: number;
  startCpuMs: number | null;
  offerListed: ReturnType<typeof summarize>;
  /** An offer of the big model off sale or back on → its first page. */
  onOffSale: ReturnType<typeof summarize>;
  modelOffers: ReturnType<typeof summarize>;
  /** The same page under URLs the position cache has not kept (`?n=`): the route's own path. */
  modelOffersUncached: ReturnType<typeof summarize>;
  priceHistory: ReturnType<typeof summarize>;
  reprice: ReturnType<typeof summarize>;
  bigOffers: number;
  /** The process runner's catch-up on the written log, before the first start (information). */
  runner: RunnerCatchUp;
}

export async function marketFigures(dir: string, log: (msg: string) => void): Promise<MarketFigures> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'events.sqlite');
  const t = performance.now();
  const market = await writeMarketLog(file);
  log(`  market log: ${market.events.toLocaleString('en')} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // The runner's work is in any log the product wrote: done before the first start, timed as information.
  const runner = await catchUpProcessRunner(file);
  log(`  the process runner caught up with the log: ${r1(runner.wallMs / 1000)} s, CPU ${r1(runner.cpuMs / 1000)} s ` +
    `(${Math.round((runner.cpuMs * 1000) / runner.events)} µs per event; ${runner.appended.toLocaleString('en')} events appended, ${runner.errors} errors)`);
  const rebuilt = await rebuildThroughputApart(file);
  const rebuildCpuMs = rebuilt.cpuMs;
  const rebuildPerS = (rebuilt.events / rebuilt.ms) * 1000;
  // On a shared host the wall figure says as much about the other processes: the CPU it took is beside it.
  log(`  rebuild: ${rebuilt.events.toLocaleString('en')} events (${rebuilt.applied.toLocaleString('en')} of types a read model applies) in ${(rebuilt.ms / 1000).toFixed(1)} s (${Math.round(rebuildPerS).toLocaleString('en')}/s); ` +
    `CPU ${(rebuildCpuMs / 1000).toFixed(1)} s (${Math.round((rebuilt.events / rebuildCpuMs) * 1000).toLocaleString('en')} events per CPU-second), ` +
    `${(rebuilt.systemCpuMs / 1000).toFixed(1)} s of it in the kernel, ${rebuilt.minorFaults.toLocaleString('en')} page faults`);

  const offersPath = `/api/models/${market.modelId}/offers`;
  // A first start on a loaded host can take longer than 10 minutes (BENCH_MARKET_START_TIMEOUT_MS to wait longer).
  const benchCpu = process.cpuUsage();
  const product = await startProduct(dir, { timeoutMs: Number(process.env.BENCH_MARKET_START_TIMEOUT_MS ?? 10 * 60_000) });
  try {
    // First start (no snapshot) to the big model's first page.
    const waited = performance.now();
    for (;;) {
      const res = await fetch(`${product.url}${offersPath}`).catch(() => null);
      if (res?.status === 200) { await res.arrayBuffer(); break; }
      await res?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const coldStartMs = product.startMs + (performance.now() - waited);
    const startCpuMs = processCpuMs(product.pid);
    const startFaults = processFaults(product.pid);
    log(`  first start to the big model's first page: ${(coldStartMs / 1000).toFixed(1)} s (the product's start ${(product.startMs / 1000).toFixed(1)} s); ` +
      `the product's CPU by then ${startCpuMs === null ? '?' : `${(startCpuMs / 1000).toFixed(1)} s`} and its page faults ${startFaults?.toLocaleString('en') ?? '?'}, the bench's own meanwhile ${r1(cpuMs(process.cpuUsage(benchCpu)) / 1000)} s`);
    const first = (await timed(`${product.url}${offersPath}`)).body as { total: number; offers: { offerId: string; quote: { devicePrice: number; extraSubsidy: number } }[] };
    const bigOffers = first.total;

    const modelOffers: number[] = [];
    for (let i = 0; i < 220; i++) {
      const r = await timed(`${product.url}${offersPath}`);
      if (i >= 20) modelOffers.push(r.ms);
    }
    log(`  first page with facets: p50 ${summarize(modelOffers).p50} ms, p99 ${summarize(modelOffers).p99} ms (${bigOffers.toLocaleString('en')} offers)`);
    // Shoppers asking for the same page at one position get the position cache's bytes; a URL not asked before
    // (an unknown parameter each time) goes through the route: the index's cells, the page, its JSON.
    const modelOffersUncached: number[] = [];
    for (let i = 0; i < 220; i++) {
      const r = await timed(`${product.url}${offersPath}?n=${i}`);
      if (i >= 20) modelOffersUncached.push(r.ms);
    }
    log(`  first page with facets, not kept by the position cache: p50 ${summarize(modelOffersUncached).p50} ms, p99 ${summarize(modelOffersUncached).p99} ms`);
    const history: number[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await timed(`${product.url}/api/models/${market.modelId}/price-history?days=365`);
      if (i >= 20) history.push(r.ms);
    }

    log(`  365-day history: p50 ${summarize(history).p50} ms, p99 ${summarize(history).p99} ms`);
    // A seller lists a new offer of the big model (appended through the product's own route) → its first page.
    const admin: Jar = { cookie: '' };
    await idempotentCall(product.url, 'POST', '/api/auth/demo', admin, { role: 'admin' });
    const offerListed: number[] = [];
    // The new unit heading the page by 할부원금 gets 1,000원 more 추가지원금 each time: it heads the page again, at its new figure.
    const newByPrincipal = `${product.url}${offersPath}?sort=principal&condition=new`;
    const cheapest = ((await timed(newByPrincipal)).body as typeof first).offers[0]!;
    let extra = cheapest.quote.extraSubsidy;
    for (let i = 0; i < 120; i++) {
      extra += 1_000;
      const tt = performance.now();
      const answer = (await idempotentCall(product.url, 'POST', `/api/offers/${cheapest.offerId}/price`, admin, { price: cheapest.quote.devicePrice, extraSubsidy: extra })) as { position: string };
      const page = (await timed(newByPrincipal, { 'x-min-position': answer.position })).body as typeof first;
      const ms = performance.now() - tt;
      if (page.offers[0]?.offerId !== cheapest.offerId || page.offers[0].quote.extraSubsidy !== extra) {
        throw new Error(`change ${i}: the first page does not show it (first ${page.offers[0]?.offerId} with 추가지원금 ${page.offers[0]?.quote.extraSubsidy}, expected ${cheapest.offerId} with ${extra})`);
      }
      if (i >= 20) offerListed.push(ms);
    }

    log(`  offer change → first page: p50 ${summarize(offerListed).p50} ms, p99 ${summarize(offerListed).p99} ms`);
    // The same offer off sale and back on (비활성 ↔ 활성): it leaves and joins the model's lists in the
    // query API's catalogue index (in place since issue 37, as a new listing does), not a rebuild of it.
    const onOff: number[] = [];
    for (let i = 0; i < 60; i++) {
      const active = i % 2 === 1;
      const tt = performance.now();
      const answer = (await idempotentCall(product.url, 'PUT', `/api/offers/${cheapest.offerId}/active`, admin, { active })) as { position: string };
      const page = (await timed(newByPrincipal, { 'x-min-position': answer.position })).body as typeof first;
      const ms = performance.now() - tt;
      if ((page.offers[0]?.offerId === cheapest.offerId) !== active) throw new Error(`off/on sale ${i}: the first page ${active ? 'does not show' : 'still shows'} ${cheapest.offerId}`);
      if (i >= 10) onOff.push(ms);
    }
    log(`  offer off or back on sale → first page: p50 ${summarize(onOff).p50} ms, p99 ${summarize(onOff).p99} ms`);
    // One 공시지원금 change of the big table: every one of its offers re-priced.
    const reprice: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const subsidy = market.subsidy + i * 10_000;
      const tt = performance.now();
      const cpuBefore = processCpuMs(product.pid);
      const answer = (await idempotentCall(product.url, 'PUT', '/api/admin/carrier-terms/subsidies', admin, {
        modelId: market.modelId, storage: market.storage, carrier: market.carrier, joinType: market.joinType, planId: market.planId, subsidy,
      })) as { position: string };
      const page = (await timed(`${product.url}${offersPath}?plan=${market.planId}&discount=subsidy&storage=${market.storage}&carrier=${market.carrier}`, { 'x-min-position': answer.position })).body as { offers: { quote: { subsidy: number; devicePrice: number; extraSubsidy: number } }[] };
      reprice.push(performance.now() - tt);
      const cpuAfter = processCpuMs(product.pid);
      log(`  공시지원금 change ${i} → first page re-priced: ${Math.round(reprice.at(-1)!)} ms` +
        (cpuBefore === null || cpuAfter === null ? '' : ` (the product's CPU ${cpuAfter - cpuBefore} ms)`));
      const stale = page.offers.filter((o) => o.quote.subsidy !== Math.min(subsidy, o.quote.devicePrice - o.quote.extraSubsidy));
      if (stale.length > 0) throw new Error(`after 공시지원금 change ${i}: ${stale.length} offers of the first page not re-priced`);
    }
    return {
      events: market.events + runner.appended, runner, coldStartMs, rebuildPerS, bigOffers, rebuildPerCpuS: (rebuilt.events / rebuildCpuMs) * 1000, startCpuMs,
      offerListed: summarize(offerListed), onOffSale: summarize(onOff), modelOffers: summarize(modelOffers), modelOffersUncached: summarize(modelOffersUncached), priceHistory: summarize(history), reprice: summarize(reprice),
    };
  } finally {
    await product.stop();
  }
}

/** The section bench/run.ts calls: the figures under their keys, and a line of notes. */
export async function marketSection(dir: string, log: (msg: string) => void, set: (key: string, value: number, digits?: number) => void, notes: string[]): Promise<void> {
  const r = await marketFigures(dir, log);
  set('market_cold_start_ms', r.coldStartMs, 0);
  set('market_rebuild_per_s', r.rebuildPerS, 0);
  set('offer_listed_p99_ms', r.offerListed.p99);
  set('model_offers_p99_ms', r.modelOffers.p99);
  set('model_offers_uncached_p99_ms', r.modelOffersUncached.p99);
  set('price_history_365_p99_ms', r.priceHistory.p99);
  set('terms_change_reprice_50k_ms', r.reprice.p50, 0);
  notes.push(`market: ${r.events.toLocaleString('en')} events, big model ${r.bigOffers.toLocaleString('en')} offers; ` +
    `the process runner's catch-up before the first start ${Math.round(r.runner.wallMs).toLocaleString('en')} ms (CPU ${Math.round(r.runner.cpuMs).toLocaleString('en')} ms, ${r.runner.appended.toLocaleString('en')} events appended); ` +
    `rebuild ${Math.round(r.rebuildPerCpuS).toLocaleString('en')} events per CPU-second, first start ${r.startCpuMs === null ? '?' : Math.round(r.startCpuMs).toLocaleString('en')} ms of the product's CPU; first page p50 ${r.modelOffers.p50} ms (not kept by the position cache: p50 ${r.modelOffersUncached.p50} ms), offer change → first page p50 ${r.offerListed.p50} ms, off/on sale → first page p50 ${r.onOffSale.p50} ms (p99 ${r.onOffSale.p99}), 365-day history p50 ${r.priceHistory.p50} ms, 공시지원금 change re-pricing 50,000 offers median ${Math.round(r.reprice.p50)} ms (max ${Math.round(r.reprice.max)} ms)`);
}
