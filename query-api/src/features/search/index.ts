import { defineQueryFeature } from '../../shared/feature.ts';
import { popularSearchRoutes } from './popular.ts';
import { searchRoutes } from './routes.ts';

export const searchFeature = defineQueryFeature({
  name: 'search',
  routes: (deps, { search }) => [popularSearchRoutes(deps, search), searchRoutes(search)],
  publicReads: [/^\/api\/search$/],
});
