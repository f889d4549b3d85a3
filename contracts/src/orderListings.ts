import * as z from 'zod/mini';
import { PRODUCT_CONDITIONS, sellerListingSchema } from './catalogue.ts';
import { USED_GRADES } from './models.ts';
import { orderSchema } from './orders.ts';

/**
 * Issue 39: an order's lines that are sellers' own (used) listings, as the listing is shown elsewhere —
 * its condition and grade, title, photos, battery and the seller's own 보증/반품 terms (the listing as the
 * catalogue holds it now). Kept beside the order (`GET /api/orders/{id}`'s `listings`), by the line's `productId`.
 */
export const orderLineListingSchema = z.object({
  productId: z.string(),
  condition: z.enum(PRODUCT_CONDITIONS),
  grade: z.nullable(z.enum(USED_GRADES)),
  listing: sellerListingSchema,
});
export type OrderLineListing = z.infer<typeof orderLineListingSchema>;

/** `GET /api/orders/{id}` as the buyer's order page reads it: the order and its lines' listings (none for catalogue offers). */
export const orderViewSchema = z.extend(orderSchema, { listings: z._default(z.array(orderLineListingSchema), []) });
export type OrderView = z.infer<typeof orderViewSchema>;
