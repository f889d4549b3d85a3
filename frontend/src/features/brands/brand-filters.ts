import { LIMITED_STOCK } from '@phonemarket/contracts/brandCatalogue.ts';
import type { BrandModel } from '../../shared/api/catalogue';
import { CONDITION_LABEL } from '../../shared/format';

/** Brand page filters and sorts (spec §2, §9), applied on the client to the brand's models on sale. */

export type Availability = 'in-stock' | 'limited' | 'sold-out';
export const AVAILABILITY_LABEL: Record<Availability, string> = { 'in-stock': '재고 있음', limited: '한정 수량', 'sold-out': '품절' };

export type Condition = BrandModel['conditions'][number]['condition'];
export type ConditionFilter = 'all' | Condition;
export type AvailabilityFilter = 'all' | Availability;

/** '전체' first, then each value with its label. */
function filterOptions<V extends string>(labels: Record<V, string>): { value: 'all' | V; label: string }[] {
  return [{ value: 'all', label: '전체' }, ...(Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }))];
}

export const CONDITION_FILTERS = filterOptions(CONDITION_LABEL);
export const AVAILABILITY_FILTERS = filterOptions(AVAILABILITY_LABEL);

export const BRAND_SORTS = [
  { value: 'popular', label: '인기순' },
  { value: 'price-low', label: '낮은 가격순' },
  { value: 'price-high', label: '높은 가격순' },
  { value: 'rating', label: '평점순' },
  { value: 'reviews', label: '리뷰순' },
] as const;
export type BrandSort = (typeof BRAND_SORTS)[number]['value'];

export interface BrandFilters {
  condition: ConditionFilter;
  availability: AvailabilityFilter;
  sort: BrandSort;
}

export const DEFAULT_FILTERS: BrandFilters = { condition: 'all', availability: 'all', sort: 'popular' };

function oneOf<T extends string>(options: readonly { value: T }[], raw: string | null, fallback: T): T {
  return options.find((o) => o.value === raw)?.value ?? fallback;
}

/** Reads the filters from the URL (?condition=&availability=&sort=); unknown values fall back to the defaults. */
export function parseFilters(params: URLSearchParams): BrandFilters {
  return {
    condition: oneOf(CONDITION_FILTERS, params.get('condition'), DEFAULT_FILTERS.condition),
    availability: oneOf(AVAILABILITY_FILTERS, params.get('availability'), DEFAULT_FILTERS.availability),
    sort: toBrandSort(params.get('sort')),
  };
}

export function toBrandSort(raw: string | null): BrandSort {
  return oneOf(BRAND_SORTS, raw, DEFAULT_FILTERS.sort);
}

export function availabilityOf(stock: number): Availability {
  if (stock <= 0) return 'sold-out';
  return stock <= LIMITED_STOCK ? 'limited' : 'in-stock';
}

/** The figures a card shows: the model's over all its offers, or over those of the chosen condition. */
export interface ModelView {
  model: BrandModel;
  /** The condition the figures are of (null: all of them). */
  condition: Condition | null;
  lowestPrice: number;
  lowestMonthly: number;
  lowestMonthlyKind: BrandModel['lowestMonthlyKind'];
  lowestToday: BrandModel['lowestToday'];
  sellerCount: number;
  stock: number;
  availability: Availability;
}

export function viewOf(model: BrandModel, condition: ConditionFilter): ModelView | null {
  if (condition === 'all') {
    const { lowestPrice, lowestMonthly, lowestMonthlyKind, lowestToday, sellerCount, stock } = model;
    return { model, condition: null, lowestPrice, lowestMonthly, lowestMonthlyKind, lowestToday, sellerCount, stock, availability: availabilityOf(stock) };
  }
  const c = model.conditions.find((x) => x.condition === condition);
  return c ? { ...c, model, condition, availability: availabilityOf(c.stock) } : null;
}

type Compare = (a: ModelView, b: ModelView) => number;

const byRating: Compare = (a, b) => b.model.rating - a.model.rating;
const byReviews: Compare = (a, b) => b.model.reviewCount - a.model.reviewCount;
const byName: Compare = (a, b) => a.model.name.localeCompare(b.model.name, 'ko');

const SORTERS: Record<BrandSort, Compare[]> = {
  // popular: most viewed, then the best scored offers
  popular: [(a, b) => b.model.viewCount - a.model.viewCount, (a, b) => b.model.score - a.model.score],
  'price-low': [(a, b) => a.lowestPrice - b.lowestPrice],
  'price-high': [(a, b) => b.lowestPrice - a.lowestPrice],
  rating: [byRating, byReviews],
  reviews: [byReviews, byRating],
};

export function sortViews(views: readonly ModelView[], sort: BrandSort): ModelView[] {
  const chain = [...SORTERS[sort], byName];
  return [...views].sort((a, b) => {
    for (const compare of chain) {
      const d = compare(a, b);
      if (d !== 0) return d;
    }
    return 0;
  });
}

/** The cards to show: models sold in the chosen condition, with the chosen availability, in the chosen order. */
export function filterModels(models: readonly BrandModel[], filters: BrandFilters): ModelView[] {
  const views = models.flatMap((m) => viewOf(m, filters.condition) ?? []).filter((v) => filters.availability === 'all' || v.availability === filters.availability);
  return sortViews(views, filters.sort);
}
