import { z } from 'zod';
import { JOIN_TYPES, MODEL_CHIPS, OFFER_CARRIERS, PRODUCT_CONDITIONS } from '@phonemarket/contracts';
import { badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';

export const SORTS = ['score', 'priceAsc', 'priceDesc', 'new', 'popular'] as const;
export const STORAGES = [128, 256, 512, 1024] as const;
export const DEFAULT_LIMIT = 8;
export const MAX_LIMIT = 100;

const ALL = 'all';
const intText = (message: string) => z.string().regex(/^\d{1,9}$/, { error: message }).transform(Number);

/** Query parameters of GET /api/products; anything outside these values is a 400 with a Korean message. */
export const productListQuery = z.object({
  q: z.string().trim().max(100, { error: '검색어는 100자 이하로 입력해주세요.' }).optional(),
  brand: z.string().trim().min(1, { error: '브랜드를 입력해주세요.' }).max(50).optional(),
  carrier: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === ALL || v === '') return undefined;
    const normalized = v.replace(/\s+/g, '').toUpperCase() === 'LGU+' ? 'LG U+' : v;
    if (!(OFFER_CARRIERS as readonly string[]).includes(normalized)) {
      ctx.addIssue({ code: 'custom', message: '통신사는 SKT, KT, LG U+, 자급제 중 하나여야 합니다.' });
      return z.NEVER;
    }
    return normalized as (typeof OFFER_CARRIERS)[number];
  }),
  storage: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === ALL || v === '') return undefined;
    const n = Number(v);
    if (!(STORAGES as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: '저장용량은 128, 256, 512, 1024 중 하나여야 합니다.' });
      return z.NEVER;
    }
    return n;
  }),
  budget: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === ALL || v === '') return undefined;
    if (!/^\d{1,9}$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: '예산은 0 이상의 숫자(원)로 입력해주세요.' });
      return z.NEVER;
    }
    return Number(v);
  }),
  condition: z.enum(PRODUCT_CONDITIONS, { error: '상태는 new, refurbished, used 중 하나여야 합니다.' }).optional(),
  joinType: z.enum(JOIN_TYPES, { error: '가입유형은 신규, 번호이동, 기기변경 중 하나여야 합니다.' }).optional(),
  chip: z.enum(MODEL_CHIPS, { error: `필터는 ${MODEL_CHIPS.join(', ')} 중 하나여야 합니다.` }).optional(),
  sort: z.enum(SORTS, { error: '정렬은 score, priceAsc, priceDesc, new, popular 중 하나여야 합니다.' }).default('score'),
  page: intText('페이지는 1 이상의 숫자로 입력해주세요.').pipe(z.number().int().min(1, { error: '페이지는 1 이상이어야 합니다.' })).default(1),
  limit: intText('개수는 1~100 사이의 숫자로 입력해주세요.').pipe(z.number().int().min(1, { error: '개수는 1 이상이어야 합니다.' }).max(MAX_LIMIT, { error: `개수는 ${MAX_LIMIT} 이하여야 합니다.` })).default(DEFAULT_LIMIT),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** Only single string values: `?sort=a&sort=b` arrives as an array and is refused. */
export function singleValues(query: Record<string, unknown>, keys: readonly string[]): { values: Record<string, string | undefined>; arrays: string[] } {
  const values: Record<string, string | undefined> = {};
  const arrays: string[] = [];
  for (const key of keys) {
    const v = query[key];
    if (Array.isArray(v) || (v !== undefined && typeof v !== 'string')) arrays.push(key);
    else values[key] = v;
  }
  return { values, arrays };
}

/** The query keys lists take (`GET /api/products`, `GET /api/models`). */
export const LIST_KEYS = ['q', 'brand', 'carrier', 'storage', 'budget', 'condition', 'joinType', 'chip', 'sort', 'page', 'limit'] as const;

/** Parses a list query: one value per key, each known, else a 400 with Korean field errors. */
export function parseListQuery(query: Record<string, unknown>, message: string): ProductListQuery {
  const { values, arrays } = singleValues(query, LIST_KEYS);
  if (arrays.length) throw badRequest('같은 조건을 여러 번 보낼 수 없습니다.', Object.fromEntries(arrays.map((k) => [k, '한 번만 보내주세요.'])));
  return parseInput(productListQuery, values, message);
}

/** What the list sorts read, computed once per item (not per comparison). */
export interface SortKey { id: string; score: number; price: number; date: string; views: number }

/** Sort orders: ties broken by id, so pages never overlap. */
export function byListSort(sort: (typeof SORTS)[number]): (a: SortKey, b: SortKey) => number {
  const cmp: Record<(typeof SORTS)[number], (a: SortKey, b: SortKey) => number> = {
    score: (a, b) => b.score - a.score,
    priceAsc: (a, b) => a.price - b.price,
    priceDesc: (a, b) => b.price - a.price,
    new: (a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0),
    popular: (a, b) => b.views - a.views || b.score - a.score,
  };
  const order = cmp[sort];
  return (a, b) => order(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The first `count` items in `cmp` order, in order, without sorting them all: a list's page 1 of 12
 * among 2,000 models costs one comparison per item instead of a full sort.
 */
export function firstInOrder<T>(items: readonly T[], count: number, cmp: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(cmp).slice(0, count);
  const top: T[] = [];
  for (const item of items) {
    if (top.length === count && cmp(item, top[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(top[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, item);
    if (top.length > count) top.pop();
  }
  return top;
}
