import type { ProductQuery, ProductSort } from '../../shared/api/catalogue';
import { formatStorage } from '../../shared/format';

export const ALL = 'all';

/** Spec §5 filter options. Values are what the API takes; labels are what the visitor reads. */
export const CARRIER_OPTIONS = [
  { value: ALL, label: '전체 통신사' },
  { value: 'SKT', label: 'SKT' },
  { value: 'KT', label: 'KT' },
  { value: 'LG U+', label: 'LG U+' },
] as const;

export const STORAGE_OPTIONS = [
  { value: ALL, label: '전체 용량' },
  ...[128, 256, 512, 1024].map((gb) => ({ value: String(gb), label: formatStorage(gb) })),
];

/** Monthly payment at or below (won). */
export const BUDGET_OPTIONS = [
  { value: ALL, label: '전체 예산' },
  { value: '80000', label: '8만원 이하' },
  { value: '100000', label: '10만원 이하' },
  { value: '120000', label: '12만원 이하' },
  { value: '150000', label: '15만원 이하' },
] as const;

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'score', label: '추천순' },
  { value: 'priceAsc', label: '낮은 가격순' },
  { value: 'priceDesc', label: '높은 가격순' },
  { value: 'new', label: '최신순' },
  { value: 'popular', label: '인기순' },
];

export interface HomeFilters {
  carrier: string;
  storage: string;
  budget: string;
  sort: ProductSort;
}

export const DEFAULT_FILTERS: HomeFilters = { carrier: ALL, storage: ALL, budget: ALL, sort: 'score' };

export const FILTER_LABELS: Record<keyof HomeFilters, string> = {
  carrier: '통신사',
  storage: '저장용량',
  budget: '월 예산',
  sort: '정렬',
};

const OPTIONS: Record<keyof HomeFilters, readonly { value: string; label: string }[]> = {
  carrier: CARRIER_OPTIONS,
  storage: STORAGE_OPTIONS,
  budget: BUDGET_OPTIONS,
  sort: SORT_OPTIONS,
};

export function optionsFor(key: keyof HomeFilters): readonly { value: string; label: string }[] {
  return OPTIONS[key];
}

export function optionLabel(key: keyof HomeFilters, value: string): string {
  return OPTIONS[key].find((o) => o.value === value)?.label ?? value;
}

export function isDefaultFilters(filters: HomeFilters): boolean {
  return (Object.keys(DEFAULT_FILTERS) as (keyof HomeFilters)[]).every((k) => filters[k] === DEFAULT_FILTERS[k]);
}

/** The feed's product query for these filters and search text (page and limit added by the feed). */
export function toProductQuery(filters: HomeFilters, q: string): ProductQuery {
  return {
    q: q.trim() || undefined,
    carrier: filters.carrier === ALL ? undefined : filters.carrier,
    storage: filters.storage === ALL ? undefined : Number(filters.storage),
    budget: filters.budget === ALL ? undefined : Number(filters.budget),
    sort: filters.sort,
  };
}
