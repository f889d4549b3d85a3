import * as z from 'zod/mini';
import { shopTrustSchema } from './shopTrust.ts';

import { CARRIERS } from './constants.ts';

export { CARRIERS };
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = (typeof CARRIERS)[number];

export const PRODUCT_CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/**
 * A product as `GET /api/products` lists it: one seller's offer (issue 10), the spec's fields plus
 * condition, its model, `originalPrice` and 가입유형. `price` is the 할부원금 and `monthly`
 * the 월 납부금 of the offer priced with its cheapest plan and 할인 방식 over 24 months (pricing.ts).
 * An offer paid in full (`isPaidInFull`: 자급제, 중고·리퍼) has no 월: `monthly` is null and `price` is what is
 * paid today (ADR 017, s59 lists). `originalPrice` is the quote's device price: a new unit's 출고가, a used or
 * refurbished unit's own 판매가 (`devicePriceLabel(condition)` names it).
 */
/**
 * A seller's own listing as every public view shows it (issue 39): its photos, title, description,
 * battery and the seller's own 보증/반품 terms (a used phone is shown as it is, not as the catalogue's
 * new one). The grade is the offer's (`grade`: S/A/B).
 */
export const sellerListingSchema = z.object({
  productId: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  /** 배터리 성능 (최대 용량, %), null when not stated (a new unit). */
  batteryHealth: z.nullable(z.number()),
  /** The seller's own 보증 and 교환·반품 terms, as written ('' when none were written). */
  warranty: z.string(),
  returnPolicy: z.string(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;
/** A seller's listing as shown, from its fields (the listing's events, or its stream's state). */
export const sellerListingOf = (
  productId: string, d: Pick<SellerListing, 'title' | 'description' | 'images' | 'batteryHealth' | 'warranty' | 'returnPolicy'>,
): SellerListing => ({
  productId, title: d.title, description: d.description, images: d.images, batteryHealth: d.batteryHealth, warranty: d.warranty, returnPolicy: d.returnPolicy,
});

export const productSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  img: z.string(),
  price: z.number(),
  monthly: z.nullable(z.number()),
  originalPrice: z.number(),
  storage: z.number(),
  carrier: z.string(),
  joinType: z.nullable(z.string()),
  score: z.number(),
  badges: z.array(z.string()),
  isHot: z.boolean(),
  isNew: z.boolean(),
  viewCount: z.number(),
  /**
   * `rating` is the seller's old profile figure, kept for compatibility; cards show `trust`, the shop
   * reviews' figures (issue 41), as every 판매처 row does.
   */
  seller: z.object({ name: z.string(), rating: z.number(), deals: z.number(), trust: shopTrustSchema }),
  condition: productConditionSchema,
  createdAt: z.string(),
  /** Units left to sell (0: 품절, cannot be carted). */
  stock: z.number(),
  /** A seller's own listing (issue 39): its photos, title and terms; absent or null for a catalogue offer. */
  listing: z.optional(z.nullable(sellerListingSchema)),
  /** A used unit's grade (S/A/B), absent or null otherwise. */
  grade: z.optional(z.nullable(z.string())),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/products/:id`: the list item plus what the product page needs. */
export const productDetailSchema = z.extend(productSchema, {
  model: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string(), chip: z.string(), weight: z.string() }),
  colors: z.array(z.object({ name: z.string(), hex: z.string(), available: z.boolean() })),
  seller: z.object({ id: z.string(), name: z.string(), rating: z.number(), deals: z.number(), trust: shopTrustSchema }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** `GET /api/products`: one page and the total that matched. */
export const productListSchema = z.object({ products: z.array(productSchema), total: z.number() });
export type ProductList = z.infer<typeof productListSchema>;

