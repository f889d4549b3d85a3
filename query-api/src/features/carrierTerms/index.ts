import { defineQueryFeature } from '../../shared/feature.ts';
import { carrierTermsQueryRoutes } from './routes.ts';

/** Carrier terms (issue 27): the admin's reads. */
export const carrierTermsFeature = defineQueryFeature({ name: 'carrierTerms', routes: (deps) => [carrierTermsQueryRoutes(deps)] });
