import type { Router } from 'express';
import type { QueryDeps } from './deps.ts';
import type { CatalogueIndexSource } from './catalogueIndex.ts';
import type { ProductSearch } from './searchIndex.ts';

/** The in-memory indexes built once per app and shared by the features that read the catalogue. */
export interface QueryIndexes { catalogue: CatalogueIndexSource; search: ProductSearch }

/**
 * What the query API needs of one feature, exported by its `features/<name>/index.ts` and listed once
 * in `features/index.ts`.
 */
export interface QueryFeature {
  name: string;
  /** Files served outside `/api` (pictures), mounted first, in list order, before read-your-writes and the cache. */
  assets?: (deps: QueryDeps) => Router[];
  /** The `/api` read routes, mounted in list order. */
  routes?: (deps: QueryDeps, indexes: QueryIndexes) => Router[];
  /**
   * Reads whose answer depends only on the read models (not on the session or the clock): cached by
   * projector position. Never a per-session or dated answer.
   */
  publicReads?: readonly RegExp[];
}

export const defineQueryFeature = (feature: QueryFeature): QueryFeature => feature;
