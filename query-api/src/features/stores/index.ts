import { defineQueryFeature } from '../../shared/feature.ts';
import { storeImageRoutes, storeQueryRoutes } from './routes.ts';

export const storesFeature = defineQueryFeature({
  name: 'stores',
  assets: (deps) => [storeImageRoutes(deps)],
  routes: (deps, { catalogue }) => [storeQueryRoutes(deps, catalogue)],
});
