import { defineCommandFeature } from '../../shared/feature.ts';
import { settingsRoutes } from './routes.ts';

export const settingsFeature = defineCommandFeature({ name: 'settings', routes: (deps) => [settingsRoutes(deps)] });
