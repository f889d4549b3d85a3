import { defineCommandFeature } from '../../shared/feature.ts';
import { sellerProductRoutes } from './routes.ts';
import { sellerProductProcess } from './sellerProductProcess.ts';

/** Sellers' own listings (issue 27): the spec's product form, listed in the catalogue as the seller's offers. */
export const sellerProductsFeature = defineCommandFeature({ name: 'sellerProducts', routes: (deps) => [sellerProductRoutes(deps)], processes: [sellerProductProcess] });
