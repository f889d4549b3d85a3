import { PATHS, rankingSchema, useRanking, type RankingItem } from '../../shared/api/catalogue';
import { useSocketQuerySync } from '../../shared/socket';

/** Socket.IO event carrying the new ranking list (query-api pushes it on every change). */
export const RANKING_UPDATE_EVENT = 'ranking:update';
const RANKING_KEY = [PATHS.ranking] as const;

/**
 * The live ranking: `GET /api/products/ranking` (refetched every 30 s, spec §7) and every
 * `ranking:update` push written into the same cache entry.
 */
export function useLiveRanking() {
  useSocketQuerySync<RankingItem[]>(RANKING_UPDATE_EVENT, RANKING_KEY, rankingSchema);
  return useRanking();
}
