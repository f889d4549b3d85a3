import { defineQueryFeature } from '../../shared/feature.ts';
import { buybackQueryRoutes } from './routes.ts';

export const buybackFeature = defineQueryFeature({
  name: 'buyback',
  routes: (deps) => [buybackQueryRoutes(deps)],
  publicReads: [/^\/api\/buyback\/grades$/, /^\/api\/buyback\/shops$/],
});
