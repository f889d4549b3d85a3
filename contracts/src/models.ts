import * as z from 'zod/mini';
import { CARRIERS, PRODUCT_CONDITIONS, sellerListingSchema } from './catalogue.ts';
import { DISCOUNT_TYPES, INSTALLMENT_MONTHS, PAYERS } from './pricing.ts';
import { NO_CONDITIONS, offerConditionsSchema } from './conditions.ts';
import { shopTrustSchema } from './shopTrust.ts';
import { preApprovalBadgeSchema } from './preApproval.ts';
import { groupThousands } from './text.ts';

/**
 * Phone models and sellers' offers (issue 10): what shoppers compare by. A model (갤럭시 S26 울트라)
 * has storage variants with their 출고가 and colours; an offer is one seller's listing of one
 * variant on one carrier and 가입유형. Every price in these answers comes from `pricing.ts`.
 */

/** Carriers an offer may be on: the three carriers, or 자급제 (unlocked, no plan, no 공시지원금). */
export const OFFER_CARRIERS = [...CARRIERS, '자급제'] as const;
export type OfferCarrier = (typeof OFFER_CARRIERS)[number];
export const UNLOCKED: OfferCarrier = '자급제';

/** 가입유형. 자급제 offers have none (null). */
export const JOIN_TYPES = ['신규', '번호이동', '기기변경'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

/** Grades of used units (새상품 and 리퍼 have none). */
export const USED_GRADES = ['S', 'A', 'B'] as const;
export type UsedGrade = (typeof USED_GRADES)[number];

export { CONDITION_LABELS, LOWEST_MONTHLY_SUFFIX } from './constants.ts';

/**
 * The home chip row as real filters (`?chip=`): 번호이동 → 가입유형, 무제한 → an unlimited-data plan,
 * 10만원대 → 월 납부금 100,000–199,999원, 신상품 → released in the last 6 months, 가성비 → 최저가
 * ≤ 700,000원, 5G → 5G models, 프리미엄 → 출고가 ≥ 1,500,000원, 중고폰 → used, 공시혜택 → 공시지원금 ≥ 300,000원.
 */
export const MODEL_CHIPS = ['번호이동', '무제한', '10만원대', '신상품', '가성비', '5G', '프리미엄', '중고폰', '공시혜택'] as const;
export type ModelChip = (typeof MODEL_CHIPS)[number];
export const CHIP_RULES = {
  recentMonths: 6,
  valueMaxPrice: 700_000,
  premiumMinReleasePrice: 1_500_000,
  subsidyMin: 300_000,
  monthlyBand: { min: 100_000, max: 199_999 },
} as const;

export const MODEL_SORTS = ['score', 'priceAsc', 'priceDesc', 'new', 'popular'] as const;

/** What a model's headline 최저 월 is of (issue 30: like with like): a new unit on a carrier plan, else the kind the card names. */
export const LOWEST_MONTHLY_KINDS = ['plan', 'used', 'refurbished', 'unlocked'] as const;
export type LowestMonthlyKind = (typeof LOWEST_MONTHLY_KINDS)[number];
export type ModelSort = (typeof MODEL_SORTS)[number];

/** A seller as shoppers see it. Issue 11 adds accounts and suspension; a suspended seller's offers are hidden everywhere. */
export const sellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  storeName: z.string(),
  /** The seller's store page (`/store/{storeId}`); null for a seller without a store. */
  storeId: z.nullable(z.string()),
  rating: z.number(),
  deals: z.number(),
  verified: z.boolean(),
  /** Its shop reviews' figures (issue 41): rating, count and 조건 준수율, or '리뷰 적음' under 5. */
  trust: shopTrustSchema,
  /** Its verified 사전승낙서 (issue 41): the badge's number and carrier; null without one (absent: an answer from before). */
  preApproval: z._default(z.nullable(preApprovalBadgeSchema), null),
});
export type Seller = z.infer<typeof sellerSchema>;

export const priceQuoteSchema = z.object({
  discount: z.enum(DISCOUNT_TYPES),
  months: z.number(),
  devicePrice: z.number(),
  subsidy: z.number(),
  extraSubsidy: z.number(),
  principal: z.number(),
  monthlyDevice: z.number(),
  planFee: z.number(),
  planDiscount: z.number(),
  monthlyPlan: z.number(),
  monthlyTotal: z.number(),
  totalCost: z.number(),
  // Issue 40: the conditions counted (absent in answers before them: none).
  totalCost24: z.optional(z.number()),
  keepMonths: z._default(z.number(), 0),
  laterPlanFee: z._default(z.number(), 0),
  laterMonthlyPlan: z._default(z.number(), 0),
  addOnCost: z._default(z.number(), 0),
  simFee: z._default(z.number(), 0),
  cardDiscount: z._default(z.number(), 0),
  cardDiscountAvailable: z._default(z.number(), 0),
});

/** '왜 이 금액인가요?': one line of a figure, who pays it (`pricing.ts` `priceBreakdown`). */
export const breakdownLineSchema = z.object({ label: z.string(), amount: z.number(), payer: z.enum(PAYERS), detail: z.string() });
export const breakdownSchema = z._default(z.array(breakdownLineSchema), []);
/** '요금제를 N개월 뒤 바꾸면': per month, the 차액정산/반환 charged and the 실부담 of the period. */
export const planChangesSchema = z._default(z.array(z.object({ month: z.number(), settlement: z.number(), totalCost: z.number() })), []);

/** A quote as answers carry it (the pricing module's `PriceQuote`). */
export type QuotedPrice = z.infer<typeof priceQuoteSchema>;

const colorSchema = z.object({ name: z.string(), hex: z.string(), available: z.boolean() });
const specificationsSchema = z.object({ display: z.string(), camera: z.string(), battery: z.string(), os: z.string(), chip: z.string(), weight: z.string() });
/** A plan as offers carry it; `setupFee` is the carrier's 개통비 (billed once, on the first month's bill; 0 when none). */
export const offerPlanSchema = z.object({ id: z.string(), name: z.string(), carrier: z.string(), monthlyFee: z.number(), setupFee: z._default(z.number(), 0), data: z.string(), unlimited: z.boolean() });
export type OfferPlan = z.infer<typeof offerPlanSchema>;

/**
 * The 개통비 line shown where the buyer decides and pays (s61): a disclosed extra the carrier bills on the first
 * month, outside every total here. Null for 자급제 (no plan) or a plan without one; s62: also for an order line from
 * before its 개통비 was kept (`setupFee` null: unknown, never a wrong 0).
 */
export function setupFeeNote(plan: { setupFee: number | null } | null | undefined): string | null {
  return plan?.setupFee ? `개통비 ${groupThousands(plan.setupFee)}원 (통신사 첫 달 요금에 청구)` : null;
}

/** One item of `GET /api/models`: a model with its cheapest offer among those matching the filters. */
export const modelSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  series: z.string(),
  img: z.string(),
  releasedAt: z.string(),
  isNew: z.boolean(),
  storages: z.array(z.number()),
  /** 최저가: the lowest 할부원금 among the matching offers (each priced with its cheapest plan and 할인 방식, 24개월). */
  lowestPrice: z.number(),
  /**
   * 최저 월: the lowest 월 납부금 among the matching new units on a carrier plan (like with like); only
   * when there are none, among the others, and `lowestMonthlyKind` says which kind it is of.
   */
  lowestMonthly: z.number(),
  /** What 최저 월 is of: 'plan' (a new unit with a plan) or 'used' (중고), 'refurbished' (리퍼), 'unlocked' (자급제). */
  lowestMonthlyKind: z.enum(LOWEST_MONTHLY_KINDS),
  /**
   * The 오늘 결제 금액 (`priceHeadline`) of the offer 최저 월 is of when that offer is paid in full (자급제, 중고·리퍼:
   * no carrier 할부, so no 월 a list may show); null when it is a carrier offer. Lists then read '최저 일시불 (자급제) N원'.
   */
  lowestToday: z.nullable(z.number()),
  offerCount: z.number(),
  sellerCount: z.number(),
  /** The offer the lowest price belongs to (the product page opens on it). */
  cheapestOfferId: z.string(),
  score: z.number(),
  viewCount: z.number(),
  badges: z.array(z.string()),
  /** From real reviews (issue 12): their average (one decimal, 0 when none) and how many. */
  rating: z.number(),
  reviewCount: z.number(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;
/**
 * One answer of `GET /api/search?q=` (the header's suggestions, best match first): a model with the figures its
 * list headline reads (`modelHeadline`: '최저 월 N원', or '최저 일시불 (자급제) N원' for a model sold only paid in
 * full; s60: the suggestions read what the lists read, never a 월 nobody bills).
 */
export const searchSuggestionSchema = z.pick(modelSummarySchema, {
  id: true, name: true, brand: true, lowestPrice: true, lowestMonthly: true, lowestMonthlyKind: true, lowestToday: true,
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
export const searchSuggestionsSchema = z.array(searchSuggestionSchema);
export const modelListSchema = z.object({ models: z.array(modelSummarySchema), total: z.number() });
export type ModelList = z.infer<typeof modelListSchema>;

/** `GET /api/models/{id}`. */
export const modelDetailSchema = z.extend(modelSummarySchema, {
  description: z.string(),
  specifications: specificationsSchema,
  colors: z.array(colorSchema),
  /** The storage variants the model really has, each with its 출고가. */
  variants: z.array(z.object({ storage: z.number(), releasePrice: z.number() })),
  /** What the model's offers cover: the product page's options. */
  carriers: z.array(z.enum(OFFER_CARRIERS)),
  joinTypes: z.array(z.enum(JOIN_TYPES)),
  conditions: z.array(z.enum(PRODUCT_CONDITIONS)),
  plans: z.array(offerPlanSchema),
});
export type ModelDetail = z.infer<typeof modelDetailSchema>;

/** One offer priced for the chosen options. */
export const modelOfferSchema = z.object({
  offerId: z.string(),
  modelId: z.string(),
  seller: sellerSchema,
  storage: z.number(),
  condition: z.enum(PRODUCT_CONDITIONS),
  grade: z.nullable(z.enum(USED_GRADES)),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
  /** The plan this price is for (null: 자급제/no plan). */
  plan: z.nullable(offerPlanSchema),
  /** How long the plan must be kept (months; 0 when none). */
  requiredMonths: z.number(),
  stock: z.number(),
  badges: z.array(z.string()),
  quote: priceQuoteSchema,
  /** A seller's own listing (issue 39): shown with its photos, title, battery and terms; absent or null for a catalogue offer. */
  listing: z.optional(z.nullable(sellerListingSchema)),
  /** Issue 40: the offer's conditions, its figure's lines and what a later plan change costs. */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
  breakdown: breakdownSchema,
  planChanges: planChangesSchema,
});
export type ModelOffer = z.infer<typeof modelOfferSchema>;

/**
 * How `GET /api/models/{id}/offers` orders: 24개월 실부담 (총비용), 월 납부금 or 할부원금, cheapest first;
 * or by the shop (issue 41): 매장 평점 or 조건 준수율, highest first ('리뷰 적음' shops last), cheapest among equals.
 */
export const MODEL_OFFER_SORTS = ['total', 'monthly', 'principal', 'rating', 'conditions'] as const;
export const MODEL_OFFER_SORT_LABELS: Record<(typeof MODEL_OFFER_SORTS)[number], string> = {
  total: '24개월 실부담', monthly: '월 납부금', principal: '할부원금', rating: '매장 평점', conditions: '조건 준수율',
};
/**
 * The 판매처 list's sort select as the buyer reads it (s60). On a list every offer of which is paid in full
 * (`paidInFullOnly`: each `isPaidInFull`, as 자급제 and 중고·리퍼 are) there is no months' 실부담, no 월 납부금 and no
 * 할부원금: `offerPriceOrder` orders it by what is paid today under every price sort, so the three are one order and
 * read as one, '결제 금액 낮은순' (shown on the default key 'total'; a link's 'monthly' or 'principal' selects it too).
 * The keys stay the route's; a list with a carrier offer reads `MODEL_OFFER_SORT_LABELS` as before.
 */
export const PAID_IN_FULL_SORT_LABEL = '결제 금액 낮은순';
const PRICE_SORTS: readonly ModelOfferSort[] = ['total', 'monthly', 'principal'];
export function modelOfferSortChoices(paidInFullOnly: boolean, sort: ModelOfferSort): { value: ModelOfferSort; options: { value: ModelOfferSort; label: string }[] } {
  if (!paidInFullOnly) return { value: sort, options: MODEL_OFFER_SORTS.map((v) => ({ value: v, label: `${MODEL_OFFER_SORT_LABELS[v]}순` })) };
  const options = MODEL_OFFER_SORTS.flatMap((v): { value: ModelOfferSort; label: string }[] => (v === 'total' ? [{ value: v, label: PAID_IN_FULL_SORT_LABEL }] : PRICE_SORTS.includes(v) ? [] : [{ value: v, label: `${MODEL_OFFER_SORT_LABELS[v]}순` }]));
  return { value: PRICE_SORTS.includes(sort) ? 'total' : sort, options };
}
/** `minRating`: only shops with at least this rating (and 5 reviews or more). */
export const MIN_SHOP_RATINGS = ['3', '4', '4.5'] as const;
export type ModelOfferSort = (typeof MODEL_OFFER_SORTS)[number];
export const MODEL_OFFERS_PAGE_SIZE = 20;
export const MODEL_OFFERS_MAX_PAGE_SIZE = 100;
/** One value of a filter: how many offers have it (the other filters applied) and how many of those have units left. */
const facetValueSchema = z.object({ value: z.string(), count: z.number(), inStock: z.number() });
export type ModelOfferFacetValue = z.infer<typeof facetValueSchema>;

/**
 * `GET /api/models/{id}/offers?storage=&carrier=&joinType=&plan=&condition=&discount=&months=&sort=&page=&limit=`:
 * one page (20 by default) of the model's offers priced for the chosen options, cheapest first by `sort`,
 * with the counts per value of each filter (`facets`, each counted with the other filters applied) and
 * the lowest figures per carrier. Only the page is priced (issue 37).
 */
export const modelOffersSchema = z.object({
  modelId: z.string(),
  offers: z.array(modelOfferSchema),
  sort: z.enum(MODEL_OFFER_SORTS),
  page: z.number(),
  limit: z.number(),
  /** Offers matching every filter. */
  total: z.number(),
  facets: z.object({
    storage: z.array(facetValueSchema), carrier: z.array(facetValueSchema), joinType: z.array(facetValueSchema),
    plan: z.array(facetValueSchema), condition: z.array(facetValueSchema), discount: z.array(facetValueSchema),
  }),
  /** Per carrier (the other filters applied): its cheapest offer's 24개월 실부담, 월 납부금 and 할부원금 at that offer's own cheapest terms. */
  lowestByCarrier: z.array(z.object({ carrier: z.enum(OFFER_CARRIERS), offerId: z.string(), totalCost: z.number(), monthlyTotal: z.number(), principal: z.number() })),
});
export type ModelOffers = z.infer<typeof modelOffersSchema>;

/** `GET /api/models/{id}/price-history?days=30|90|365`: the lowest offer price on sale (할부원금, as on the card) at the end of each day, oldest first. */
export const PRICE_HISTORY_DAYS = [30, 90, 365] as const;
export const priceHistorySchema = z.object({
  modelId: z.string(),
  days: z.number(),
  points: z.array(z.object({ date: z.string(), lowestPrice: z.number() })),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** What the product page sends to price offers (and the cart stores per line). */
export const offerChoiceSchema = z.object({
  planId: z.optional(z.nullable(z.string())),
  discount: z.optional(z.enum(DISCOUNT_TYPES)),
  months: z.optional(z.union(INSTALLMENT_MONTHS.map((m) => z.literal(m)) as [z.ZodMiniLiteral<24>, z.ZodMiniLiteral<30>, z.ZodMiniLiteral<36>])),
});

export const RANK_CHANGES = ['up', 'down', 'same'] as const;

/** `GET /api/products/ranking` and the `ranking:update` push: ranked models (issue 10: ranking is of models). */
export const rankingItemSchema = z.extend(modelSummarySchema, {
  rank: z.number(),
  change: z.enum(RANK_CHANGES),
  changeValue: z.number(),
});
export type RankingItem = z.infer<typeof rankingItemSchema>;
export const rankingSchema = z.array(rankingItemSchema);

/** `POST /api/searches` (a search made on the results page): the term, trimmed with single spaces. */
export const searchTermSchema = z.object({
  q: z.pipe(
    z.string({ error: '검색어를 입력해주세요.' }).check(z.trim()),
    z.transform((v: string) => v.replace(/\s+/g, ' ')),
  ).check(z.minLength(2, { error: '검색어는 2자 이상 입력해주세요.' }), z.maxLength(50, { error: '검색어는 50자 이하로 입력해주세요.' })),
});

/**
 * What a visit counted at most once per visitor per 10 minutes answers: `POST /api/searches` (a search on the results
 * page) and `POST /api/products/:id/views` (a model's page viewed): the command's `{ id, position }` and whether this
 * one was counted (201 when it was, 200 when it was not).
 */
export const countedAnswerSchema = z.object({ id: z.string(), position: z.string(), counted: z.boolean() });
export type CountedAnswer = z.infer<typeof countedAnswerSchema>;

/** `GET /api/search/popular`: the most searched terms of the last 7 days that return results (most first). */
export const POPULAR_SEARCH_DAYS = 7;
export const POPULAR_SEARCH_COUNT = 3;
export const popularSearchesSchema = z.object({ terms: z.array(z.string()) });
export type PopularSearches = z.infer<typeof popularSearchesSchema>;
