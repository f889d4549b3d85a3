import { defineQueryFeature } from '../../shared/feature.ts';
import { supportQueryRoutes } from './routes.ts';

export const supportFeature = defineQueryFeature({ name: 'support', routes: (deps) => [supportQueryRoutes(deps)] });
