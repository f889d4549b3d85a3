import { defineCommandFeature } from '../../shared/feature.ts';
import { checkoutProcess, orderAfterDeliveryProcess, orderCancelProcess } from './orderProcesses.ts';
import { orderRoutes } from './routes.ts';

export const ordersFeature = defineCommandFeature({
  name: 'orders',
  routes: (deps) => [orderRoutes(deps)],
  processes: [checkoutProcess, orderCancelProcess, orderAfterDeliveryProcess],
});
