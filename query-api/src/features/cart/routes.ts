import { Router } from 'express';
import { CARTS, type CartDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** GET /api/cart: the signed-in account's cart with the spec's summary (shipping free). */
export function cartQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/cart', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const cart = await deps.docs.collection<CartDoc>(CARTS).get(req.auth!.user.id);
    const items = cart?.items ?? [];
    const total = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    const discount = items.reduce((sum, i) => sum + (i.originalPrice - i.price) * i.quantity, 0);
    res.json({ items, count: items.length, summary: { total, discount, shipping: 0 } });
  });
  return router;
}
