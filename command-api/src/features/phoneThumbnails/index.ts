import { defineCommandFeature } from '../../shared/feature.ts';
import { phoneThumbnailRoutes } from './routes.ts';

export const phoneThumbnailsFeature = defineCommandFeature({ name: 'phoneThumbnails', routes: (deps) => [phoneThumbnailRoutes(deps)] });
