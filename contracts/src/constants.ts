import type { ProductCondition } from './catalogue.ts';
import type { LowestMonthlyKind } from './models.ts';

/**
 * Plain values of the contracts, without zod: what a page's first screen imports. The modules that
 * define schemas re-export them, so callers import them from where they always did; a module of
 * theirs in the browser's first scripts would bring every schema it defines, and zod, along
 * (ADR 009, issue 37 part 5).
 */

/** Carriers sold through (spec §9). */
export const CARRIERS = ['SKT', 'KT', 'LG U+'] as const;

export const CONDITION_LABELS: Record<ProductCondition, string> = { new: '새상품', refurbished: '리퍼', used: '중고' };

/** '최저 월' with the kind it is of: '' for a new unit on a plan, ' (중고)', ' (리퍼)', ' (자급제)'. */
export const LOWEST_MONTHLY_SUFFIX: Record<LowestMonthlyKind, string> = { plan: '', used: ' (중고)', refurbished: ' (리퍼)', unlocked: ' (자급제)' };

/* Compare (issue 42 §4). */
export const COMPARE_MIN_MODELS = 2;
export const COMPARE_MAX_MODELS = 4;

export const CART_PATH = '/api/cart';
export const cartItemChoicePath = (itemId: string) => `${CART_PATH}/items/${encodeURIComponent(itemId)}/choice`;
