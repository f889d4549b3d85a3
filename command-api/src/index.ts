export { commandRoutes, prepareCommandSide, type CommandDeps, type CommandSide } from './app.ts';
export { chatLinePoster, type ChatLineAuthor, type ChatLinePoster, type ChatLineResult } from './features/support/chatLines.ts';
