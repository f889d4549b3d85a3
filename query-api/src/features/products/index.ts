import { defineQueryFeature } from '../../shared/feature.ts';
import { productRoutes } from './routes.ts';

export const productsFeature = defineQueryFeature({
  name: 'products',
  routes: (deps, { search, catalogue }) => [productRoutes(deps, search, catalogue)],
  publicReads: [/^\/api\/products(\/[^/]+)?$/],
});
