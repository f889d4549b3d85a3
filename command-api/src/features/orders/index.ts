import { defineCommandFeature } from '../../shared/feature.ts';
import { seedDemoOrders } from './demoOrders.ts';
import { checkoutProcess, orderAfterDeliveryProcess, orderCancelProcess } from './orderProcesses.ts';
import { orderRoutes } from './routes.ts';

export const ordersFeature = defineCommandFeature({
  name: 'orders',
  routes: (deps) => [orderRoutes(deps)],
  processes: [checkoutProcess, orderCancelProcess, orderAfterDeliveryProcess],
  // The shared demo's past orders (DEMO=1 only: the loopback demo of every embedded start, tests and e2e included, starts without them).
  demo: async (deps) => { if (deps.demo === 'public') await seedDemoOrders(deps.store, deps.clock, deps.newId); },
});
