import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DiscountType, ModelDetail, ModelList, ModelOffer, ModelOffers, ModelOfferSort, ModelSummary, PriceHistory,
} from '@phonemarket/contracts';
import { apiFetch, orNotFound } from './client';

/**
 * Phone models and their offers (issue 10): home, category, brand, search and product pages all
 * read them, so they live in shared/. Every figure comes priced from the server (the contracts'
 * pricing module); pages show it as is.
 */
export type { ModelDetail, ModelList, ModelOffer, ModelOffers, ModelSummary, PriceHistory };

/** The answers' schemas, loaded with the first request: not part of the first screen's scripts (client.ts `LazySchema`). */
export const modelSchemas = () => import('@phonemarket/contracts/models.ts');

export const MODEL_PATHS = {
  models: '/api/models',
  model: (id: string) => `/api/models/${encodeURIComponent(id)}`,
  offers: (id: string) => `/api/models/${encodeURIComponent(id)}/offers`,
  history: (id: string) => `/api/models/${encodeURIComponent(id)}/price-history`,
} as const;

/** `GET /api/models` filters: the same as the product list's. Empty values and 'all' are dropped. */
export interface ModelQuery {
  q?: string;
  brand?: string;
  carrier?: string;
  storage?: number | string;
  budget?: number | string;
  condition?: string;
  joinType?: string;
  chip?: string;
  sort?: string;
  page?: number;
  limit?: number;
}

export function cleanQuery<T extends object>(query: T): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '' && v !== 'all') out[k] = v as string | number;
  return out;
}

export const modelsQueryOptions = (query: ModelQuery) => {
  const params = cleanQuery(query);
  return queryOptions({
    queryKey: [MODEL_PATHS.models, params],
    queryFn: ({ signal }) => apiFetch(MODEL_PATHS.models, { params, schema: () => modelSchemas().then((s) => s.modelListSchema), signal }),
  });
};

export function useModels(query: ModelQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...modelsQueryOptions(query), enabled: options.enabled ?? true, placeholderData: keepPreviousData });
}

export function useModel(id: string | undefined) {
  return useQuery({
    queryKey: [MODEL_PATHS.model(id ?? '')],
    queryFn: ({ signal }) => orNotFound(apiFetch(MODEL_PATHS.model(id ?? ''), { schema: () => modelSchemas().then((s) => s.modelDetailSchema), signal })),
    enabled: Boolean(id),
  });
}

/** The choices the offers are priced for (`GET /api/models/{id}/offers`). */
export interface OfferChoices {
  storage?: number;
  carrier?: string;
  joinType?: string;
  plan?: string;
  discount?: DiscountType;
  months?: number;
  /** Issue 41: by price (default) or by the shop, and only shops rated at least `minRating`. */
  sort?: ModelOfferSort | undefined;
  minRating?: string | undefined;
  /** Only shops with a verified 사전승낙서 ('1'). */
  preApproved?: '1' | undefined;
  /** A page at a time (issue 37): 20 by default, at most 100. */
  limit?: number;
}

export function useModelOffers(id: string | undefined, choices: OfferChoices, options: { enabled?: boolean } = {}) {
  const params = cleanQuery(choices);
  return useQuery({
    queryKey: [MODEL_PATHS.offers(id ?? ''), params],
    queryFn: ({ signal }) => apiFetch<ModelOffers>(MODEL_PATHS.offers(id ?? ''), { params, schema: () => modelSchemas().then((s) => s.modelOffersSchema), signal }),
    enabled: Boolean(id) && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}

export function usePriceHistory(id: string, days: 30 | 90) {
  return useQuery({
    queryKey: [MODEL_PATHS.history(id), { days }],
    queryFn: ({ signal }) => apiFetch(MODEL_PATHS.history(id), { params: { days }, schema: () => modelSchemas().then((s) => s.priceHistorySchema), signal }),
  });
}
