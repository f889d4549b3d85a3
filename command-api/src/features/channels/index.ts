import { defineCommandFeature } from '../../shared/feature.ts';
import { imageBatchProcess } from './imageBatchProcess.ts';
import { channelRoutes } from './routes.ts';

/** Messaging channels, their signed webhook and the image batches (issue 27). */
export const channelsFeature = defineCommandFeature({ name: 'channels', routes: (deps) => [channelRoutes(deps)], processes: [imageBatchProcess] });
