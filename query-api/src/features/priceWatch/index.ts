import { defineQueryFeature } from '../../shared/feature.ts';
import { priceWatchRoutes } from './routes.ts';

/** Issue 42: price history per series. */
export const priceWatchFeature = defineQueryFeature({ name: 'priceWatch', routes: (deps, { catalogue }) => [priceWatchRoutes(deps, catalogue)] });
