import { defineCommandFeature } from '../../shared/feature.ts';
import { adminRosterProcess, userAccountProcess } from './accountProcesses.ts';
import { adminUserRoutes } from './adminRoutes.ts';
import { ensureDemoAccounts } from './demoAccounts.ts';
import { accountRoutes } from './routes.ts';

export const accountsFeature = defineCommandFeature({
  name: 'accounts',
  routes: (deps) => [accountRoutes(deps), adminUserRoutes(deps)],
  processes: [userAccountProcess, adminRosterProcess],
  demo: (deps) => ensureDemoAccounts(deps.store, deps.clock, deps.newId),
});
