export { queryRoutes } from './app.ts';
export { attachRealtime, SOCKET_EVENTS, rooms } from './realtime.ts';
export { pollCheckpoint, type ProjectionProgress } from './shared/progress.ts';
export type { QueryDeps } from './shared/deps.ts';
