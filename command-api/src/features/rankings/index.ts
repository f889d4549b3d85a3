import { defineCommandFeature } from '../../shared/feature.ts';
import { rankingRoutes } from './routes.ts';

export const rankingsFeature = defineCommandFeature({ name: 'rankings', routes: (deps) => [rankingRoutes(deps)] });
