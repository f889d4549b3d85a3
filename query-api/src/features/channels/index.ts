import { defineQueryFeature } from '../../shared/feature.ts';
import { channelImageRoutes, channelQueryRoutes } from './routes.ts';

/** Messaging channels and image batches (issue 27): admin reads and the received images. */
export const channelsFeature = defineQueryFeature({
  name: 'channels',
  assets: (deps) => [channelImageRoutes(deps)],
  routes: (deps) => [channelQueryRoutes(deps)],
});
