import { defineQueryFeature } from '../../shared/feature.ts';
import { orderQueryRoutes } from './routes.ts';

export const ordersFeature = defineQueryFeature({ name: 'orders', routes: (deps) => [orderQueryRoutes(deps)] });
