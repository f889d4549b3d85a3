import { z } from 'zod';
import { CARRIERS, PRODUCT_CONDITIONS } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * Catalogue events: categories, products on sale, the static brand catalogue, ads and
 * carrier plans. Seeded on first start as events (never written into read models).
 */
/** Carriers and product conditions are the contracts' lists (the browser filters and shows the same ones). */
export { CARRIERS, PRODUCT_CONDITIONS };
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = z.infer<typeof carrierSchema>;

export const BADGES = ['공시혜택', '카드할인', '사은품', '가성비', '초보추천', '폴더블', '빠른개통', '대용량'] as const;
export const badgeSchema = z.enum(BADGES);

export const CATEGORY_KEYS = ['Samsung', 'Apple', 'SpecialOffer', 'Budget', 'Premium', 'Folding'] as const;
export const categoryKeySchema = z.enum(CATEGORY_KEYS);
export type CategoryKey = z.infer<typeof categoryKeySchema>;

export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);

const won = z.number().int().nonnegative();

export const categoryDefinedSchema = z.object({
  categoryId: z.string().min(1),
  key: categoryKeySchema,
  label: z.string().min(1),
  img: z.string().min(1),
  order: z.number().int().nonnegative(),
});

export const productSellerSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  rating: z.number().min(0).max(5),
  deals: z.number().int().nonnegative(),
});

export const productColorSchema = z.object({
  name: z.string().min(1),
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  available: z.boolean(),
});

export const productSpecificationsSchema = z.object({
  display: z.string(),
  camera: z.string(),
  battery: z.string(),
  os: z.string(),
  chip: z.string(),
  weight: z.string(),
});

export const productListedSchema = z.object({
  productId: z.string().min(1),
  name: z.string().min(1),
  /** Brand as shown: 'Samsung' | 'Apple' | 'Google' | … */
  brand: z.string().min(1),
  /** Model line used for the picture, e.g. 'galaxy-s25-ultra'. */
  model: z.string().min(1),
  img: z.string().min(1),
  price: won,
  monthly: won,
  storage: z.number().int().positive(),
  carrier: carrierSchema,
  score: z.number().int().min(1).max(100),
  badges: z.array(badgeSchema),
  isHot: z.boolean(),
  isNew: z.boolean(),
  condition: productConditionSchema,
  /** Category keys besides the brand one this product belongs to (SpecialOffer, Budget, Premium, Folding). */
  categories: z.array(categoryKeySchema),
  seller: productSellerSchema,
  description: z.string(),
  specifications: productSpecificationsSchema,
  colors: z.array(productColorSchema).min(1),
  /** Korean and English search aliases beyond the name (e.g. '갤럭시', 'galaxy'). */
  aliases: z.array(z.string()),
  listedAt: z.iso.datetime(),
});
export type ProductListed = z.infer<typeof productListedSchema>;

export const brandDefinedSchema = z.object({
  brandId: z.string().regex(/^[a-z0-9-]+$/), // lowercased, the /brand/{brand} lookup key
  name: z.string().min(1),
  nameKo: z.string().min(1),
  logo: z.string().min(1),
  description: z.string(),
  order: z.number().int().nonnegative(),
});

export const BRAND_AVAILABILITY = ['in-stock', 'limited'] as const;
export const brandModelListedSchema = z.object({
  brandId: z.string().min(1),
  modelId: z.string().min(1),
  name: z.string().min(1),
  image: z.string().min(1),
  price: won,
  storage: z.string(),
  color: z.string(),
  condition: productConditionSchema,
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int().nonnegative(),
  specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string() }),
  features: z.array(z.string()),
  availability: z.enum(BRAND_AVAILABILITY),
  seller: z.object({ name: z.string(), rating: z.number().min(0).max(5), verified: z.boolean() }),
  /** product id in the feed this model links to (/product/{id}) */
  productId: z.string().min(1),
});

export const AD_TYPES = ['powerlink', 'display', 'brand_search'] as const;
export const AD_PLACEMENTS = ['header', 'feed', 'sidebar', 'footer'] as const;
export const adCreatedSchema = z.object({
  adId: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  img: z.string().min(1),
  badge: z.string().min(1),
  badgeColor: z.string().min(1),
  link: z.string().min(1),
  type: z.enum(AD_TYPES).default('display'),
  placement: z.enum(AD_PLACEMENTS).default('feed'),
  order: z.number().int().default(0),
  isActive: z.boolean(),
  startDate: z.iso.datetime().nullable(),
  endDate: z.iso.datetime().nullable(),
});

export const planDefinedSchema = z.object({
  planId: z.string().min(1),
  name: z.string().min(1),
  carrier: carrierSchema,
  monthlyFee: won,
  setupFee: won,
  data: z.string().min(1),
  voice: z.string().min(1),
  sms: z.string().min(1),
  benefits: z.array(z.string()),
  discountRate: z.number().min(0).max(1),
});

export const catalogueStreams = {
  category: (categoryId: string) => streamName('category', categoryId),
  product: (productId: string) => streamName('product', productId),
  brand: (brandId: string) => streamName('brand', brandId),
  brandModel: (modelId: string) => streamName('brandModel', modelId),
  ad: (adId: string) => streamName('ad', adId),
  plan: (planId: string) => streamName('plan', planId),
} as const;

export const catalogueEvents = {
  CategoryDefined: defineEvent({ stream: 'category', schema: categoryDefinedSchema }),
  ProductListed: defineEvent({ stream: 'product', schema: productListedSchema }),
  BrandDefined: defineEvent({ stream: 'brand', schema: brandDefinedSchema }),
  BrandModelListed: defineEvent({ stream: 'brandModel', schema: brandModelListedSchema }),
  AdCreated: defineEvent({ stream: 'ad', schema: adCreatedSchema }),
  PlanDefined: defineEvent({ stream: 'plan', schema: planDefinedSchema }),
} as const;
