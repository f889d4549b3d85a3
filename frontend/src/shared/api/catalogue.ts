import { useQuery } from '@tanstack/react-query';
import type { Carrier, Product, ProductDetail, ProductList, RankingItem } from '@phonemarket/contracts';
import { CARRIERS } from '@phonemarket/contracts/constants.ts';
import { apiFetch, orNotFound } from './client';

/**
 * Catalogue answers of the query API, validated at the boundary. Shared by every storefront
 * feature (home, category, brand, product, calculators), so it lives in shared/. The product
 * answers are the server's own schemas (@phonemarket/contracts).
 */
export { CARRIERS };
export type { Carrier, Product, ProductDetail, ProductList, RankingItem };
export type { Ad, Category, Plan } from './catalogueSchemas';

/**
 * The answers' schemas, each module loaded with its first request: not part of the first
 * screen's scripts (client.ts `LazySchema`, ADR 009).
 */
const productSchemas = () => import('@phonemarket/contracts/catalogue.ts');
const modelSchemas = () => import('@phonemarket/contracts/models.ts');
const brandSchemas = () => import('@phonemarket/contracts/brandCatalogue.ts');
const catalogueSchemas = () => import('./catalogueSchemas');

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
    queryFn: ({ signal }) => apiFetch(PATHS.products, { params, schema: () => productSchemas().then((s) => s.productListSchema), signal }),
    enabled: options.enabled ?? true,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: [PATHS.product(id ?? '')],
    queryFn: ({ signal }) => orNotFound(apiFetch(PATHS.product(id ?? ''), { schema: () => productSchemas().then((s) => s.productDetailSchema), signal })),
    enabled: Boolean(id),
  });
}

export function useRanking() {
  return useQuery({
    queryKey: [PATHS.ranking],
    queryFn: ({ signal }) => apiFetch(PATHS.ranking, { schema: () => modelSchemas().then((s) => s.rankingSchema), signal }),
    refetchInterval: RANKING_REFETCH_MS,
  });
}

export function useCategories() {
  return useQuery({ queryKey: [PATHS.categories], queryFn: ({ signal }) => apiFetch(PATHS.categories, { schema: () => catalogueSchemas().then((s) => s.categoriesSchema), signal }) });
}

export function useAds() {
  return useQuery({ queryKey: [PATHS.ads], queryFn: ({ signal }) => apiFetch(PATHS.ads, { schema: () => catalogueSchemas().then((s) => s.adsSchema), signal }) });
}

export function usePlans() {
  return useQuery({ queryKey: [PATHS.plans], queryFn: ({ signal }) => apiFetch(PATHS.plans, { schema: () => catalogueSchemas().then((s) => s.plansSchema), signal }) });
}

export function useBrands() {
  return useQuery({ queryKey: [PATHS.brands], queryFn: ({ signal }) => apiFetch(PATHS.brands, { schema: () => brandSchemas().then((s) => s.brandsSchema), signal }) });
}

export function useBrandCatalogue(brand: string | undefined) {
  return useQuery({
    queryKey: [PATHS.brand((brand ?? '').toLowerCase())],
    queryFn: ({ signal }) => orNotFound(apiFetch(PATHS.brand((brand ?? '').toLowerCase()), { schema: () => brandSchemas().then((s) => s.brandCatalogueSchema), signal })),
    enabled: Boolean(brand),
  });
}
