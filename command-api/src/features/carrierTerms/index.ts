import { defineCommandFeature } from '../../shared/feature.ts';
import { listOnTermsRoutes } from './listOnTerms.ts';
import { carrierTermsRoutes } from './routes.ts';
import { seedCarrierTerms } from './seedTerms.ts';
import { subsidyValidityProcess } from './validity.ts';

/** Carrier terms as data (issue 27): seeded from today's catalogue after it, edited by admins. */
export const carrierTermsFeature = defineCommandFeature({
  name: 'carrierTerms',
  routes: (deps) => [carrierTermsRoutes(deps), listOnTermsRoutes(deps)],
  processes: [subsidyValidityProcess],
  seed: (deps) => seedCarrierTerms(deps.store, deps.clock, deps.newId),
});
