export { startEmbedded, FRONTEND_DIST, type RunningServer } from './embedded.ts';
