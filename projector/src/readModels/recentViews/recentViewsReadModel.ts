import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

/** The phone models an account viewed (its own `ProductViewed` events), newest first, distinct, at most 20. */
export const RECENT_VIEWS = 'recentViews';
export const RECENT_VIEWS_MAX = 20;
export interface RecentViewsDoc extends Doc { userId: string; items: { productId: string; addedAt: string }[]; _pos: number }

export const recentViewsReadModel = docProjection<RecentViewsDoc, 'ProductViewed'>({
  version: 2,
  collection: RECENT_VIEWS,
  canHandle: ['ProductViewed'],
  // Guests' views have no account: they go to no document ('' is never an account id).
  id: (event) => event.metadata.actor.userId ?? '',
  evolve(doc, event) {
    const userId = event.metadata.actor.userId;
    if (!userId) return null;
    const rest = (doc?.items ?? []).filter((i) => i.productId !== event.data.productId);
    return { userId, items: [{ productId: event.data.productId, addedAt: event.metadata.at }, ...rest].slice(0, RECENT_VIEWS_MAX) };
  },
});
