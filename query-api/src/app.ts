import { Router } from 'express';
import type { KeptAnswerLookup } from '@phonemarket/platform/http/fastLane.ts';
import { gateByPath } from '@phonemarket/platform/http/pathGate.ts';
import type { QueryDeps } from './shared/deps.ts';
import { readYourWrites } from './shared/readYourWrites.ts';
import { cacheByPosition } from './shared/responseCache.ts';
import { productSearch } from './shared/searchIndex.ts';
import { catalogueIndex, recentSince } from './shared/catalogueIndex.ts';
import { queryFeatures } from './features/index.ts';

/**
 * Reads whose answer depends only on the read models (not on the session, and on the clock only
 * through which release days count as 신상품), as the features declare them: cached by projector
 * position and that day. Never /api/ads (dates), /api/auth/me, /api/cart, /api/admin/* (per session).
 */
const PUBLIC_READS = queryFeatures.flatMap((feature) => feature.publicReads ?? []);
export const isPublicRead = (path: string) => PUBLIC_READS.some((read) => read.test(path));

/**
 * Every read route of the query API (mounted by the standalone service and by the embedded server).
 * `cachedAnswer`: the position cache's answers, for the fast lane in front of the app (`withFastLane`).
 */
export function queryRoutes(deps: QueryDeps): Router & { cachedAnswer: KeptAnswerLookup } {
  const router = Router();
  const indexes = { catalogue: catalogueIndex(deps.docs, deps.progress), search: productSearch(deps.docs, deps.progress, deps.clock) };
  for (const feature of queryFeatures) for (const assets of feature.assets?.(deps) ?? []) router.use(assets);
  router.use('/api', readYourWrites(deps.progress));
  const cache = cacheByPosition(deps.progress, isPublicRead, () => recentSince(deps.clock()));
  router.use(cache);
  for (const feature of queryFeatures) for (const routes of feature.routes?.(deps, indexes) ?? []) router.use(gateByPath(routes));
  return Object.assign(router, { cachedAnswer: cache.lookup });
}
