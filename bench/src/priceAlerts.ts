import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { call, type Jar } from './httpClient.ts';
import { summarize } from './stats.ts';
import { writeTermsLog } from './terms.ts';

/**
 * Issue 42's figures on a running embedded product:
 *  - alert_eval_ms: a log with 20,000 new units of one model × storage × SKT × 번호이동 (their series'
 *    market priced on the command side), 100,000 price alerts of 5,000 buyers (1,000 on that series
 *    with a target just below its lowest, 9,000 on the same model's KT units, 90,000 on 45 other
 *    models); one 공시지원금 change of the table that lowers every offer: from the admin's PUT to the
 *    last `PriceAlertFired` appended (its time in the log), the runner evaluating only the model's
 *    index and the 1,000 buyers it names. A warm-up change that raises the price comes first.
 *  - price_history_p99_ms: `GET /api/models/{id}/price-watch?days=365` of that series, once the runner
 *    and the read models have taken in the firings (a chart read while they did measured their backlog).
 */
const BUYERS = 5_000;
const ALERTS = 100_000;
const MATCHING = 1_000;
const SAME_MODEL_OTHER_SERIES = 9_000;
const RAISE = 400_000;

export interface AlertsLog { modelId: string; storage: number; planId: string; subsidy: number; lowest: number; matching: number }

export async function writeAlertsLog(file: string, offers: number): Promise<AlertsLog> {
  const terms = await writeTermsLog(file, offers);
  const { openSqliteEventStore, streams, toNewEvent } = await import('@phonemarket/events');
  const { seedPlans } = await import('@phonemarket/command-api/features/catalogue/seedData.ts');
  const { seriesTotal } = await import('@phonemarket/command-api/features/priceAlerts/priceSeries.ts');
  const { onboardMarketSellers } = await import('@phonemarket/command-api/features/sellers/marketSellers.ts');
  const { seedCarrierTerms } = await import('@phonemarket/command-api/features/carrierTerms/seedTerms.ts');
  const store = openSqliteEventStore(file);
  try {
    // What a start seeds, as a start before this one would have: the product's start then leaves the
    // series alone (a shop onboarded at start prices its offers into their series, which crossed the
    // alerts before the measured change and made the figure negative).
    await onboardMarketSellers(store, () => new Date(), randomUUID);
    await seedCarrierTerms(store, () => new Date(), randomUUID);
    const at = new Date(Date.now() - 60_000).toISOString();
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'bench-alerts', causationId: null, at };
    const event = (type: string, data: unknown) => toNewEvent({ type, data } as never, randomUUID(), meta);
    const fees = Object.fromEntries(terms.template.plans.map((p) => [p.planId, seedPlans.find((s) => s.planId === p.planId)!.monthlyFee]));
    // The series' market as the backfill would have written it: one priced offer per listing.
    const series = { modelId: terms.modelId, storage: terms.storage, carrier: 'SKT' as const, joinType: '번호이동' as const };
    const market = streams.priceSeries(`${series.modelId}|${series.storage}|SKT|번호이동`);
    let lowest = Infinity;
    let lowestOffer = '';
    for (let from = 0; from < offers; from += 1_000) {
      const batch = [];
      for (let i = from; i < Math.min(offers, from + 1_000); i++) {
        const offerId = `bench-${i}`;
        const priced = { price: terms.template.price, extraSubsidy: (i % 20) * 5_000, plans: terms.template.plans, fees };
        const total = seriesTotal(priced)!;
        if (total < lowest) { lowest = total; lowestOffer = offerId; }
        batch.push(event('PriceSeriesOfferPriced', { offerId, offer: priced }));
      }
      await store.append(market, batch, { expectedRevision: 'any' });
    }
    // The change raises the 공시지원금 of the plan the cheapest offer is priced on, by `RAISE`: every offer's total on it falls.
    const { quoteOffer } = await import('@phonemarket/contracts');
    const cheapest = { price: terms.template.price, extraSubsidy: 19 * 5_000, plans: terms.template.plans, fees };
    const planId = quoteOffer(cheapest, (id) => fees[id])!.planId!;
    const subsidy = terms.template.plans.find((p) => p.planId === planId)!.subsidy;
    const after = seriesTotal({ ...cheapest, plans: cheapest.plans.map((p) => (p.planId === planId ? { planId, subsidy: subsidy + RAISE } : p)) })!;
    if (!(after < lowest)) throw new Error(`a ${RAISE}원 richer 공시지원금 does not lower the series (${lowest} → ${after})`);
    await store.append(market, [event('PriceSeriesLowestChanged', { ...series, lowest, offerId: lowestOffer, average30: lowest })], { expectedRevision: 'any' });
    await store.append(streams.priceSeriesBackfill(), [event('PriceSeriesBackfilled', { offers })], { expectedRevision: 'any' });

    // 100,000 alerts, 20 per buyer; each model's index lists its own.
    const byModel = new Map<string, unknown[]>();
    const perBuyer = ALERTS / BUYERS;
    for (let b = 0; b < BUYERS; b++) {
      const userId = `bench-buyer-${b}`;
      const batch = [];
      for (let k = 0; k < perBuyer; k++) {
        const j = k * BUYERS + b; // alerts 0..999 are buyers 0..999's first
        const alertId = `bench-alert-${j}`;
        const filter = j < MATCHING ? { ...series }
          : j < MATCHING + SAME_MODEL_OTHER_SERIES ? { ...series, carrier: 'KT' as const }
          : { modelId: `bench-model-${j % 45}`, storage: null, carrier: null, joinType: null };
        const rule = { kind: 'target', unit: 'total', target: j < MATCHING ? lowest - 1 : 100_000 };
        batch.push(event('PriceAlertSet', { alertId, filter, rule, cooldownHours: 24, expiresAt: new Date(Date.now() + 80 * 86_400_000).toISOString() }));
        const list = byModel.get(filter.modelId) ?? [];
        list.push(event('PriceAlertIndexed', { alertId, userId, filter, rule }));
        byModel.set(filter.modelId, list);
      }
      await store.append(streams.priceAlerts(userId), batch, { expectedRevision: 'any' });
    }
    for (const [modelId, list] of byModel) {
      for (let from = 0; from < list.length; from += 1_000) await store.append(streams.priceAlertIndex(modelId), list.slice(from, from + 1_000) as never, { expectedRevision: 'any' });
    }
    // The runner starts past what was written here (these are the outcomes of processes that ran).
    const head = await store.headPosition();
    await store.leases.claim('processRunner', 'bench', 60_000);
    await store.leases.saveCheckpoint('processRunner', 'bench', head);
    await store.leases.release('processRunner', 'bench');
    return { modelId: terms.modelId, storage: terms.storage, planId, subsidy, lowest, matching: MATCHING };
  } finally {
    await store.close();
  }
}

/**
 * Counts events of some types in the log (a second connection), reading only what was appended since
 * its last look (by position, the primary key). The product runs in this process: a poll that
 * scanned the whole 150 MB log (no index on type) blocked its event loop for ~200 ms each time, so
 * the probe itself made up most of the figure it measured.
 */
function logWatcher(db: DatabaseSync) {
  const counts = new Map<string, number>();
  const lastMetadata = new Map<string, string>();
  let position = 0;
  const after = db.prepare('SELECT position, type, metadata FROM events WHERE position > ? ORDER BY position LIMIT 5000');
  const catchUp = () => {
    for (;;) {
      const rows = after.all(position) as { position: number; type: string; metadata: string }[];
      for (const row of rows) {
        position = row.position;
        counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
        lastMetadata.set(row.type, row.metadata);
      }
      if (rows.length < 5000) return;
    }
  };
  const countOf = (type: string) => { catchUp(); return counts.get(type) ?? 0; };
  const runnerAt = db.prepare("SELECT checkpoint FROM leases WHERE name = 'processRunner'");
  const head = db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events');
  /** Polls until the process runner has run everything in the log (its checkpoint at the head). */
  async function runnerSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = (runnerAt.get() as { checkpoint: number | null } | undefined)?.checkpoint ?? -1;
      if (at >= (head.get() as { head: number }).head) return;
      if (Date.now() > deadline) {
        const past = db.prepare('SELECT type, COUNT(*) AS n FROM events WHERE position > ? GROUP BY type').all(at) as { type: string; n: number }[];
        throw new Error(`the process runner is at ${at} after ${timeoutMs} ms; past it: ${past.map((r) => `${r.n} ${r.type}`).join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  /** Polls until `count` events of `type` are there; answers the last one's time. */
  async function lastAppended(type: string, count: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (countOf(type) >= count) return Date.parse((JSON.parse(lastMetadata.get(type)!) as { at: string }).at);
      if (Date.now() > deadline) throw new Error(`only ${countOf(type)} of ${count} ${type} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return { countOf, lastAppended, runnerSettled, headPosition: () => (head.get() as { head: number }).head };
}

/** `hooks`: called right before the measured change and right after its last firing was seen (a profiler of that window alone). */
export async function alertEvalFigures(baseUrl: string, file: string, log: AlertsLog, hooks: { measuring?: () => Promise<void>; measured?: () => Promise<void> } = {}) {
  const admin: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', admin, { role: 'admin' });
  const db = new DatabaseSync(file, { readOnly: true });
  const { countOf, lastAppended, runnerSettled, headPosition } = logWatcher(db);
  const setSubsidy = (subsidy: number) => call(baseUrl, 'PUT', '/api/admin/carrier-terms/subsidies', admin, {
    modelId: log.modelId, storage: log.storage, carrier: 'SKT', joinType: '번호이동', planId: log.planId, subsidy,
  });
  try {
    // Whatever the start appended, run (the log holds what a start seeds, so that should be little).
    await runnerSettled(120_000);
    // Warm: a change that raises the price (nothing crosses; the folds are loaded).
    const changesBefore = countOf('PriceSeriesSubsidyChanged');
    await setSubsidy(Math.max(0, log.subsidy - 50_000));
    await lastAppended('PriceSeriesSubsidyChanged', changesBefore + 1, 60_000);
    await runnerSettled(60_000);
    // Every firing must be the measured change's: one before it would make the figure meaningless.
    const firedBefore = countOf('PriceAlertFired');
    if (firedBefore > 0) throw new Error(`${firedBefore} alerts fired before the measured change`);
    await hooks.measuring?.();
    const t = Date.now();
    const cpu = process.cpuUsage();
    await setSubsidy(log.subsidy + RAISE);
    const last = await lastAppended('PriceAlertFired', log.matching, 60_000);
    // This process's CPU from the PUT until the poll saw the last firing (a little after it): the product, its projector and the probe.
    const used = process.cpuUsage(cpu);
    await hooks.measured?.();
    const cpuMs = (used.user + used.system) / 1000;
    const history: number[] = [];
    const path = `/api/models/${log.modelId}/price-watch?days=365&storage=${log.storage}&carrier=SKT&joinType=${encodeURIComponent('번호이동')}`;
    // The chart on a settled product: not while its projector and mailer still take in the 1,000 firings just appended.
    await runnerSettled(60_000);
    // (A keep-alive socket the server closed while the runner settled answers ECONNRESET once: asked again.)
    const settled = () => fetch(baseUrl + path, { headers: { 'x-min-position': String(headPosition()) } }).then((r) => r.arrayBuffer());
    await settled().catch(settled);
    for (let i = 0; i < 220; i++) {
      const s = performance.now();
      const res = await fetch(baseUrl + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`price-watch answered ${res.status}`);
      if (i >= 20) history.push(performance.now() - s);
    }
    return { alertEvalMs: last - t, cpuMs, fired: countOf('PriceAlertFired'), history: summarize(history) };
  } finally {
    db.close();
  }
}
