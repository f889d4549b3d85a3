import { startWithCompileCache } from '@phonemarket/platform/compileCache.ts';

/** Distributed mode: the command API: `run.ts`, with Node's compile cache on. */
await startWithCompileCache(() => import('./run.ts'));
