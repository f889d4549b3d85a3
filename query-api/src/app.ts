import { Router } from 'express';
import type { QueryDeps } from './shared/deps.ts';
import { readYourWrites } from './shared/readYourWrites.ts';
import { cacheByPosition } from './shared/responseCache.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { productRoutes } from './features/products/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { popularSearchRoutes } from './features/search/popular.ts';
import { productSearch } from './shared/searchIndex.ts';
import { catalogueIndex } from './shared/catalogueIndex.ts';
import { modelRoutes } from './features/models/routes.ts';
import { imagesRouter } from './features/images/routes.ts';
import { cartQueryRoutes } from './features/cart/routes.ts';
import { siteRoutes } from './features/site/routes.ts';
import { supportQueryRoutes } from './features/support/routes.ts';
import { orderQueryRoutes } from './features/orders/routes.ts';
import { reviewQueryRoutes } from './features/reviews/routes.ts';
import { sellerQueryRoutes } from './features/sellers/routes.ts';
import { sellerOffersRoutes } from './features/sellers/sellerOffers.ts';
import { phoneThumbnailQueryRoutes } from './features/phoneThumbnails/routes.ts';
import { storeImageRoutes, storeQueryRoutes } from './features/stores/routes.ts';
import { calculatorRoutes } from './features/calculator/routes.ts';

/**
 * Reads whose answer depends only on the read models (not on the session or the clock): cached by
 * projector position. Not /api/ads (dates), /api/auth/me, /api/cart, /api/admin/* (per session).
 */
const PUBLIC_READS = /^\/api\/(products(\/[^/]+)?|categories|plans|brands(\/[^/]+)?|search|calculator\/phones)$/;
const isPublicRead = (path: string) => PUBLIC_READS.test(path);

/** Every read route of the query API (mounted by the standalone service and by the embedded server). */
export function queryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const catalogue = catalogueIndex(deps.docs, deps.progress);
  const search = productSearch(deps.docs, deps.progress, deps.clock);
  router.use(storeImageRoutes(deps));
  router.use(imagesRouter());
  router.use('/api', readYourWrites(deps.progress));
  router.use(cacheByPosition(deps.progress, isPublicRead));
  router.use(accountRoutes(deps));
  router.use(siteRoutes(deps));
  router.use(productRoutes(deps, search, catalogue));
  router.use(modelRoutes(deps, search, catalogue));
  router.use(catalogueRoutes(deps));
  router.use(calculatorRoutes(catalogue));
  router.use(popularSearchRoutes(deps, search));
  router.use(searchRoutes(search));
  router.use(cartQueryRoutes(deps));
  router.use(supportQueryRoutes(deps));
  router.use(orderQueryRoutes(deps));
  router.use(reviewQueryRoutes(deps));
  router.use(sellerQueryRoutes(deps));
  router.use(sellerOffersRoutes(deps));
  router.use(phoneThumbnailQueryRoutes(deps));
  router.use(storeQueryRoutes(deps, catalogue));
  return router;
}
