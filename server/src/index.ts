export { startEmbedded, readModelSnapshotDir, FRONTEND_DIST, type RunningServer } from './embedded.ts';
