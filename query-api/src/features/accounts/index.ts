import { defineQueryFeature } from '../../shared/feature.ts';
import { accountRoutes } from './routes.ts';

export const accountsFeature = defineQueryFeature({ name: 'accounts', routes: (deps) => [accountRoutes(deps)] });
