import { describe, expect, it } from 'vitest';
import { isPublicRead } from './app.ts';

/**
 * Which reads the position cache keeps (answers that are a function of the read models alone): a kept
 * answer is served until the projector moves, so a read that depends on the session or the clock must
 * never be one.
 */
describe('public reads cached by position', () => {
  it('keeps a model\'s offers page (issue 37), the product list and the ranking', () => {
    for (const path of ['/api/models/galaxy-s24/offers', '/api/products', '/api/products/ranking', '/api/search']) expect(isPublicRead(path), path).toBe(true);
  });

  it('never a per-session or dated read: the model list, a model, its price history, the cart, admin lists', () => {
    for (const path of ['/api/models', '/api/models/galaxy-s24', '/api/models/galaxy-s24/price-history', '/api/models/galaxy-s24/offers/extra', '/api/cart', '/api/admin/sellers', '/api/auth/me']) {
      expect(isPublicRead(path), path).toBe(false);
    }
  });
});
