import { defineQueryFeature } from '../../shared/feature.ts';
import { modelRoutes } from './routes.ts';

export const modelsFeature = defineQueryFeature({ name: 'models', routes: (deps, { search, catalogue }) => [modelRoutes(deps, search, catalogue)] });
