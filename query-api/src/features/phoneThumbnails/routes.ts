import { Router } from 'express';
import type { PhoneThumbnail } from '@phonemarket/contracts';
import { PHONE_THUMBNAILS, type PhoneThumbnailDoc } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';

/** `GET /api/phone-thumbnails` (public). The admin panel's image-collection counters are the channels feature's (issue 27). */
export function phoneThumbnailQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  router.get('/api/phone-thumbnails', async (_req, res) => {
    const docs = await deps.docs.collection<PhoneThumbnailDoc>(PHONE_THUMBNAILS).find({ removed: false }, { sort: { createdAt: -1, _id: 1 } });
    res.json(docs.map(({ _id, _pos, removed: _removed, ...t }) => t satisfies PhoneThumbnail));
  });

  return router;
}
