import { defineCommandFeature } from '../../shared/feature.ts';
import { shopTrustRoutes } from './routes.ts';

export const shopTrustFeature = defineCommandFeature({ name: 'shopTrust', routes: (deps) => [shopTrustRoutes(deps)] });
