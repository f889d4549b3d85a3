import { startWithCompileCache } from '@phonemarket/platform/compileCache.ts';

/** Distributed mode: the projector: `run.ts`, with Node's compile cache on. */
await startWithCompileCache(() => import('./run.ts'));
