import { defineQueryFeature } from '../../shared/feature.ts';
import { cartQueryRoutes } from './routes.ts';

export const cartFeature = defineQueryFeature({ name: 'cart', routes: (deps) => [cartQueryRoutes(deps)] });
