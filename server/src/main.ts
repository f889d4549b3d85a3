import { startWithCompileCache } from '@phonemarket/platform/compileCache.ts';

/** The embedded server (every part in one process): `run.ts`, with Node's compile cache on. */
await startWithCompileCache(() => import('./run.ts'));
