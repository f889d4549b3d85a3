import { Router } from 'express';
import type { ProductDetail, ProductList } from '@phonemarket/contracts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import type { ProductSearch } from '../../shared/searchIndex.ts';
import { candidateOffers, offerListItem, offerMatcher, type CatalogueIndexSource, type IndexedOffer } from '../../shared/catalogueIndex.ts';
import { dealsAndTrust } from '../../shared/shopTrust.ts';
import { checkedListQuery, modelViews, searchedModels } from '../../shared/listQueries.ts';
import { byListSort, firstInOrder, type SortKey } from '../../shared/productQueries.ts';
import { currentRanking } from './ranking.ts';

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
      colors: model.colors, seller: { id: seller.id, name: seller.storeName, rating: seller.rating, ...dealsAndTrust(item.seller.trust) },
    } satisfies ProductDetail);
  });

  return router;
}
