import { z } from 'zod';
import { CARRIERS, CATEGORY_KEYS } from '@phonemarket/events';
import type { Filter, Sort } from '@phonemarket/projector';

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
    if (!(CARRIERS as readonly string[]).includes(normalized)) {
      ctx.addIssue({ code: 'custom', message: '통신사는 SKT, KT, LG U+ 중 하나여야 합니다.' });
      return z.NEVER;
    }
    return normalized as (typeof CARRIERS)[number];
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

export const SORT_ORDER: Record<(typeof SORTS)[number], Sort> = {
  score: { score: -1, _id: 1 },
  priceAsc: { price: 1, _id: 1 },
  priceDesc: { price: -1, _id: 1 },
  new: { createdAt: -1, _id: 1 },
  popular: { viewCount: -1, score: -1, _id: 1 },
};

/** `brand` is a brand (any case) or one of the six category keys. */
export function brandFilter(brand: string): Filter {
  const category = CATEGORY_KEYS.find((k) => k.toLowerCase() === brand.toLowerCase());
  const brandKey = brand.toLowerCase();
  return category ? { $or: [{ categories: category }, { brandKey }] } : { brandKey };
}

export function productFilter(q: ProductListQuery, matchedIds: string[] | null): Filter {
  const and: Filter[] = [];
  if (matchedIds) and.push({ _id: { $in: matchedIds } });
  if (q.brand) and.push(brandFilter(q.brand));
  if (q.carrier) and.push({ carrier: q.carrier });
  if (q.storage) and.push({ storage: q.storage });
  if (q.budget !== undefined) and.push({ monthly: { $lte: q.budget } });
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
}
