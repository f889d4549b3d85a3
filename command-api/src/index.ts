export { commandRoutes, prepareCommandSide, type CommandDeps, type CommandSide } from './app.ts';
