import { defineQueryFeature } from '../../shared/feature.ts';
import { phoneThumbnailQueryRoutes } from './routes.ts';

export const phoneThumbnailsFeature = defineQueryFeature({ name: 'phoneThumbnails', routes: (deps) => [phoneThumbnailQueryRoutes(deps)] });
