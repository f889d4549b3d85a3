import { defineQueryFeature } from '../../shared/feature.ts';
import { preApprovalQueryRoutes, safeTradeQueryRoutes } from './certificates.ts';
import { shopTrustQueryRoutes } from './routes.ts';

export const shopTrustFeature = defineQueryFeature({ name: 'shopTrust', routes: (deps) => [shopTrustQueryRoutes(deps), preApprovalQueryRoutes(deps), safeTradeQueryRoutes(deps)] });
