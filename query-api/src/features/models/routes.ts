import { josa } from 'es-hangul';
import { Router } from 'express';
import { z } from 'zod';
import {
  DISCOUNT_TYPES, JOIN_TYPES, MIN_SHOP_RATINGS, MODEL_OFFER_SORTS, MODEL_OFFERS_MAX_PAGE_SIZE, MODEL_OFFERS_PAGE_SIZE, OFFER_CARRIERS, PRICE_HISTORY_DAYS, PRODUCT_CONDITIONS,
  type InstallmentMonths, type ModelDetail, type ModelList, type ModelOffers, type PriceHistory,
} from '@phonemarket/contracts';
import { lowestPerDay } from '@phonemarket/projector';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { cachedModelOffersPage } from './modelOffers.ts';
import type { ProductSearch } from '../../shared/searchIndex.ts';
import { checkedListQuery, modelViews, searchedModels } from '../../shared/listQueries.ts';
import { byListSort, firstInOrder, singleValues, STORAGES, type SortKey } from '../../shared/productQueries.ts';
import { candidateOffers, offerMatcher, summarize, type CatalogueIndex, type CatalogueIndexSource } from '../../shared/catalogueIndex.ts';

const MODEL_NOT_FOUND = '상품을 찾을 수 없습니다';
const OFFER_KEYS = ['storage', 'carrier', 'joinType', 'plan', 'condition', 'discount', 'months', 'sort', 'minRating', 'preApproved', 'page', 'limit'] as const;
const pageNumber = (name: string, max: number, fallback: number) => optionalText
  .pipe(z.string().regex(/^\d{1,4}$/, { error: `${josa(name, '은/는')} 1 이상의 숫자여야 합니다.` }).transform(Number)
    .pipe(z.number().int().min(1, { error: `${josa(name, '은/는')} 1 이상이어야 합니다.` }).max(max, { error: `${josa(name, '은/는')} ${max} 이하여야 합니다.` })).optional())
  .transform((v) => v ?? fallback);
const optionalText = z.string().trim().optional().transform((v) => (v === '' || v === 'all' ? undefined : v));
const offersQuery = z.object({
  storage: optionalText.pipe(z.enum(STORAGES.map(String) as [string, ...string[]], { error: '저장용량은 128, 256, 512, 1024 중 하나여야 합니다.' }).transform(Number).optional()),
  carrier: optionalText.transform((v) => (v && v.replace(/\s+/g, '').toUpperCase() === 'LGU+' ? 'LG U+' : v))
    .pipe(z.enum(OFFER_CARRIERS, { error: '통신사는 SKT, KT, LG U+, 자급제 중 하나여야 합니다.' }).optional()),
  joinType: optionalText.pipe(z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }).optional()),
  plan: optionalText.pipe(z.string().max(100, { error: '요금제를 확인해주세요.' }).optional()),
  discount: optionalText.pipe(z.enum(DISCOUNT_TYPES, { error: '할인 방식은 subsidy(공시지원금) 또는 selective(선택약정) 중 하나여야 합니다.' }).optional()),
  months: optionalText.pipe(z.enum(['24', '30', '36'], { error: '할부 개월은 24, 30, 36 중 하나여야 합니다.' }).transform((v) => Number(v) as InstallmentMonths).optional()),
  condition: optionalText.pipe(z.enum(PRODUCT_CONDITIONS, { error: '상태는 new(새상품), refurbished(리퍼), used(중고) 중 하나여야 합니다.' }).optional()),
  sort: optionalText.pipe(z.enum(MODEL_OFFER_SORTS, { error: '정렬은 24개월 실부담·월 납부금·할부원금·매장 평점·조건 준수율 중 하나로 골라주세요.' }).optional())
    .transform((v) => v ?? 'total'),
  minRating: optionalText.pipe(z.enum(MIN_SHOP_RATINGS, { error: '매장 평점은 3, 4, 4.5 중 하나로 골라주세요.' }).transform(Number).optional()),
  // Issue 41: only shops with a verified 사전승낙서.
  preApproved: optionalText.pipe(z.enum(['1'], { error: '사전승낙 매장만 보려면 preApproved=1로 보내주세요.' }).transform(() => true).optional()),
  page: pageNumber('페이지', 10_000, 1),
  limit: pageNumber('개수', MODEL_OFFERS_MAX_PAGE_SIZE, MODEL_OFFERS_PAGE_SIZE),
});
const historyQuery = z.object({
  days: z.enum(PRICE_HISTORY_DAYS.map(String) as [string, ...string[]], { error: '기간은 30, 90 또는 365(일)이어야 합니다.' }).default('30').transform(Number),
});

function single(query: Record<string, unknown>, keys: readonly string[]) {
  const { values, arrays } = singleValues(query, keys);
  return arrays.length ? { ...values, ...Object.fromEntries(arrays.map((k) => [k, ['']])) } : values;
}

function modelOf(index: CatalogueIndex, id: string) {
  const model = index.models.get(id);
  if (!model) throw notFound(MODEL_NOT_FOUND);
  return model;
}

/** `GET /api/models`, `/api/models/{id}`, `/api/models/{id}/offers`, `/api/models/{id}/price-history` (issue 10). */
export function modelRoutes(deps: QueryDeps, search: ProductSearch, catalogue: CatalogueIndexSource): Router {
  const router = Router();

  /** One item per model with an offer matching the filters: its cheapest matching offer's figures. Same filters, sorts and 400s as /api/products. */
  router.get('/api/models', async (req, res) => {
    const query = await checkedListQuery(deps, req.query, '모델 조회 조건을 확인해주세요.');
    const [index, modelIds] = await Promise.all([catalogue.get(), searchedModels(search, query.q)]);
    // View counts are read fresh: all of them only to sort by them, else only the page's.
    const views = query.sort === 'popular' ? await modelViews(deps) : null;
    const now = deps.clock();
    const filter = { ...query, modelIds };
    const matches = offerMatcher(filter, now);
    const scan = candidateOffers(index, filter);
    const candidateMatches = offerMatcher(filter, now, scan.covered);
    // One pass over the candidate offers (each model's side by side) keeps what sorting needs per model; full summaries are built for the page only.
    const groups: SortKey[] = [];
    let group: SortKey | undefined;
    for (const o of scan.offers) {
      if (!candidateMatches(o)) continue;
      if (group?.id !== o.modelId) groups.push(group = { id: o.modelId, price: o.principal, score: o.score, date: o.releasedAt, views: views?.get(o.modelId) ?? 0 });
      else {
        if (o.principal < group.price) group.price = o.principal;
        if (o.score > group.score) group.score = o.score;
      }
    }
    const pageIds = firstInOrder(groups, query.page * query.limit, byListSort(query.sort)).slice((query.page - 1) * query.limit).map((g) => g.id);
    const pageViews = views ?? await modelViews(deps, pageIds);
    const models = pageIds.flatMap((id) => {
      const summary = summarize(index.models.get(id)!, (index.offersByModel.get(id) ?? []).filter(matches), now, pageViews.get(id) ?? 0);
      return summary ? [summary] : [];
    });
    res.json({ models, total: groups.length } satisfies ModelList);
  });
  router.get('/api/models/:id', async (req, res) => {
    const index = await catalogue.get();
    const model = modelOf(index, req.params.id);
    const offers = index.offersByModel.get(model.id) ?? [];
    const summary = summarize(model, offers, deps.clock(), (await modelViews(deps, [model.id])).get(model.id) ?? 0);
    if (!summary) throw notFound(MODEL_NOT_FOUND);
    const planIds = new Set(offers.flatMap((o) => o.doc.plans.map((p) => p.planId)));
    res.json({
      ...summary, description: model.description, specifications: model.specifications, colors: model.colors, variants: model.variants,
      carriers: OFFER_CARRIERS.filter((c) => offers.some((o) => o.carrier === c)),
      joinTypes: JOIN_TYPES.filter((j) => offers.some((o) => o.joinType === j)),
      conditions: (['new', 'refurbished', 'used'] as const).filter((c) => offers.some((o) => o.condition === c)),
      plans: [...index.plans.values()].filter((p) => planIds.has(p.id)).sort((a, b) => a.monthlyFee - b.monthlyFee),
    } satisfies ModelDetail);
  });

  /** One page of the model's offers priced for the chosen options, cheapest first, with facets, once per catalogue state (issue 37). */
  router.get('/api/models/:id/offers', async (req, res) => {
    const choice = parseInput(offersQuery, single(req.query, OFFER_KEYS), '판매 조건 조회 옵션을 확인해주세요.');
    const index = await catalogue.get();
    const model = modelOf(index, req.params.id);
    res.json(cachedModelOffersPage(index, model.id, choice) satisfies ModelOffers);
  });

  /** The lowest offer price on sale (할부원금, as on the card) at the end of each of the last 30, 90 or 365 days: one read per day (issue 37). */
  router.get('/api/models/:id/price-history', async (req, res) => {
    const { days } = parseInput(historyQuery, single(req.query, ['days']), '가격 추이 조회 조건을 확인해주세요.');
    const index = await catalogue.get();
    const model = modelOf(index, req.params.id);
    const today = deps.clock().toISOString().slice(0, 10);
    const points = (await lowestPerDay(deps.docs, model.id, days, today)).map((p) => ({ date: p.date, lowestPrice: p.lowest }));
    res.json({ modelId: model.id, days, points } satisfies PriceHistory);
  });

  return router;
}
