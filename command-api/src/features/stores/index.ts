import { defineCommandFeature } from '../../shared/feature.ts';
import { storeRoutes } from './routes.ts';

export const storesFeature = defineCommandFeature({ name: 'stores', routes: (deps) => [storeRoutes(deps)] });
