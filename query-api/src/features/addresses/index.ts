import { defineQueryFeature } from '../../shared/feature.ts';
import { addressQueryRoutes } from './routes.ts';

export const addressesFeature = defineQueryFeature({ name: 'addresses', routes: (deps) => [addressQueryRoutes(deps)] });
