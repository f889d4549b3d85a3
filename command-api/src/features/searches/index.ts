import { defineCommandFeature } from '../../shared/feature.ts';
import { searchRoutes } from './routes.ts';

export const searchesFeature = defineCommandFeature({ name: 'searches', routes: (deps) => [searchRoutes(deps)] });
