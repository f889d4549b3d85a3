import { defineCommandFeature } from '../../shared/feature.ts';
import { pricePolicyStartProcess } from './policyFlows.ts';
import { pricePolicyProcess } from './pricePolicyProcess.ts';
import { sellingPolicyRoutes } from './routes.ts';

/** Price policies from image batches, applied to the carrier terms and reverted (issue 27). */
export const sellingPoliciesFeature = defineCommandFeature({ name: 'sellingPolicies', routes: (deps) => [sellingPolicyRoutes(deps)], processes: [pricePolicyProcess, pricePolicyStartProcess] });
