import { defineCommandFeature } from '../../shared/feature.ts';
import { quoteFilingProcess, quoteRequestProcess } from './quoteProcesses.ts';
import { quoteRoutes } from './routes.ts';

export const quotesFeature = defineCommandFeature({
  name: 'quotes',
  routes: (deps) => [quoteRoutes(deps)],
  processes: [quoteFilingProcess, quoteRequestProcess],
});
