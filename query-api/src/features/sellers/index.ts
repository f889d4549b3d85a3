import { defineQueryFeature } from '../../shared/feature.ts';
import { sellerQueryRoutes } from './routes.ts';
import { sellerOffersRoutes } from './sellerOffers.ts';

export const sellersFeature = defineQueryFeature({ name: 'sellers', routes: (deps) => [sellerQueryRoutes(deps), sellerOffersRoutes(deps)] });
