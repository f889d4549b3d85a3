import { defineQueryFeature } from '../../shared/feature.ts';
import { processFailureQueryRoutes } from './routes.ts';

export const processFailuresFeature = defineQueryFeature({ name: 'processFailures', routes: (deps) => [processFailureQueryRoutes(deps)] });
