import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BUYBACK_CHECK_CODES, BUYBACK_DEDUCTION_CODES, BUYBACK_GRADES } from '@phonemarket/contracts/buyback.ts';
import { openSqliteEventStore, streams, toNewEvent, type EventStore, type PhoneModelDefined } from '@phonemarket/events';
import { generateModels, writeCatalogueLog } from './catalogueLog.ts';
import { cookieOf, request, requestJson } from './httpClient.ts';
import { prng, summarize, type Summary } from './stats.ts';

/**
 * Issue 26's figure: `POST /api/buyback/quotes` (the instant quote: the grade from the answers, then
 * every shop's grid price less its deductions, the best two approved shops, the quote recorded) with
 * `shops` shops of `rows` grid rows each. The log is written before the product starts: the
 * catalogue seed with enough model variants for `rows` distinct model × storage × grade rows, and
 * per shop an approved seller and one `BuybackPricesReplaced` with its whole grid.
 */
const SEED_AT = '2026-01-01T00:00:00.000Z';
const meta = () => ({ actor: { userId: null, role: 'admin' as const }, correlationId: randomUUID(), causationId: null, at: SEED_AT });

/** Every model × storage × grade of `models`, as grid keys. */
function combos(models: readonly PhoneModelDefined[]) {
  return models.flatMap((m) => m.variants.flatMap((v) => BUYBACK_GRADES.map((grade) => ({ modelId: m.modelId, storage: v.storage, grade, base: v.releasePrice }))));
}

export async function writeBuybackLog(dataDir: string, opts: { shops: number; rows: number }): Promise<{ events: number; cells: { modelId: string; storage: number }[] }> {
  const file = path.join(dataDir, 'events.sqlite');
  // Enough model variants for `rows` distinct rows per shop (each model has 1–3 storages × 5 grades).
  let models = generateModels(Math.max(60, Math.ceil(opts.rows / 8)));
  while (combos(models).length < opts.rows * 1.25) models = generateModels(models.length * 2);
  const written = await writeCatalogueLog(file, { models: models.length, views: 0, visitors: 1 });
  const store: EventStore = openSqliteEventStore(file);
  const rand = prng(2626);
  const all = combos(models);
  const gradeShare = { S: 0.6, A: 0.54, B: 0.46, C: 0.32, D: 0.13 } as const;
  let events = written.events;
  try {
    let revision = -1n;
    for (let s = 0; s < opts.shops; s++) {
      const shopId = `bench-shop-${s}`;
      await store.append(streams.seller(shopId), [
        toNewEvent({ type: 'SellerOnboarded', data: { sellerId: shopId, userId: shopId, applicationId: null, name: `매입점${s}`, email: `${shopId}@example.kr`, phone: null, businessNumber: null, storeName: `벤치 매입점 ${s}`, storeDescription: null, status: 'approved' } }, randomUUID(), meta()),
        toNewEvent({ type: 'SellerStoreOpened', data: { sellerId: shopId, storeId: `store-${shopId}`, name: `벤치 매입점 ${s}`, description: null, theme: 'default' } }, randomUUID(), meta()),
      ], { expectedRevision: 'no_stream' });
      // A random `rows` of the cells, priced around the market (each shop its own level).
      const level = 0.9 + rand() * 0.2;
      const picked = [...all].sort(() => rand() - 0.5).slice(0, opts.rows);
      const items = picked.map((c) => ({ modelId: c.modelId, storage: c.storage, grade: c.grade, price: Math.round((c.base * gradeShare[c.grade] * level * (0.95 + rand() * 0.1)) / 1000) * 1000 }));
      const deductions = BUYBACK_DEDUCTION_CODES.map((code) => ({ code, amount: Math.round((20_000 + rand() * 60_000) / 1000) * 1000 }));
      const result = await store.append(streams.buybackPrices(), [toNewEvent({
        type: 'BuybackPricesReplaced', data: { shopId, items, deductions, added: items.length, removed: 0, changed: 0, deductionsChanged: true },
      }, randomUUID(), meta())], { expectedRevision: revision < 0n ? 'no_stream' : revision });
      revision = result.nextRevision;
      events += 3;
    }
  } finally {
    await store.close();
  }
  const cells = [...new Map(all.map((c) => [`${c.modelId}|${c.storage}`, { modelId: c.modelId, storage: c.storage }])).values()];
  return { events, cells };
}

/** Quotes by one signed-in seller of phones, one after another, over random cells and answers. */
export async function buybackQuoteFigures(baseUrl: string, cells: readonly { modelId: string; storage: number }[], samples: number): Promise<{ quote: Summary; withBest: number }> {
  const registered = await request('POST', `${baseUrl}/api/auth/register`, { json: { email: `bench-buyback-${Date.now()}@example.kr`, password: 'violet-harbor-1987!', firstName: '판매', lastName: '벤치', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const cookie = cookieOf(registered.headers);
  const rand = prng(2727);
  const quote = () => {
    const cell = cells[Math.floor(rand() * cells.length)]!;
    const answers = Object.fromEntries(BUYBACK_CHECK_CODES.filter((c) => c !== 'lostStolen').map((c) => [c, rand() < 0.12]));
    return requestJson<{ best: unknown }>('POST', `${baseUrl}/api/buyback/quotes`, { headers: { cookie }, json: { modelId: cell.modelId, storage: cell.storage, answers } });
  };
  for (let i = 0; i < 20; i++) await quote(); // warm-up: the grids' fold, the models' folds
  const ms: number[] = [];
  let withBest = 0;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const answer = await quote();
    ms.push(performance.now() - t);
    if (answer.data.best) withBest++;
  }
  return { quote: summarize(ms), withBest };
}
