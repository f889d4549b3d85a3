import { defineCommandFeature } from '../../shared/feature.ts';
import { lineOpeningsProcess } from './buyerLinesProcess.ts';
import { reportOutcomeProcess } from './reportProcess.ts';
import { reportRoutes } from './reportRoutes.ts';
import { shopTrustRoutes } from './routes.ts';

export const shopTrustFeature = defineCommandFeature({
  name: 'shopTrust',
  routes: (deps) => [shopTrustRoutes(deps), reportRoutes(deps)],
  processes: [reportOutcomeProcess, lineOpeningsProcess],
});
