import type { BrandModel } from '../../shared/api/catalogue';
import { CONDITION_LABEL } from '../../shared/format';

/** Brand page filters and sorts (spec §2, §9), applied on the client to the static catalogue. */

export const AVAILABILITY_LABEL: Record<BrandModel['availability'], string> = { 'in-stock': '재고 있음', limited: '한정 수량' };

export type ConditionFilter = 'all' | BrandModel['condition'];
export type AvailabilityFilter = 'all' | BrandModel['availability'];

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

/** Popularity = reviewCount × rating (a well-rated model with many reviews ranks first). */
export function popularity(model: Pick<BrandModel, 'rating' | 'reviewCount'>): number {
  return model.reviewCount * model.rating;
}

type Compare = (a: BrandModel, b: BrandModel) => number;

const byRating: Compare = (a, b) => b.rating - a.rating;
const byReviews: Compare = (a, b) => b.reviewCount - a.reviewCount;
const byName: Compare = (a, b) => a.name.localeCompare(b.name, 'ko');

const SORTERS: Record<BrandSort, Compare[]> = {
  // popular: reviewCount × rating, then rating, then reviews
  popular: [(a, b) => popularity(b) - popularity(a), byRating, byReviews],
  'price-low': [(a, b) => a.price - b.price],
  'price-high': [(a, b) => b.price - a.price],
  rating: [byRating, byReviews],
  reviews: [byReviews, byRating],
};

export function sortModels(models: readonly BrandModel[], sort: BrandSort): BrandModel[] {
  const chain = [...SORTERS[sort], byName];
  return [...models].sort((a, b) => {
    for (const compare of chain) {
      const d = compare(a, b);
      if (d !== 0) return d;
    }
    return 0;
  });
}

export function filterModels(models: readonly BrandModel[], filters: BrandFilters): BrandModel[] {
  const matching = models.filter(
    (m) => (filters.condition === 'all' || m.condition === filters.condition) && (filters.availability === 'all' || m.availability === filters.availability),
  );
  return sortModels(matching, filters.sort);
}
