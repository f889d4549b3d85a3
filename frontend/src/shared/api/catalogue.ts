import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  CARRIERS,
  productDetailSchema,
  productListSchema,
  productSchema,
  rankingItemSchema,
  rankingSchema,
  type Carrier,
  type Product,
  type ProductDetail,
  type ProductList,
  type RankingItem,
} from '@phonemarket/contracts';
import { apiFetch, orNotFound } from './client';
import { brandCatalogueSchema, brandSchema } from '@phonemarket/contracts/brandCatalogue.ts';

/**
 * Catalogue answers of the query API, validated at the boundary. Shared by every storefront
 * feature (home, category, brand, product, calculators), so it lives in shared/. The product
 * answers are the server's own schemas (@phonemarket/contracts).
 */
export { CARRIERS, productDetailSchema, productListSchema, productSchema, rankingItemSchema, rankingSchema };
export type { Carrier, Product, ProductDetail, ProductList, RankingItem };

export const categorySchema = z.object({ id: z.string(), key: z.string(), label: z.string(), count: z.number(), img: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const adSchema = z.object({
  id: z.string(), title: z.string(), description: z.string(), img: z.string(), badge: z.string(), badgeColor: z.string(),
  link: z.string(), type: z.string(), placement: z.string(), order: z.number(), isActive: z.boolean(),
  startDate: z.nullable(z.string()), endDate: z.nullable(z.string()),
});
export type Ad = z.infer<typeof adSchema>;

export const planSchema = z.object({
  id: z.string(), name: z.string(), carrier: z.enum(CARRIERS), monthlyFee: z.number(), setupFee: z.number(),
  data: z.string(), voice: z.string(), sms: z.string(), benefits: z.array(z.string()), discountRate: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export { brandCatalogueSchema, brandModelSchema, brandSchema, LIMITED_STOCK } from '@phonemarket/contracts/brandCatalogue.ts';
export type { Brand, BrandCatalogue, BrandModel, BrandModelCondition } from '@phonemarket/contracts/brandCatalogue.ts';

export type ProductSort = 'score' | 'priceAsc' | 'priceDesc' | 'new' | 'popular';
export interface ProductQuery {
  q?: string;
  brand?: string;
  carrier?: string;
  storage?: number;
  budget?: number;
  /** A home chip as a filter (issue 10: '번호이동', '무제한', …). */
  chip?: string;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

/** Drops empty and 'all' values so the query key (and URL) only carries real filters. */
export function cleanProductQuery(query: ProductQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== 'all') out[k] = v;
  return out;
}

export const PATHS = {
  products: '/api/products',
  product: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  productViews: (id: string) => `/api/products/${encodeURIComponent(id)}/views`,
  ranking: '/api/products/ranking',
  categories: '/api/categories',
  ads: '/api/ads',
  plans: '/api/plans',
  brands: '/api/brands',
  brand: (brand: string) => `/api/brands/${encodeURIComponent(brand)}`,
} as const;

/** Spec §9: the ranking is refetched every 30 seconds (and pushed live over Socket.IO). */
export const RANKING_REFETCH_MS = 30_000;

export function useProducts(query: ProductQuery, options: { enabled?: boolean } = {}) {
  const params = cleanProductQuery(query);
  return useQuery({
    queryKey: [PATHS.products, params],
    queryFn: ({ signal }) => apiFetch(PATHS.products, { params, schema: productListSchema, signal }),
    enabled: options.enabled ?? true,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: [PATHS.product(id ?? '')],
    queryFn: ({ signal }) => orNotFound(apiFetch(PATHS.product(id ?? ''), { schema: productDetailSchema, signal })),
    enabled: Boolean(id),
  });
}

export function useRanking() {
  return useQuery({
    queryKey: [PATHS.ranking],
    queryFn: ({ signal }) => apiFetch(PATHS.ranking, { schema: rankingSchema, signal }),
    refetchInterval: RANKING_REFETCH_MS,
  });
}

export function useCategories() {
  return useQuery({ queryKey: [PATHS.categories], queryFn: ({ signal }) => apiFetch(PATHS.categories, { schema: z.array(categorySchema), signal }) });
}

export function useAds() {
  return useQuery({ queryKey: [PATHS.ads], queryFn: ({ signal }) => apiFetch(PATHS.ads, { schema: z.array(adSchema), signal }) });
}

export function usePlans() {
  return useQuery({ queryKey: [PATHS.plans], queryFn: ({ signal }) => apiFetch(PATHS.plans, { schema: z.array(planSchema), signal }) });
}

export function useBrands() {
  return useQuery({ queryKey: [PATHS.brands], queryFn: ({ signal }) => apiFetch(PATHS.brands, { schema: z.array(brandSchema), signal }) });
}

export function useBrandCatalogue(brand: string | undefined) {
  return useQuery({
    queryKey: [PATHS.brand((brand ?? '').toLowerCase())],
    queryFn: ({ signal }) => orNotFound(apiFetch(PATHS.brand((brand ?? '').toLowerCase()), { schema: brandCatalogueSchema, signal })),
    enabled: Boolean(brand),
  });
}
