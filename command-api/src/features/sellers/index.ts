import { defineCommandFeature } from '../../shared/feature.ts';
import { onboardDemoSeller, onboardMarketSellers } from './marketSellers.ts';
import { sellerRoutes } from './routes.ts';
import { sellerApprovalProcess } from './sellerApprovalProcess.ts';

export const sellersFeature = defineCommandFeature({
  name: 'sellers',
  routes: (deps) => [sellerRoutes(deps)],
  processes: [sellerApprovalProcess],
  seed: (deps) => onboardMarketSellers(deps.store, deps.clock, deps.newId),
  demo: (deps) => onboardDemoSeller(deps.store, deps.clock, deps.newId),
});
