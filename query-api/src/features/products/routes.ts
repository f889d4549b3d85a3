import { Router } from 'express';
import type { ProductDetail, ProductList } from '@phonemarket/contracts';
import { PHONE_MODELS, type PhoneModelDoc } from '@phonemarket/projector';
import { badRequest, notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import type { ProductSearch } from '../search/searchIndex.ts';
import { knownBrand } from '../catalogue/brands.ts';
import { candidateOffers, offerListItem, offerMatcher, type CatalogueIndexSource, type IndexedOffer } from '../models/catalogueIndex.ts';
import { byListSort, firstInOrder, parseListQuery, type ProductListQuery, type SortKey } from './productQueries.ts';
import { currentRanking } from './ranking.ts';

/** Model ids the Korean search matched, or null without `q`. */
export async function searchedModels(search: ProductSearch, q: string | undefined): Promise<Set<string> | null> {
  return q && q.length > 0 ? new Set((await search.get()).search(q, Number.MAX_SAFE_INTEGER).map((r) => r.id)) : null;
}

/** A list query after the checks every list makes (a known brand or category). */
export async function checkedListQuery(deps: QueryDeps, query: Record<string, unknown>, message: string): Promise<ProductListQuery> {
  const parsed = parseListQuery(query, message);
  if (parsed.brand && !(await knownBrand(deps.docs, parsed.brand))) throw badRequest(message, { brand: '알 수 없는 브랜드 또는 카테고리입니다.' });
  return parsed;
}

/** View counts now (views change without the catalogue, so they are read fresh): of the given models, or of all. */
export async function modelViews(deps: QueryDeps, ids?: readonly string[]): Promise<Map<string, number>> {
  const col = deps.docs.collection<PhoneModelDoc>(PHONE_MODELS);
  // A page's few models by id (a key lookup each), not a filtered scan of every model.
  const models = ids ? (await Promise.all([...new Set(ids)].map((id) => col.get(id)))).filter((m) => m !== null) : await col.find({});
  return new Map(models.map((m) => [m._id, m.viewCount]));
}

export function productRoutes(deps: QueryDeps, search: ProductSearch, catalogue: CatalogueIndexSource): Router {
  const router = Router();

  /** One item per offer of an approved seller, priced by the pricing module (spec shape, same filters and 400s). */
  router.get('/api/products', async (req, res) => {
    const query = await checkedListQuery(deps, req.query, '상품 조회 조건을 확인해주세요.');
    const [index, modelIds] = await Promise.all([catalogue.get(), searchedModels(search, query.q)]);
    const now = deps.clock();
    const views = query.sort === 'popular' ? await modelViews(deps) : null;
    const filter = { ...query, modelIds };
    const scan = candidateOffers(index, filter);
    const matches = offerMatcher(filter, now, scan.covered);
    const found: (SortKey & { offer: IndexedOffer })[] = [];
    for (const o of scan.offers) {
      if (matches(o)) found.push({ id: o.id, score: o.score, price: o.principal, date: o.listedAt, views: views?.get(o.modelId) ?? 0, offer: o });
    }
    const page = firstInOrder(found, query.page * query.limit, byListSort(query.sort)).slice((query.page - 1) * query.limit).map((f) => f.offer.doc);
    const pageViews = views ?? await modelViews(deps, page.map((o) => o.modelId));
    res.json({ products: page.map((o) => offerListItem(o, index, now, pageViews.get(o.modelId) ?? 0)), total: found.length } satisfies ProductList);
  });

  router.get('/api/products/ranking', async (_req, res) => {
    res.json(await currentRanking(deps));
  });

  /** One offer (old product links land on their model's page with this offer chosen). */
  router.get('/api/products/:id', async (req, res) => {
    const index = await catalogue.get();
    const offer = index.offerById.get(req.params.id);
    const model = offer && index.models.get(offer.modelId);
    if (!offer || !model) throw notFound('상품을 찾을 수 없습니다.');
    const seller = index.sellers.get(offer.sellerId)!;
    const item = offerListItem(offer, index, deps.clock(), (await modelViews(deps, [model.id])).get(model.id) ?? 0);
    res.json({
      ...item, model: model.id, categories: offer.categories, description: model.description, specifications: model.specifications,
      colors: model.colors, seller: { id: seller.id, name: seller.name, rating: seller.rating, deals: seller.deals },
    } satisfies ProductDetail);
  });

  return router;
}
