import { Router } from 'express';
import { PRODUCTS, type ProductDoc } from '@phonemarket/projector';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import type { ProductSearch } from '../search/searchIndex.ts';
import { knownBrand } from '../catalogue/brands.ts';
import { SORT_ORDER, productFilter, productListQuery, singleValues } from './productQueries.ts';
import { detail, listItem } from './productView.ts';
import { currentRanking } from './ranking.ts';

const LIST_KEYS = ['q', 'brand', 'carrier', 'storage', 'budget', 'sort', 'page', 'limit'] as const;

export function productRoutes(deps: QueryDeps, search: ProductSearch): Router {
  const router = Router();
  const products = () => deps.docs.collection<ProductDoc>(PRODUCTS);

  router.get('/api/products', async (req, res) => {
    const { values, arrays } = singleValues(req.query, LIST_KEYS);
    if (arrays.length) throw badRequest('같은 조건을 여러 번 보낼 수 없습니다.', Object.fromEntries(arrays.map((k) => [k, '한 번만 보내주세요.'])));
    const query = parseInput(productListQuery, values, '상품 조회 조건을 확인해주세요.');
    if (query.brand && !(await knownBrand(deps.docs, query.brand))) {
      throw badRequest('상품 조회 조건을 확인해주세요.', { brand: '알 수 없는 브랜드 또는 카테고리입니다.' });
    }
    const matched = query.q && query.q.length > 0 ? (await search.get()).search(query.q, Number.MAX_SAFE_INTEGER).map((r) => r.id) : null;
    const filter = productFilter(query, matched);
    const [page, total] = await Promise.all([
      products().find(filter, { sort: SORT_ORDER[query.sort], skip: (query.page - 1) * query.limit, limit: query.limit }),
      products().count(filter),
    ]);
    res.json({ products: page.map(listItem), total });
  });

  router.get('/api/products/ranking', async (_req, res) => {
    res.json(await currentRanking(deps.docs));
  });

  router.get('/api/products/:id', async (req, res) => {
    const product = await products().get(req.params.id);
    if (!product) throw notFound('Product not found');
    res.json(detail(product));
  });

  return router;
}
