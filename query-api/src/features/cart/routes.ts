import { Router } from 'express';
import type { Cart, CartItem, CartSummary } from '@phonemarket/contracts';
import { CARTS, type CartDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** GET /api/cart: the signed-in account's cart with the spec's summary (shipping free). */
export function cartQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/cart', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const cart = await deps.docs.collection<CartDoc>(CARTS).get(req.auth!.user.id);
    const items: CartItem[] = cart?.items ?? [];
    res.json({ items, count: items.length, summary: cartSummary(items) } satisfies Cart);
  });
  return router;
}

/** Spec §9, computed here only (the browser shows it as is): total = Σ price × quantity, discount = Σ (original − price) × quantity, shipping free. */
export function cartSummary(items: readonly Pick<CartItem, 'price' | 'originalPrice' | 'quantity'>[]): CartSummary {
  const total = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const discount = items.reduce((sum, i) => sum + (i.originalPrice - i.price) * i.quantity, 0);
  return { total, discount, shipping: 0 };
}
