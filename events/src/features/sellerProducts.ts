import { z } from 'zod';
import { NO_CONDITIONS, offerConditionsSchema } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/*
 * Sellers' own listings (issue 27; spec seller_products): `sellerProduct-<id>` holds the seller's
 * form as created and each change; its catalogue offer (`offer-sp-<id>`) is listed and changed by
 * the sellerProduct process. Uploaded pictures have streams of their own (`sellerProductImage-<id>`).
 */
const conditions = ['new', 'like-new', 'good', 'fair'] as const;
export const sellerProductFieldsSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  price: z.number().int().positive(),
  originalPrice: z.number().int().positive().nullable(),
  category: z.string().min(1),
  brand: z.string().min(1),
  model: z.string().min(1),
  storage: z.number().int().positive(),
  condition: z.enum(conditions),
  /** Issue 39: 배터리 성능 (%) and the seller's own 보증/반품 terms (events before have none). */
  batteryHealth: z.number().int().min(1).max(100).nullable().default(null),
  warranty: z.string().default(''),
  returnPolicy: z.string().default(''),
  images: z.array(z.string().min(1)).min(1),
  specifications: z.record(z.string(), z.string()),
  stock: z.number().int().nonnegative(),
  isActive: z.boolean(),
  featured: z.boolean(),
  /** Issue 40 (absent in older events: none). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
});

export const sellerProductStreams = {
  sellerProduct: (productId: string) => streamName('sellerProduct', productId),
  sellerProductImage: (imageId: string) => streamName('sellerProductImage', imageId),
} as const;

export const sellerProductEvents = {
  SellerProductCreated: defineEvent({
    stream: 'sellerProduct',
    schema: sellerProductFieldsSchema.extend({ productId: z.string().min(1), sellerId: z.string().min(1), storeId: z.string().min(1), offerId: z.string().min(1) }),
  }),
  /** The fields after the change and what they were before (`changes`: field → [before, after]). */
  SellerProductUpdated: defineEvent({
    stream: 'sellerProduct',
    schema: sellerProductFieldsSchema.extend({ productId: z.string().min(1), changed: z.array(z.string()).min(1) }),
  }),
  SellerProductImageUploaded: defineEvent({
    stream: 'sellerProductImage',
    schema: z.object({
      imageId: z.string().min(1), sellerId: z.string().min(1), contentType: z.literal('image/webp'),
      width: z.number().int().positive(), height: z.number().int().positive(), data: z.string().min(1),
    }),
  }),
} as const;
