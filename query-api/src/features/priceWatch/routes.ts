import { Router } from 'express';
import { z } from 'zod';
import {
  JOIN_TYPES, nearLow, OFFER_CARRIERS, PRICE_HISTORY_DAYS, PRICE_NEAR_LOW_VERDICT, PRICE_VERDICT_MIN_DAYS,
  type PriceSeriesChoice, type PriceWatch,
} from '@phonemarket/contracts';
import { ladderLowestPerDay, ladderState, priceSeriesKey, SERIES_PRINCIPAL_LADDER, SERIES_TOTAL_LADDER } from '@phonemarket/projector';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { singleValues } from '../../shared/productQueries.ts';
import type { CatalogueIndex, CatalogueIndexSource } from '../../shared/catalogueIndex.ts';

const DAY_MS = 86_400_000;
const blankAsMissing = z.string().trim().optional().transform((v) => (v === '' ? undefined : v));
const watchQuery = z.object({
  days: z.enum(PRICE_HISTORY_DAYS.map(String) as [string, ...string[]], { error: '기간은 30, 90 또는 365(일)이어야 합니다.' }).default('90').transform(Number),
  storage: blankAsMissing.pipe(z.string().regex(/^\d{2,4}$/, { error: '저장용량을 확인해주세요.' }).transform(Number).optional()),
  carrier: blankAsMissing.pipe(z.enum(OFFER_CARRIERS, { error: '통신사는 SKT, KT, LG U+, 자급제 중 하나여야 합니다.' }).optional()),
  joinType: blankAsMissing.pipe(z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }).optional()),
});

const seriesOf = (o: { storage: number; carrier: string; joinType: string | null }) => ({ storage: o.storage, carrier: o.carrier, joinType: o.joinType }) as PriceSeriesChoice;
const sameSeries = (a: PriceSeriesChoice, b: PriceSeriesChoice) => a.storage === b.storage && a.carrier === b.carrier && a.joinType === b.joinType;

/** The series a model's new units are offered in now, cheapest 24개월 실부담 first (the first is the default). */
function seriesChoices(index: CatalogueIndex, modelId: string): PriceSeriesChoice[] {
  const cheapest = new Map<string, { series: PriceSeriesChoice; total: number }>();
  for (const o of index.offersByModel.get(modelId) ?? []) {
    if (o.condition !== 'new') continue;
    const series = seriesOf(o);
    const key = priceSeriesKey({ modelId, ...series });
    const total = o.doc.headline.quote.totalCost;
    const known = cheapest.get(key);
    if (!known || total < known.total) cheapest.set(key, { series, total });
  }
  return [...cheapest.values()].sort((a, b) => a.total - b.total).map((c) => c.series);
}

/**
 * One series' history and verdict (issue 42): one read per day of the window for each figure, never
 * the offers; the 90-day low for the verdict from the same reads when the window covers it.
 */
export async function priceWatchOf(deps: QueryDeps, modelId: string, series: PriceSeriesChoice, days: number): Promise<Omit<PriceWatch, 'choices'>> {
  const key = priceSeriesKey({ modelId, ...series });
  const today = deps.clock().toISOString().slice(0, 10);
  const [state, totals, principals] = await Promise.all([
    ladderState(deps.docs, SERIES_TOTAL_LADDER, key),
    ladderLowestPerDay(deps.docs, SERIES_TOTAL_LADDER, key, days, today),
    ladderLowestPerDay(deps.docs, SERIES_PRINCIPAL_LADDER, key, days, today),
  ]);
  const principalOn = new Map(principals.map((p) => [p.date, p.lowest]));
  const points = totals.map((t) => ({ date: t.date, total: t.lowest, principal: principalOn.get(t.date) ?? null }));
  let lowest: PriceWatch['lowest'] = null;
  for (const p of points) if (!lowest || p.total < lowest.total) lowest = { date: p.date, total: p.total };
  const historyDays = state ? Math.floor((Date.parse(today) - Date.parse(state.firstDay)) / DAY_MS) + 1 : 0;
  const current = state?.lowest ?? null;
  let verdict: string | null = null;
  if (current !== null && historyDays >= PRICE_VERDICT_MIN_DAYS) {
    const last90 = days >= 90 ? totals.slice(-90) : await ladderLowestPerDay(deps.docs, SERIES_TOTAL_LADDER, key, 90, today);
    const low90 = Math.min(...last90.map((p) => p.lowest));
    if (nearLow(current, low90)) verdict = PRICE_NEAR_LOW_VERDICT;
  }
  return { modelId, series, days, points, lowest, current, historyDays, verdict };
}

/** `GET /api/models/{id}/price-watch`: a series' lowest 24개월 실부담 and 할부원금 per day for 30, 90 or 365 days. */
export function priceWatchRoutes(deps: QueryDeps, catalogue: CatalogueIndexSource): Router {
  const router = Router();
  router.get('/api/models/:id/price-watch', async (req, res) => {
    const query = parseInput(watchQuery, singleValues(req.query, ['days', 'storage', 'carrier', 'joinType']).values, '가격 추이 조회 조건을 확인해주세요.');
    const index = await catalogue.get();
    const model = index.models.get(req.params.id);
    if (!model) throw notFound('상품을 찾을 수 없습니다');
    const choices = seriesChoices(index, model.id);
    const fallback = choices[0] ?? { storage: model.variants[0]!.storage, carrier: 'SKT', joinType: '번호이동' };
    const carrier = query.carrier ?? fallback.carrier;
    const series: PriceSeriesChoice = {
      storage: query.storage ?? fallback.storage,
      carrier,
      joinType: carrier === '자급제' ? null : query.joinType ?? fallback.joinType ?? '번호이동',
    };
    if (!model.variants.some((v) => v.storage === series.storage)) throw notFound('이 모델에 없는 저장용량입니다.');
    res.json({ ...await priceWatchOf(deps, model.id, series, query.days), choices: choices.some((c) => sameSeries(c, series)) ? choices : [series, ...choices] } satisfies PriceWatch);
  });
  return router;
}
