import { defineQueryFeature } from '../../shared/feature.ts';
import { shopTrustQueryRoutes } from './routes.ts';
import { safeTradeQueryRoutes } from './safeTradeRoutes.ts';

export const shopTrustFeature = defineQueryFeature({ name: 'shopTrust', routes: (deps) => [shopTrustQueryRoutes(deps), safeTradeQueryRoutes(deps)] });
