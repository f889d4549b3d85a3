import type { ProductSort } from '../../shared/api/catalogue';

/** Category page sorts (spec §9) and how each maps onto the API's `sort`. */
export const CATEGORY_SORTS = [
  { value: 'popular', label: '인기순', api: 'popular' },
  { value: 'price-low', label: '낮은 가격순', api: 'priceAsc' },
  { value: 'price-high', label: '높은 가격순', api: 'priceDesc' },
  { value: 'rating', label: '평점순', api: 'score' },
  { value: 'newest', label: '최신순', api: 'new' },
] as const satisfies readonly { value: string; label: string; api: ProductSort }[];

export type CategorySort = (typeof CATEGORY_SORTS)[number]['value'];
export type CategoryView = 'grid' | 'list';

export const DEFAULT_SORT: CategorySort = 'popular';
export const DEFAULT_VIEW: CategoryView = 'grid';
/** Products per "load more" page (divisible by the 2/3/4 grid columns). */
export const CATEGORY_PAGE_SIZE = 12;
/** Spec §9: category grid cards show 2 badges, list rows 3, then '+n'. */
export const MAX_BADGES: Record<CategoryView, number> = { grid: 2, list: 3 };

export function toCategorySort(raw: string | null): CategorySort {
  return CATEGORY_SORTS.find((s) => s.value === raw)?.value ?? DEFAULT_SORT;
}

export function toCategoryView(raw: string | null): CategoryView {
  return raw === 'list' ? 'list' : DEFAULT_VIEW;
}

export function apiSort(sort: CategorySort): ProductSort {
  return CATEGORY_SORTS.find((s) => s.value === sort)?.api ?? 'popular';
}
