import { defineCommandFeature } from '../../shared/feature.ts';
import { reviewRoutes } from './routes.ts';

export const reviewsFeature = defineCommandFeature({ name: 'reviews', routes: (deps) => [reviewRoutes(deps)] });
