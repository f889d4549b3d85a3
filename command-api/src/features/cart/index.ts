import { defineCommandFeature } from '../../shared/feature.ts';
import { cartRoutes } from './routes.ts';

export const cartFeature = defineCommandFeature({ name: 'cart', routes: (deps) => [cartRoutes(deps)] });
