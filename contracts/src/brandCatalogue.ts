import * as z from 'zod/mini';
import { PRODUCT_CONDITIONS } from './catalogue.ts';
import { modelSummarySchema } from './models.ts';

/**
 * Brand pages from the live catalogue (issue 30): `GET /api/brands` counts each brand's models on
 * sale (as the category page and `GET /api/models?brand=` count them), `GET /api/brands/{brand}`
 * lists them, each with its figures over all its offers and per condition, and its rating and review
 * count from real reviews.
 */
export const brandSchema = z.object({
  id: z.string(), name: z.string(), nameKo: z.string(), logo: z.string(), description: z.string(), order: z.number(),
  /** Models of the brand on sale now. */
  modelCount: z.number(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandsSchema = z.array(brandSchema);

/** A model's figures over its offers in one condition (새상품, 리퍼, 중고). */
export const brandModelConditionSchema = z.object({
  condition: z.enum(PRODUCT_CONDITIONS),
  lowestPrice: z.number(),
  lowestMonthly: z.number(),
  lowestMonthlyKind: modelSummarySchema.shape.lowestMonthlyKind,
  lowestToday: modelSummarySchema.shape.lowestToday,
  sellerCount: z.number(),
  /** Units left over these offers. */
  stock: z.number(),
});
export type BrandModelCondition = z.infer<typeof brandModelConditionSchema>;

export const brandModelSchema = z.extend(modelSummarySchema, {
  specifications: z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string() }),
  /** Units left over all its offers (0: 품절). */
  stock: z.number(),
  /** One entry per condition it is sold in, 새상품 first. */
  conditions: z.array(brandModelConditionSchema),
});
export type BrandModel = z.infer<typeof brandModelSchema>;

export const brandCatalogueSchema = z.object({ brand: z.omit(brandSchema, { modelCount: true }), models: z.array(brandModelSchema) });
export type BrandCatalogue = z.infer<typeof brandCatalogueSchema>;

/** Units left at or below which a model reads '한정 수량' (above: '재고 있음'; none: '품절'). */
export const LIMITED_STOCK = 10;
