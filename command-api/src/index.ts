export { commandRoutes, prepareCommandSide, type CommandDeps } from './app.ts';
