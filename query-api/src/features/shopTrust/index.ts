import { defineQueryFeature } from '../../shared/feature.ts';
import { shopTrustQueryRoutes } from './routes.ts';

export const shopTrustFeature = defineQueryFeature({ name: 'shopTrust', routes: (deps) => [shopTrustQueryRoutes(deps)] });
