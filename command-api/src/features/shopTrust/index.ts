import { defineCommandFeature } from '../../shared/feature.ts';
import { lineOpeningsProcess, lineReleasesProcess } from './buyerLinesProcess.ts';
import { heldTextReleaseProcess } from './heldTextProcess.ts';
import { heldTextRoutes } from './heldTextRoutes.ts';
import { preApprovalExpiryProcess } from './preApproval.ts';
import { preApprovalRoutes } from './preApprovalRoutes.ts';
import { safeTradeExpiryProcess } from './safeTrade.ts';
import { safeTradeRoutes } from './safeTradeRoutes.ts';
import { reportOutcomeProcess } from './reportProcess.ts';
import { reportRoutes } from './reportRoutes.ts';
import { shopTrustRoutes } from './routes.ts';

export const shopTrustFeature = defineCommandFeature({
  name: 'shopTrust',
  routes: (deps) => [shopTrustRoutes(deps), reportRoutes(deps), heldTextRoutes(deps), preApprovalRoutes(deps), safeTradeRoutes(deps)],
  processes: [reportOutcomeProcess, lineOpeningsProcess, lineReleasesProcess, heldTextReleaseProcess, preApprovalExpiryProcess, safeTradeExpiryProcess],
});
