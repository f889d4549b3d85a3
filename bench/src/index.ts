/** The bench's reusable helpers (the entry point is bench/run.ts). */
export { percentile, summarize, round, perSecond, prng, type Summary } from './stats.ts';
export { staticImportSpecifiers, htmlModuleScripts, resolveUrl, staticGraph, gzipSize, chunkFileOf, manifestStaticFiles, type JsGraph, type Manifest } from './jsGraph.ts';
export { METRICS, REQUIRED_KEYS, STRING_KEYS, meets, resultProblems, type Metric, type Target } from './keys.ts';
