import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { NO_CONDITIONS, offerConditionsSchema, type OfferConditions } from './conditions.ts';
import { PRODUCT_CONDITIONS } from './catalogue.ts';
import { JOIN_TYPES, OFFER_CARRIERS, USED_GRADES } from './models.ts';
import { SELLER_STATUSES } from './sellers.ts';
import { groupThousands } from './text.ts';
import { DISCOUNT_TYPES, extraSubsidyProblem } from './pricing.ts';
import type { ProductCondition } from './catalogue.ts';

/**
 * The seller dashboard (spec seller-admin-support §2 '셀러 대시보드'): the signed-in seller's own
 * offers, their 활성/비활성 toggle and their price. The routes validate with the request schemas
 * below and the dashboard's forms resolve with the same ones.
 */
export const SELLER_OFFERS_PATH = '/api/seller/offers';
export const offerPricePath = (offerId: string) => `/api/offers/${encodeURIComponent(offerId)}/price`;
export const offerActivePath = (offerId: string) => `/api/offers/${encodeURIComponent(offerId)}/active`;
export const offerStockPath = (offerId: string) => `/api/offers/${encodeURIComponent(offerId)}/stock`;
export const OFFERS_PATH = '/api/offers';

/**
 * A seller's own listing (중고·리퍼 상품 tab, issue 27) is sold as the offer `sp-<productId>`; its price
 * and stock are the listing's, changed there, not on the offer.
 */
export const SELLER_PRODUCT_OFFER_PREFIX = 'sp-';
export const isSellerProductOffer = (offerId: string) => offerId.startsWith(SELLER_PRODUCT_OFFER_PREFIX);

/** The highest 판매가 or 추가지원금 a seller may enter (won). */
export const MAX_OFFER_PRICE = 10_000_000;

const won = (label: string) => z.number({ error: `${josa(label, '을/를')} 숫자(원)로 입력해주세요.` }).check(
  z.int({ error: `${josa(label, '은/는')} 원 단위 정수여야 합니다.` }),
  z.minimum(0, { error: `${josa(label, '은/는')} 0원 이상이어야 합니다.` }),
  z.maximum(MAX_OFFER_PRICE, { error: `${josa(label, '은/는')} ${groupThousands(MAX_OFFER_PRICE)}원 이하여야 합니다.` }),
);

export const OFFER_PRICE_MESSAGES = {
  invalid: '가격을 확인해주세요.',
  subsidyAbovePrice: '추가지원금은 판매가를 넘을 수 없습니다.',
} as const;

/** `POST /api/offers/{id}/price`: a new 판매가 and 추가지원금, effective now. */
export const offerPriceSchema = z.object({ price: won('판매가'), extraSubsidy: won('추가지원금') }).check(
  z.superRefine((value, ctx) => {
    if (value.extraSubsidy > value.price) ctx.addIssue({ code: 'custom', message: OFFER_PRICE_MESSAGES.subsidyAbovePrice, path: ['extraSubsidy'], input: value.extraSubsidy });
  }),
);
export type OfferPriceInput = z.infer<typeof offerPriceSchema>;

/**
 * What an offer's 판매가 and 추가지원금 are checked against beyond their shape: a new phone's 출고가 (`releasePrice`,
 * the most its 판매가 may be; a 중고·리퍼 unit's price is the seller's own) and the 공시지원금 of its plans (the
 * 추가지원금 at most the 판매가 less the largest, else the pricing module would shrink the 공시지원금 the buyer reads).
 */
export interface OfferPriceFacts { condition: ProductCondition; releasePrice: number | null; plans: readonly { subsidy: number }[] }

/** The Korean refusals of a 판매가 and 추가지원금 for an offer, per field (none: they fit); the routes and the dialogs say the same. */
export function offerPriceProblems(facts: OfferPriceFacts, input: { price: number; extraSubsidy: number }): Partial<Record<'price' | 'extraSubsidy', string>> {
  const problems: Partial<Record<'price' | 'extraSubsidy', string>> = {};
  if (facts.condition === 'new' && facts.releasePrice !== null && input.price > facts.releasePrice) {
    problems.price = `새 휴대폰의 판매가는 출고가 ${groupThousands(facts.releasePrice)}원을 넘을 수 없습니다.`;
  }
  const subsidy = facts.plans.reduce((most, p) => Math.max(most, p.subsidy), 0);
  const tooMuch = input.extraSubsidy <= input.price ? extraSubsidyProblem({ devicePrice: input.price, subsidy, priceLabel: '판매가' }, input.extraSubsidy) : null;
  if (tooMuch) problems.extraSubsidy = tooMuch;
  return problems;
}

/** The most units one offer may have in stock. */
export const MAX_OFFER_STOCK = 999;

const stockUnits = (least: number) => z.number({ error: '재고를 숫자로 입력해주세요.' }).check(
  z.int({ error: '재고는 정수여야 합니다.' }),
  z.minimum(least, { error: `재고는 ${least}대 이상이어야 합니다.` }),
  z.maximum(MAX_OFFER_STOCK, { error: `재고는 ${MAX_OFFER_STOCK}대 이하여야 합니다.` }),
);

export const OFFER_STOCK_MESSAGES = {
  invalid: '재고를 확인해주세요.',
  sellerProduct: '중고·리퍼 상품의 재고는 중고·리퍼 상품 탭에서 수정해주세요.',
} as const;

/**
 * `PUT /api/offers/{id}/stock` (재고 수정): the units on sale from now on, beside the units orders and
 * open checkouts already hold (those stay theirs; a cancelled one's units come back on top, ADR 014).
 * 0 marks the offer 품절.
 */
export const offerStockSchema = z.object({ stock: stockUnits(0) });
export type OfferStockInput = z.infer<typeof offerStockSchema>;

/**
 * `POST /api/offers`: the seller sells a new phone on the terms of an offer already on the market
 * (model, storage, carrier, 가입유형, the carrier's plans and 공시지원금, 출고가), with their own
 * 추가지원금 and stock. The terms are the carrier's, the same for every seller; a used or
 * refurbished unit is one of a kind and cannot be copied.
 */
export const listOfferSchema = z.object({
  sameTermsAs: z.string({ error: '판매 조건을 선택해주세요.' }).check(z.trim(), z.minLength(1, { error: '판매 조건을 선택해주세요.' }), z.maxLength(200, { error: '판매 조건을 선택해주세요.' })),
  extraSubsidy: won('추가지원금'),
  stock: stockUnits(1),
  /** Issue 40: the seller's own conditions on this offer (none: the offer has none; never copied from the terms' offer). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
});
export type ListOfferInput = z.input<typeof listOfferSchema>;

export const LIST_OFFER_MESSAGES = {
  invalid: '등록할 상품을 확인해주세요.',
  termsNotFound: '선택한 판매 조건을 찾을 수 없습니다.',
  /** The seller sells on these terms already: one offer per seller and terms, restocked from 상품 관리. */
  alreadyListed: '이미 등록된 판매 조건입니다. 상품 관리에서 재고를 수정해주세요.',
  notNew: '중고·리퍼 상품은 한 대뿐이라 같은 조건으로 등록할 수 없습니다.',
  subsidyAbovePrice: OFFER_PRICE_MESSAGES.subsidyAbovePrice,
  /** A 요금제 유지 of a plan the offer does not take. */
  planKeepPlan: '요금제 유지의 요금제는 이 상품이 받는 요금제 중 하나여야 합니다.',
  planKeepUnlocked: '자급제 상품에는 요금제 유지 조건을 넣을 수 없습니다.',
} as const;

/** The Korean reason a 요금제 유지 does not fit the offer's plans (null: it fits). */
export function planKeepProblem(conditions: OfferConditions, planIds: readonly string[]): string | null {
  const keep = conditions.planKeep;
  if (!keep) return null;
  if (planIds.length === 0) return LIST_OFFER_MESSAGES.planKeepUnlocked;
  return keep.planId !== null && !planIds.includes(keep.planId) ? LIST_OFFER_MESSAGES.planKeepPlan : null;
}

/** `PUT /api/offers/{id}/active`: on sale (활성) or off sale (비활성). */
export const offerActiveSchema = z.object({ active: z.boolean({ error: '활성 여부를 선택해주세요.' }) });
export type OfferActiveInput = z.infer<typeof offerActiveSchema>;

export const OFFER_ACTIVE_LABELS = { active: '활성', inactive: '비활성' } as const;

/** One of the seller's offers as the dashboard lists it (inactive ones too). */
export const sellerOfferSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  name: z.string(),
  brand: z.string(),
  img: z.string(),
  storage: z.number(),
  condition: z.enum(PRODUCT_CONDITIONS),
  grade: z.nullable(z.enum(USED_GRADES)),
  carrier: z.enum(OFFER_CARRIERS),
  joinType: z.nullable(z.enum(JOIN_TYPES)),
  /** 판매가 and the seller's 추가지원금 (won). */
  price: z.number(),
  extraSubsidy: z.number(),
  /** 출고가 of the variant (a new phone's 판매가 is at most it) and the largest 공시지원금 of its plans (0: none): what 가격 수정 checks against. */
  releasePrice: z.number(),
  maxSubsidy: z.number(),
  /** The headline 할부원금 and 월 납부금 shoppers see (cheapest plan, 24 months). */
  principal: z.number(),
  monthlyTotal: z.number(),
  /** What that headline assumes (s62 seller walkthrough: the card did not say): the plan, the 할인 방식 and the months; null for a unit paid in full (no plan). */
  headlineBasis: z.nullable(z.object({ planName: z.string(), discount: z.enum(DISCOUNT_TYPES), months: z.number() })),
  /** Units left to sell, and units orders hold (sold and not cancelled). */
  stock: z.number(),
  sold: z.number(),
  active: z.boolean(),
  listedAt: z.string(),
});
export type SellerOffer = z.infer<typeof sellerOfferSchema>;

/** `GET /api/seller/offers`: the signed-in seller's store and every offer of it, newest first. */
export const sellerOffersSchema = z.object({
  seller: z.object({ id: z.string(), storeName: z.string(), status: z.enum(SELLER_STATUSES) }),
  offers: z.array(sellerOfferSchema),
  summary: z.object({ total: z.number(), active: z.number(), inactive: z.number() }),
});
export type SellerOffers = z.infer<typeof sellerOffersSchema>;

/** `offer:stock` to the seller's sockets: one offer's units left and sold, after a checkout or a cancel. */
export const offerStockPushSchema = z.object({ offerId: z.string(), stock: z.number(), sold: z.number() });
export type OfferStockPush = z.infer<typeof offerStockPushSchema>;
