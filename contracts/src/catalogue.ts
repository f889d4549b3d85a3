import * as z from 'zod/mini';

/** Carriers sold through (spec §9). */
export const CARRIERS = ['SKT', 'KT', 'LG U+'] as const;
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = (typeof CARRIERS)[number];

export const PRODUCT_CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** A product as `GET /api/products` lists it (the spec's fields plus condition). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  img: z.string(),
  price: z.number(),
  monthly: z.number(),
  storage: z.number(),
  carrier: z.string(),
  score: z.number(),
  badges: z.array(z.string()),
  isHot: z.boolean(),
  isNew: z.boolean(),
  viewCount: z.number(),
  seller: z.object({ name: z.string(), rating: z.number(), deals: z.number() }),
  condition: productConditionSchema,
  createdAt: z.string(),
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

export const RANK_CHANGES = ['up', 'down', 'same'] as const;

/** `GET /api/products/ranking` and the `ranking:update` push: ranked list items. */
export const rankingItemSchema = z.extend(productSchema, {
  rank: z.number(),
  change: z.enum(RANK_CHANGES),
  changeValue: z.number(),
});
export type RankingItem = z.infer<typeof rankingItemSchema>;
export const rankingSchema = z.array(rankingItemSchema);
