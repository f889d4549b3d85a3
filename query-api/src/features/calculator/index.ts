import { defineQueryFeature } from '../../shared/feature.ts';
import { calculatorRoutes } from './routes.ts';

export const calculatorFeature = defineQueryFeature({
  name: 'calculator',
  routes: (_deps, { catalogue }) => [calculatorRoutes(catalogue)],
  publicReads: [/^\/api\/calculator\/phones$/],
});
