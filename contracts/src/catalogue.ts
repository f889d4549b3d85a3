import * as z from 'zod/mini';

/** Carriers sold through (spec §9). */
export const CARRIERS = ['SKT', 'KT', 'LG U+'] as const;
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = (typeof CARRIERS)[number];

export const PRODUCT_CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/**
 * A product as `GET /api/products` lists it: one seller's offer (issue 10), the spec's fields plus
 * condition, its model, 출고가 (`originalPrice`) and 가입유형. `price` is the 할부원금 and `monthly`
 * the 월 납부금 of the offer priced with its cheapest plan and 할인 방식 over 24 months (pricing.ts).
 */
export const productSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  img: z.string(),
  price: z.number(),
  monthly: z.number(),
  originalPrice: z.number(),
  storage: z.number(),
  carrier: z.string(),
  joinType: z.nullable(z.string()),
  score: z.number(),
  badges: z.array(z.string()),
  isHot: z.boolean(),
  isNew: z.boolean(),
  viewCount: z.number(),
  seller: z.object({ name: z.string(), rating: z.number(), deals: z.number() }),
  condition: productConditionSchema,
  createdAt: z.string(),
  /** Units left to sell (0: 품절, cannot be carted). */
  stock: z.number(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/products/:id`: the list item plus what the product page needs. */
export const productDetailSchema = z.extend(productSchema, {
  model: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string(), chip: z.string(), weight: z.string() }),
  colors: z.array(z.object({ name: z.string(), hex: z.string(), available: z.boolean() })),
  seller: z.object({ id: z.string(), name: z.string(), rating: z.number(), deals: z.number() }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** `GET /api/products`: one page and the total that matched. */
export const productListSchema = z.object({ products: z.array(productSchema), total: z.number() });
export type ProductList = z.infer<typeof productListSchema>;

