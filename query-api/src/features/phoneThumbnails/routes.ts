import { Router } from 'express';
import type { ImageCollectionStats, PhoneThumbnail } from '@phonemarket/contracts';
import { PHONE_THUMBNAILS, type PhoneThumbnailDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/**
 * Collections the image-collection tools (the messaging channel's image batches, price policies,
 * channels) will project into; none exists yet, so every counter is 0 until they do.
 */
export const IMAGE_COLLECTION_SOURCES = { imageBatches: 'imageBatches', pricePolicies: 'pricePolicies', channels: 'kakaoChannels' } as const;

/** `GET /api/phone-thumbnails` (public) and the admin panel's image-collection counters. */
export function phoneThumbnailQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  router.get('/api/phone-thumbnails', async (_req, res) => {
    const docs = await deps.docs.collection<PhoneThumbnailDoc>(PHONE_THUMBNAILS).find({ removed: false }, { sort: { createdAt: -1, _id: 1 } });
    res.json(docs.map(({ _id, _pos, removed: _removed, ...t }) => t satisfies PhoneThumbnail));
  });

  router.get('/api/admin/image-collection/stats', requireRole('admin'), async (_req, res) => {
    const startOfDay = new Date(deps.clock());
    startOfDay.setUTCHours(0, 0, 0, 0);
    const { imageBatches, pricePolicies, channels } = IMAGE_COLLECTION_SOURCES;
    const [collectedToday, awaitingReview, approved, activeChannels] = await Promise.all([
      deps.docs.collection(imageBatches).count({ createdAt: { $gte: startOfDay.toISOString() } }),
      deps.docs.collection(pricePolicies).count({ status: 'draft' }),
      deps.docs.collection(pricePolicies).count({ status: 'approved' }),
      deps.docs.collection(channels).count({ isActive: true }),
    ]);
    res.json({ collectedToday, awaitingReview, approved, activeChannels } satisfies ImageCollectionStats);
  });

  return router;
}
