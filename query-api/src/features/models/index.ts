import { defineQueryFeature } from '../../shared/feature.ts';
import { modelRoutes } from './routes.ts';

export const modelsFeature = defineQueryFeature({
  name: 'models',
  routes: (deps, { search, catalogue }) => [modelRoutes(deps, search, catalogue)],
  // A model's offers page is the catalogue's alone (its page object is already kept per index position):
  // its bytes are kept too, so a popular model's first page is not serialized again for each shopper
  // (issue 37). Not the model list, the model or its price history: they read the clock (신상품, today).
  publicReads: [/^\/api\/models\/[^/]+\/offers$/],
});
