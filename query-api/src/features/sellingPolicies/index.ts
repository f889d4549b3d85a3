import { defineQueryFeature } from '../../shared/feature.ts';
import { sellingPolicyQueryRoutes } from './routes.ts';

/** Price policies (issue 27): the admin's reads. */
export const sellingPoliciesFeature = defineQueryFeature({ name: 'sellingPolicies', routes: (deps) => [sellingPolicyQueryRoutes(deps)] });
