import { defineCommandFeature } from '../../shared/feature.ts';
import { processFailureRoutes } from './routes.ts';

export const processFailuresFeature = defineCommandFeature({ name: 'processFailures', routes: (deps) => [processFailureRoutes(deps)] });
