import { z } from 'zod';
import { defineEvent, streamName } from '../defineEvent.ts';

/** Ranking signals. `ProductViewed` lives in `productVisitor-<productId>.<visitorKey>` so a visitor's repeat views can be decided against. */
export const productViewedSchema = z.object({
  productId: z.string().min(1),
  /** Hash of the visitor (user id, visitor cookie or network address); never the raw value. */
  visitorKey: z.string().min(8),
});

export const rankingStreams = {
  /** One stream per product and visitor: the command side decides repeat views against it. */
  productVisitor: (productId: string, visitorKey: string) => streamName('productVisitor', `${productId}.${visitorKey}`),
} as const;

export const rankingEvents = {
  ProductViewed: defineEvent({ stream: 'productVisitor', schema: productViewedSchema }),
} as const;
