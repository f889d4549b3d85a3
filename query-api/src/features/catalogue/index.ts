import { defineQueryFeature } from '../../shared/feature.ts';
import { catalogueRoutes } from './routes.ts';

export const catalogueFeature = defineQueryFeature({
  name: 'catalogue',
  routes: (deps) => [catalogueRoutes(deps)],
  publicReads: [/^\/api\/(categories|plans|brands(\/[^/]+)?)$/],
});
