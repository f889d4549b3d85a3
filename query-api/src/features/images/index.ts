import { defineQueryFeature } from '../../shared/feature.ts';
import { imagesRouter } from './routes.ts';

/** The catalogue's pictures; its catch-all 404 for `/images/*` comes after every other feature's pictures (last in the list). */
export const imagesFeature = defineQueryFeature({ name: 'images', assets: () => [imagesRouter()] });
