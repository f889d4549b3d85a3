import { defineQueryFeature } from '../../shared/feature.ts';
import { quoteQueryRoutes } from './routes.ts';

export const quotesFeature = defineQueryFeature({ name: 'quotes', routes: (deps) => [quoteQueryRoutes(deps)] });
