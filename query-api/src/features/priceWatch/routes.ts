import { Router } from 'express';
import { z } from 'zod';
import {
  COMPARE_MAX_MODELS, COMPARE_MIN_MODELS, compareModelIds, JOIN_TYPES, NO_CONDITIONS, nearLow, type Compare, OFFER_CARRIERS, PRICE_HISTORY_DAYS, PRICE_NEAR_LOW_RATE, PRICE_NEAR_LOW_VERDICT, PRICE_VERDICT_MIN_DAYS, targetTotal,
  type PriceAlert, type PriceAlerts, type PriceSeriesChoice, type PriceWatch,
} from '@phonemarket/contracts';
import {
  ladderLowestPerDay, ladderState, PRICE_ALERT_MODELS, PRICE_ALERTS, priceSeriesKey, SERIES_PRINCIPAL_LADDER, SERIES_TOTAL_LADDER, type PriceAlertDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
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

/** The series a model's new units are offered in now, carrier ones cheapest 24개월 실부담 first, 자급제 (no plan to pay) after them; the first is the default. */
function seriesChoices(index: CatalogueIndex, modelId: string): PriceSeriesChoice[] {
  // Once per model and index state (a refresh in place moves `position`): a chart request never scans the model's offers again.
  let byModel = choicesCache.get(index);
  if (!byModel || byModel.position !== index.position) choicesCache.set(index, (byModel = { position: index.position, models: new Map() }));
  let choices = byModel.models.get(modelId);
  if (!choices) byModel.models.set(modelId, (choices = computeSeriesChoices(index, modelId)));
  return choices;
}
const choicesCache = new WeakMap<CatalogueIndex, { position: number; models: Map<string, PriceSeriesChoice[]> }>();

function computeSeriesChoices(index: CatalogueIndex, modelId: string): PriceSeriesChoice[] {
  const cheapest = new Map<string, { series: PriceSeriesChoice; total: number }>();
  for (const o of index.offersByModel.get(modelId) ?? []) {
    if (o.condition !== 'new') continue;
    const series = seriesOf(o);
    const key = priceSeriesKey({ modelId, ...series });
    const total = o.doc.headline.quote.totalCost;
    const known = cheapest.get(key);
    if (!known || total < known.total) cheapest.set(key, { series, total });
  }
  const unlocked = (c: { series: PriceSeriesChoice }) => (c.series.carrier === '자급제' ? 1 : 0);
  return [...cheapest.values()].sort((a, b) => unlocked(a) - unlocked(b) || a.total - b.total).map((c) => c.series);
}

/**
 * One series' history and verdict (issue 42): one read per day of the window for each figure, never
 * the offers; the 90-day low for the verdict from the same reads when the window covers it.
 */
export async function priceWatchOf(deps: QueryDeps, modelId: string, series: PriceSeriesChoice, days: number): Promise<Omit<PriceWatch, 'choices'>> {
  const key = priceSeriesKey({ modelId, ...series });
  const today = deps.clock().toISOString().slice(0, 10);
  // A day's record is written only with its ladder's state document (a new `_pos`): while both states are
  // the same, so is the answer (a chart is then two by-id reads, not 730 — price_history_p99_ms).
  const [state, principalState] = await Promise.all([ladderState(deps.docs, SERIES_TOTAL_LADDER, key), ladderState(deps.docs, SERIES_PRINCIPAL_LADDER, key)]);
  const token = JSON.stringify([state, principalState]);
  let answers = answersByStore.get(deps.docs);
  if (!answers) answersByStore.set(deps.docs, (answers = new Map()));
  const cacheKey = `${key}|${days}|${today}`;
  const kept = answers.get(cacheKey);
  if (kept?.token === token) return kept.answer;
  const answer = await computePriceWatch(deps, modelId, series, days, key, today);
  answers.delete(cacheKey);
  answers.set(cacheKey, { token, answer });
  if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  return answer;
}
const ANSWERS_KEPT = 2_000;
const answersByStore = new WeakMap<object, Map<string, { token: string; answer: Omit<PriceWatch, 'choices'> }>>();

async function computePriceWatch(deps: QueryDeps, modelId: string, series: PriceSeriesChoice, days: number, key: string, today: string): Promise<Omit<PriceWatch, 'choices'>> {
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

/** A target this far below the 365-day low is unrealistic (a suggestion is offered). */
const UNREALISTIC_BELOW = 0.9;
const HOUR_MS = 3_600_000;

/**
 * A realistic target for an alert whose target is far below anything seen in 365 days: within 5 %
 * of the 90-day low of the cheapest series it watches and under its price today (rounded down to
 * 1,000원); null otherwise.
 */
async function suggestionFor(deps: QueryDeps, index: CatalogueIndex, alert: PriceAlertDoc, today: string): Promise<PriceAlert['suggestion']> {
  if (alert.rule.kind !== 'target') return null;
  const watched = seriesChoices(index, alert.modelId).filter((c) => (alert.storage === null || c.storage === alert.storage)
    && (alert.carrier === null || c.carrier === alert.carrier) && (alert.joinType === null || c.joinType === alert.joinType));
  const cheapest = watched[0] ?? (alert.storage !== null && alert.carrier !== null ? { storage: alert.storage, carrier: alert.carrier, joinType: alert.joinType } : null);
  if (!cheapest) return null;
  const days = await ladderLowestPerDay(deps.docs, SERIES_TOTAL_LADDER, priceSeriesKey({ modelId: alert.modelId, ...cheapest }), 365, today);
  if (days.length === 0) return null;
  const low365 = Math.min(...days.map((d) => d.lowest));
  if (targetTotal(alert.rule) >= low365 * UNREALISTIC_BELOW) return null;
  const low90 = Math.min(...days.slice(-90).map((d) => d.lowest));
  // Near the 90-day low, but under today's price: a target the price is inside already would only wait for the next crossing.
  const priceToday = days.at(-1)!.lowest;
  return { total: Math.floor(Math.min(low90 * (1 + PRICE_NEAR_LOW_RATE), priceToday - 1) / 1_000) * 1_000, low90, low365 };
}

function statusOf(alert: PriceAlertDoc, now: number): PriceAlert['status'] {
  if (alert.expired || Date.parse(alert.expiresAt) <= now) return 'expired';
  if (alert.paused) return 'paused';
  if (alert.firedAt !== null && !(alert.left && now >= Date.parse(alert.firedAt) + alert.cooldownHours * HOUR_MS)) return 'fired';
  return 'watching';
}

/** `GET /api/models/{id}/price-watch` (a series' lowest 24개월 실부담 and 할부원금 per day for 30, 90 or 365 days) and `GET /api/me/alerts`. */
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

  /** `GET /api/me/alerts`: the signed-in buyer's own alerts (never another's), newest first, with their firings and a suggestion for an unrealistic target. */
  router.get('/api/me/alerts', requireRole('user'), async (req, res) => {
    const userId = req.auth!.user.id;
    const docs = (await deps.docs.collection<PriceAlertDoc>(PRICE_ALERTS).find({ userId })).toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
    const names = new Map((await deps.docs.collection<{ _id: string; name: string }>(PRICE_ALERT_MODELS).find({ _id: { $in: [...new Set(docs.map((d) => d.modelId))] } })).map((m) => [m._id, m.name]));
    const index = await catalogue.get();
    const now = deps.clock();
    const today = now.toISOString().slice(0, 10);
    const alerts = await Promise.all(docs.map(async (d): Promise<PriceAlert> => ({
      id: d.id, modelId: d.modelId, modelName: names.get(d.modelId) ?? d.modelId, storage: d.storage, carrier: d.carrier, joinType: d.joinType,
      rule: d.rule, cooldownHours: d.cooldownHours, status: statusOf(d, now.getTime()), createdAt: d.createdAt, expiresAt: d.expiresAt, firings: d.firings,
      suggestion: await suggestionFor(deps, index, d, today),
    })));
    res.json({ alerts } satisfies PriceAlerts);
  });
  /**
   * `GET /api/compare?models=a,b,c` (issue 42 §4): 2–4 models side by side — specs, 출고가 and, per
   * carrier, the lowest 24개월 실부담 of a new unit on sale with its offer, its shop, plan and conditions. From the catalogue index.
   */
  router.get('/api/compare', async (req, res) => {
    const raw = typeof req.query.models === 'string' ? req.query.models : '';
    const ids = compareModelIds(raw);
    if (ids.length < COMPARE_MIN_MODELS || ids.length > COMPARE_MAX_MODELS || raw.length > 400) {
      throw badRequest(`비교할 모델을 ${COMPARE_MIN_MODELS}~${COMPARE_MAX_MODELS}개 골라주세요.`, { models: `서로 다른 모델 ${COMPARE_MIN_MODELS}~${COMPARE_MAX_MODELS}개를 쉼표로 구분해주세요.` });
    }
    const index = await catalogue.get();
    const unknown = ids.filter((id) => !index.models.has(id));
    if (unknown.length) throw notFound(`상품을 찾을 수 없습니다: ${unknown.join(', ')}`);
    const models = ids.map((id) => {
      const m = index.models.get(id)!;
      const best = new Map<string, Compare['models'][number]['carriers'][number]>();
      for (const o of index.offersByModel.get(id) ?? []) {
        if (o.condition !== 'new' || o.doc.stock <= 0) continue;
        const total = o.doc.headline.quote.totalCost;
        const known = best.get(o.carrier);
        if (known && total >= known.total) continue;
        const planId = o.doc.headline.planId;
        // The plans the line names: the one it is priced on and the one 요금제 유지 asks for (by name on the page).
        // A document written before conditions (issue 40) has none.
        const conditions = o.doc.conditions ?? NO_CONDITIONS;
        const named = [planId, conditions.planKeep?.planId ?? null].filter((id): id is string => id !== null && index.plans.has(id));
        best.set(o.carrier, {
          carrier: o.doc.carrier, total, offerId: o.id, storage: o.storage, joinType: o.doc.joinType, planId,
          storeName: index.sellers.get(o.doc.sellerId)?.storeName ?? '', conditions,
          planNames: Object.fromEntries(named.map((id) => [id, index.plans.get(id)!.name])),
        });
      }
      return {
        id, name: m.name, brand: m.brand, img: m.img, specifications: m.specifications, variants: m.variants,
        carriers: OFFER_CARRIERS.flatMap((c) => (best.has(c) ? [best.get(c)!] : [])),
      };
    });
    res.json({ models } satisfies Compare);
  });

  return router;
}
