import { defineCommandFeature } from '../../shared/feature.ts';
import { addressRoutes } from './routes.ts';

export const addressesFeature = defineCommandFeature({ name: 'addresses', routes: (deps) => [addressRoutes(deps)] });
