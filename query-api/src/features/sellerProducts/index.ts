import { defineQueryFeature } from '../../shared/feature.ts';
import { sellerProductImageRoutes, sellerProductQueryRoutes } from './routes.ts';

/** Sellers' own listings (issue 27): a store's listings and their pictures. */
export const sellerProductsFeature = defineQueryFeature({
  name: 'sellerProducts',
  assets: (deps) => [sellerProductImageRoutes(deps)],
  routes: (deps) => [sellerProductQueryRoutes(deps)],
});
