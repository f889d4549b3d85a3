import { defineQueryFeature } from '../../shared/feature.ts';
import { siteRoutes } from './routes.ts';

export const siteFeature = defineQueryFeature({ name: 'site', routes: (deps) => [siteRoutes(deps)] });
