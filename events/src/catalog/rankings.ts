import { z } from 'zod';

/** Ranking signals. `ProductViewed` lives in `productVisitor-<productId>.<visitorKey>` so a visitor's repeat views can be decided against. */
export const productViewedSchema = z.object({
  productId: z.string().min(1),
  /** Hash of the visitor (user id, visitor cookie or network address); never the raw value. */
  visitorKey: z.string().min(8),
});
