import { defineQueryFeature } from '../../shared/feature.ts';
import { reviewQueryRoutes } from './routes.ts';

export const reviewsFeature = defineQueryFeature({ name: 'reviews', routes: (deps) => [reviewQueryRoutes(deps)] });
