import * as z from 'zod/mini';
import { orderLineListingSchema, orderSchema } from './orders.ts';

/**
 * `GET /api/orders/{id}` as the buyer's order page reads it: the order and its lines that are sellers' own (used)
 * listings, by the line's `productId` (none for catalogue offers) — as sold (issue 39: a later edit of the listing
 * changes no order); for an order from before they were kept, the listing as the catalogue holds it now.
 */
export const orderViewSchema = z.extend(orderSchema, { listings: z._default(z.array(orderLineListingSchema), []) });
export type OrderView = z.infer<typeof orderViewSchema>;
