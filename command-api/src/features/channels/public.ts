/** What other features may use of the channels: the image batch aggregate (a price policy names its batch). */
export { imageBatchDecider } from './imageBatch.ts';
