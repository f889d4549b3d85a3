import { defineCommandFeature } from '../../shared/feature.ts';
import { seedDemoBuybackGrids } from './demoGrids.ts';
import { buybackOrderProcess, buybackQuoteProcess } from './processes.ts';
import { buybackRoutes } from './routes.ts';

export const buybackFeature = defineCommandFeature({
  name: 'buyback',
  routes: (deps) => [buybackRoutes(deps)],
  processes: [buybackQuoteProcess, buybackOrderProcess],
  demo: (deps) => seedDemoBuybackGrids(deps.store, deps.clock, deps.newId),
});
