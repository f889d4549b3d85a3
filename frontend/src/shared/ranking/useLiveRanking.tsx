import { useEffect, useState, type RefObject } from 'react';
import { PATHS, useRanking, type RankingItem } from '../api/catalogue';
import { modelSchemas } from '../api/models';
import { useRankingPushes } from './useRankingPushes';

export const RANKING_QUERY_KEY = [PATHS.ranking] as const;

/**
 * The ranking list, `GET /api/products/ranking` (refetched every 30 s, spec §7). Live pushes
 * land in the same cache entry while a `<LiveRankingSync />` is mounted on the page.
 */
export function useLiveRanking() {
  return useRanking();
}

/** Follows the live ranking while mounted and writes every `ranking:update` push into the ranking query cache (a malformed one is ignored). */
export function LiveRankingSync() {
  useRankingPushes({
    queryKeys: [RANKING_QUERY_KEY],
    // The schema loads with the first push (not part of the first screen's scripts); pushes keep their order.
    onPush: (payload, { client }) => void modelSchemas().then(({ rankingSchema }) => {
      const parsed = rankingSchema.safeParse(payload);
      if (parsed.success) client.setQueryData<RankingItem[]>(RANKING_QUERY_KEY, parsed.data);
    }),
  });
  return null;
}

/** True once the element has been on screen (stays true). Without IntersectionObserver: true. */
export function useSeenOnce(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof window !== 'undefined' && typeof window.IntersectionObserver !== 'function');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * Live pushes for a ranking shown inside `ref`: the Socket.IO client (~13 kB gzip) is only
 * loaded once that ranking has been on screen, so it is not part of the page's first load.
 * Until then (and always as a fallback) the list is refetched every 30 s.
 */
export function LiveRankingSyncOnView({ targetRef }: { targetRef: RefObject<Element | null> }) {
  return useSeenOnce(targetRef) ? <LiveRankingSync /> : null;
}
