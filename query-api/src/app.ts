import { Router } from 'express';
import type { QueryDeps } from './shared/deps.ts';
import { readYourWrites } from './shared/readYourWrites.ts';
import { cacheByPosition } from './shared/responseCache.ts';
import { authRoutes } from './features/auth/routes.ts';
import { productRoutes } from './features/products/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { productSearch } from './features/search/searchIndex.ts';
import { imagesRouter } from './features/images/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { cartQueryRoutes } from './features/cart/routes.ts';

/** Every read route of the query API (mounted by the standalone service and by the embedded server). */
export function queryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const search = productSearch(deps.docs, deps.progress);
  const cached = cacheByPosition(deps.progress);
  router.use(imagesRouter());
  router.use('/api', readYourWrites(deps.progress));
  router.use(authRoutes());
  router.use(productRoutes(deps, search, cached));
  router.use(catalogueRoutes(deps, cached));
  router.use(searchRoutes(search, cached));
  router.use(adminRoutes(deps));
  router.use(cartQueryRoutes(deps));
  return router;
}
