import { defineQueryFeature } from '../../shared/feature.ts';
import { orderContractRoutes } from './contract.ts';
import { orderQueryRoutes } from './routes.ts';

export const ordersFeature = defineQueryFeature({ name: 'orders', routes: (deps) => [orderContractRoutes(deps), orderQueryRoutes(deps)] });
