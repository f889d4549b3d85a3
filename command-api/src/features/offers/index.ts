import { defineCommandFeature } from '../../shared/feature.ts';
import { offerRoutes } from './routes.ts';

export const offersFeature = defineCommandFeature({ name: 'offers', routes: (deps) => [offerRoutes(deps)] });
