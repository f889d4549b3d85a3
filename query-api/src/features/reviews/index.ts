import { defineQueryFeature } from '../../shared/feature.ts';
import { reviewPhotoRoutes, reviewQueryRoutes } from './routes.ts';

export const reviewsFeature = defineQueryFeature({ name: 'reviews', assets: (deps) => [reviewPhotoRoutes(deps)], routes: (deps) => [reviewQueryRoutes(deps)] });
