import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { historyEntrySchema } from './admin.ts';
import { CARRIERS } from './catalogue.ts';
import type { JOIN_TYPES } from './models.ts';
import { activationFields, conditionConfirmFields } from './orders.ts';
import { addOnSchema, cardDealSchema, offerConditionsSchema as offerConditionsAnswerSchema, conditionMessage, conditionsHiddenInText, settlementSchema, type OfferConditions } from './conditions.ts';
import { DISCOUNT_TYPES, INSTALLMENT_MONTHS, extraSubsidyProblem, quote, totalCostLabel, type DiscountType, type PriceQuote } from './pricing.ts';
import { plainName, plainText } from './text.ts';
import { naegujeConfirmFields } from './scamGuard.ts';
import { shopTrustSchema } from './shopTrust.ts';
import { TOTAL_24_LABEL } from './priceWatch.ts';

/*
 * Quote matching (역경매, issue 25): a buyer's request, sellers' sealed offers compared on one figure
 * (24개월 실부담), one accepted into an order. Its own module (`@phonemarket/contracts/quotes.ts`), so
 * pages without quotes never load it. Every figure is priced by `pricing.ts`; this module only adds the
 * add-ons' fees to the module's 24개월 총비용.
 */

export const QUOTE_REQUESTS_PATH = '/api/quote-requests';
export const quoteRequestPath = (id: string) => `${QUOTE_REQUESTS_PATH}/${encodeURIComponent(id)}`;
export const SELLER_QUOTE_REQUESTS_PATH = '/api/seller/quote-requests';
export const ADMIN_QUOTE_REQUESTS_PATH = '/api/admin/quote-requests';
export const QUOTE_MARKET_PATH = '/api/quote-market';

export const QUOTE_CARRIERS = [...CARRIERS, 'any'] as const;
export type QuoteCarrier = (typeof QUOTE_CARRIERS)[number];
export const QUOTE_JOIN_TYPES = ['번호이동', '기기변경', '신규'] as const satisfies readonly (typeof JOIN_TYPES)[number][];
export const QUOTE_PLANS = ['basic', 'standard', 'premium', '5g-unlimited', 'any'] as const;
export type QuotePlan = (typeof QUOTE_PLANS)[number];
export const QUOTE_PLAN_LABELS: Record<QuotePlan, string> = { basic: '베이직 (5만원 이하)', standard: '스탠다드 (5~7만원)', premium: '프리미엄 (7~9만원)', '5g-unlimited': '5G 무제한', any: '상관없음' };
export const QUOTE_BUDGETS = ['under-50', '50-100', '100-150', '150-200', 'over-200', 'any'] as const;
export type QuoteBudget = (typeof QUOTE_BUDGETS)[number];
export const QUOTE_BUDGET_LABELS: Record<QuoteBudget, string> = {
  'under-50': '50만원 미만', '50-100': '50~100만원', '100-150': '100~150만원', '150-200': '150~200만원', 'over-200': '200만원 이상', any: '상관없음',
};
export const QUOTE_DISCOUNTS = ['subsidy', 'selective', 'any'] as const;
export type QuoteDiscount = (typeof QUOTE_DISCOUNTS)[number];
/** An empty 용량 on a 견적 request, the same word on the request form, its summary and the request page (s61). */
export const QUOTE_STORAGE_ANY = '상관없음';
export const QUOTE_DISCOUNT_LABELS: Record<QuoteDiscount, string> = { subsidy: '공시지원금', selective: '선택약정 25%', any: '상관없음' };
export const QUOTE_CARRIER_LABELS: Record<QuoteCarrier, string> = { SKT: 'SKT', KT: 'KT', 'LG U+': 'LG U+', any: '상관없음' };
export const QUOTE_OPEN_HOURS = [6, 24, 48] as const;
export type QuoteOpenHours = (typeof QUOTE_OPEN_HOURS)[number];

/** The buyer chooses among the offers for this long after the request closes. */
export const QUOTE_DECIDE_HOURS = 48;
/** The buyer is told when the request closes in this many hours. */
export const QUOTE_CLOSING_SOON_HOURS = 6;
export const MAX_OPEN_QUOTE_REQUESTS = 3;
export const MAX_QUOTE_OFFERS = 10;
export const MAX_QUOTE_OFFER_REVISIONS = 2;
/** The figure offers are compared on. */
export const QUOTE_COMPARE_MONTHS = 24;
export const QUOTE_TOTAL_LABEL = TOTAL_24_LABEL;

export const QUOTE_REQUEST_STATUSES = ['open', 'closed', 'accepted', 'expired', 'closed_no_offers', 'cancelled'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];
export const QUOTE_REQUEST_STATUS_LABELS: Record<QuoteRequestStatus, string> = {
  open: '견적 접수 중', closed: '선택 대기', accepted: '수락 완료', expired: '기간 만료', closed_no_offers: '견적 없음', cancelled: '취소됨',
};
/** A request the buyer may still act on (counts toward `MAX_OPEN_QUOTE_REQUESTS`). */
export const isLiveQuoteRequest = (status: QuoteRequestStatus) => status === 'open' || status === 'closed';
export const QUOTE_OFFER_STATUSES = ['submitted', 'accepted', 'declined', 'expired'] as const;
export type QuoteOfferStatus = (typeof QUOTE_OFFER_STATUSES)[number];
export const QUOTE_OFFER_STATUS_LABELS: Record<QuoteOfferStatus, string> = { submitted: '제안 중', accepted: '선택됨', declined: '미선택', expired: '만료' };

export const QUOTE_MESSAGES = {
  invalidRequest: '견적 요청 내용을 확인해주세요.',
  invalidOffer: '견적 내용을 확인해주세요.',
  invalidAccept: '수락 내용을 확인해주세요.',
  model: '모델을 선택해주세요.',
  unknownModel: '카탈로그에 없는 모델입니다. 목록에서 선택해주세요.',
  phone: '휴대폰 번호를 확인해주세요',
  name: '이름을 입력해주세요.',
  email: '이메일 형식을 확인해주세요.',
  tooManyOpen: `진행 중인 견적 요청은 최대 ${MAX_OPEN_QUOTE_REQUESTS}개입니다.`,
  closed: '견적 접수가 마감되었습니다.',
  full: '견적이 모두 접수되었습니다.',
  notFound: '견적 요청을 찾을 수 없습니다.',
  offerNotFound: '견적을 찾을 수 없습니다.',
  alreadyOffered: '이미 이 요청에 견적을 보냈습니다. 보낸 견적을 수정해주세요.',
  tooManyRevisions: `견적은 최대 ${MAX_QUOTE_OFFER_REVISIONS}번까지 수정할 수 있습니다.`,
  offerExpired: '유효기간이 지난 견적은 수락할 수 없습니다.',
  decided: '이미 결정된 견적 요청입니다.',
  notOpen: '진행 중인 견적 요청이 아닙니다.',
  cannotCancel: '접수 중인 견적 요청만 취소할 수 있습니다.',
  storage: '이 모델에 없는 용량입니다.',
  carrier: '이 조건으로 판매되는 통신사가 아닙니다.',
  joinType: '이 조건으로 판매되는 가입유형이 아닙니다.',
  planId: '이 조건으로 판매되는 요금제가 아닙니다.',
  recipient: '받는 분을 입력해주세요.',
  address: '배송 주소를 입력해주세요.',
} as const;

const trimmed = (max: number, message: string) => z.string({ error: message }).check(z.trim(), z.maxLength(max, { error: message }), plainText({ message }));
const intIn = (min: number, max: number, message: string) => z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, { error: message }), z.maximum(max, { error: message }));

/** `POST /api/quote-requests` and the `/matching` wizard. */
export const quoteRequestSchema = z.object({
  modelId: z.string({ error: QUOTE_MESSAGES.model }).check(z.trim(), z.minLength(1, { error: QUOTE_MESSAGES.model }), z.maxLength(100, { error: QUOTE_MESSAGES.model })),
  storage: z.optional(z.nullable(intIn(1, 4096, '용량을 선택해주세요.'))),
  color: z.optional(trimmed(30, '색상은 30자 이하로 입력해주세요.')),
  carrier: z.enum(QUOTE_CARRIERS, { error: '통신사를 선택해주세요.' }),
  joinType: z.enum(QUOTE_JOIN_TYPES, { error: '가입유형을 선택해주세요.' }),
  plan: z.enum(QUOTE_PLANS, { error: '요금제를 선택해주세요.' }),
  budget: z.enum(QUOTE_BUDGETS, { error: '예산을 선택해주세요.' }),
  discount: z.enum(QUOTE_DISCOUNTS, { error: '할인 방식을 선택해주세요.' }),
  name: z.string({ error: QUOTE_MESSAGES.name }).check(
    z.trim(), z.minLength(2, { error: '이름을 2자 이상 입력해주세요.' }), z.maxLength(20, { error: '이름은 20자 이하로 입력해주세요.' }), plainName(),
  ),
  phone_number: z.string({ error: QUOTE_MESSAGES.phone }).check(z.trim(), z.regex(/^01[016789]-\d{3,4}-\d{4}$/, { error: QUOTE_MESSAGES.phone })),
  email: z.optional(z.string({ error: QUOTE_MESSAGES.email }).check(
    z.trim(), z.maxLength(100, { error: QUOTE_MESSAGES.email }), z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: QUOTE_MESSAGES.email }),
  )),
  region: z.optional(trimmed(30, '지역은 30자 이하로 입력해주세요.')),
  openHours: z.literal(QUOTE_OPEN_HOURS, { error: '접수 기간을 선택해주세요.' }),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequestValues = z.output<typeof quoteRequestSchema>;

const won = (label: string, max = 10_000_000) => intIn(0, max, `${josa(label, '은/는')} 0원 이상 ${max.toLocaleString('ko-KR')}원 이하의 정수로 입력해주세요.`);

/** A quote offer's 부가서비스: the one shape of conditions (`conditions.ts`). */
export const quoteAddOnSchema = addOnSchema;
export type QuoteAddOn = z.output<typeof quoteAddOnSchema>;

/** `POST /api/quote-requests/{id}/offers` and `PUT …/offers/{offerId}`: the seller's terms; the prices come from the market's terms. */
export const quoteOfferSchema = z.object({
  storage: intIn(1, 4096, '용량을 선택해주세요.'),
  carrier: z.enum(CARRIERS, { error: '통신사를 선택해주세요.' }),
  joinType: z.enum(QUOTE_JOIN_TYPES, { error: '가입유형을 선택해주세요.' }),
  planId: z.string({ error: '요금제를 선택해주세요.' }).check(z.trim(), z.minLength(1, { error: '요금제를 선택해주세요.' }), z.maxLength(100, { error: '요금제를 선택해주세요.' })),
  discount: z.enum(DISCOUNT_TYPES, { error: '할인 방식을 선택해주세요.' }),
  months: z.literal(INSTALLMENT_MONTHS, { error: '할부 개월을 선택해주세요.' }),
  extraSubsidy: won('추가지원금'),
  planKeepMonths: intIn(0, 36, '요금제 유지 개월은 0~36개월로 입력해주세요.'),
  addOns: z.array(quoteAddOnSchema, { error: '부가서비스를 확인해주세요.' }).check(z.maxLength(6, { error: '부가서비스는 6개까지 넣을 수 있습니다.' })),
  cardRequired: z.boolean({ error: '제휴카드 조건을 선택해주세요.' }),
  tradeInRequired: z.boolean({ error: '기기 반납 조건을 선택해주세요.' }),
  validHours: z.optional(intIn(1, 24 * 14, '유효시간은 1~336시간으로 입력해주세요.')),
  note: z.optional(z.string({ error: '메모를 확인해주세요.' }).check(z.trim(), z.maxLength(200, { error: '메모는 200자 이하로 입력해주세요.' }), plainText({ multiline: true }))),
  // Issue 40: the rest of the one shape of conditions (요금제 유지 and 부가서비스 are the fields above).
  card: z._default(z.nullable(cardDealSchema), null),
  simFee: z._default(intIn(0, 100_000, '유심/eSIM 비용은 0원 이상 100,000원 이하의 정수로 입력해주세요.'), 0),
  settlement: z._default(z.nullable(settlementSchema), null),
  breach: z._default(z.string({ error: '조건 위반 시 안내를 확인해주세요.' }).check(
    z.trim(), z.maxLength(300, { error: '조건 위반 시 안내는 300자 이하로 입력해주세요.' }), plainText({ multiline: true }),
  ), ''),
}).check(z.superRefine((v, ctx) => {
  // No condition only in the message: each one it names must be in its field (issue 40).
  const hidden = conditionsHiddenInText([v.note ?? ''], {
    planKeep: v.planKeepMonths > 0, addOns: v.addOns.length > 0, card: v.card !== null || v.cardRequired, extraSubsidy: v.extraSubsidy > 0,
    simFee: v.simFee > 0, settlement: v.settlement !== null,
  });
  if (hidden.length) ctx.addIssue({ code: 'custom', message: conditionMessage(hidden[0]!), path: ['note'], input: v.note });
}));

/** A quote offer's conditions in the one shape: its 요금제 유지 is of the offer's own plan. */
export function quoteOfferConditions(v: Pick<QuoteOfferValues, 'planId' | 'planKeepMonths' | 'addOns' | 'card' | 'simFee' | 'settlement' | 'breach'>): OfferConditions {
  return {
    planKeep: v.planKeepMonths > 0 ? { planId: v.planId, months: v.planKeepMonths } : null,
    addOns: v.addOns, card: v.card, simFee: v.simFee, settlement: v.settlement, breach: v.breach,
  };
}
export type QuoteOfferInput = z.input<typeof quoteOfferSchema>;
export type QuoteOfferValues = z.output<typeof quoteOfferSchema>;

export const QUOTE_FULFILMENTS = ['delivery', 'visit'] as const;
export type QuoteFulfilment = (typeof QUOTE_FULFILMENTS)[number];
export const QUOTE_FULFILMENT_LABELS: Record<QuoteFulfilment, string> = { delivery: '택배 수령', visit: '매장 방문' };

/**
 * `POST /api/quote-requests/{id}/accept`: delivery needs the address. The order is a carrier line, so it
 * takes the checkout's 개통 fields (optional in the contract: an accept without them places an order
 * without 개통, `activation: null`; with any of them the server checks them all against the offer's line
 * as checkout does). The 개통 method is `fulfilment`: delivery = 택배 개통, visit = 매장 방문.
 */
export const quoteAcceptSchema = z.object({
  offerId: z.string({ error: '수락할 견적을 선택해주세요.' }).check(z.minLength(1, { error: '수락할 견적을 선택해주세요.' }), z.maxLength(100, { error: '수락할 견적을 선택해주세요.' })),
  fulfilment: z.enum(QUOTE_FULFILMENTS, { error: '수령 방법을 선택해주세요.' }),
  recipient: z.optional(z.string({ error: QUOTE_MESSAGES.recipient }).check(z.trim(), z.maxLength(20, { error: '받는 분 이름은 20자 이하로 입력해주세요.' }), plainName())),
  address: z.optional(trimmed(100, '주소는 100자 이하로 입력해주세요.')),
  postcode: z.optional(z.string({ error: '우편번호는 5자리 숫자로 입력해주세요.' }).check(z.trim(), z.regex(/^(\d{5})?$/, { error: '우편번호는 5자리 숫자로 입력해주세요.' }))),
  addressDetail: z.optional(trimmed(100, '상세 주소는 100자 이하로 입력해주세요.')),
  ...activationFields,
  ...conditionConfirmFields,
  ...naegujeConfirmFields,
}).check(z.superRefine((v, ctx) => {
  if (v.fulfilment !== 'delivery') return;
  if (!v.recipient) ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.recipient, path: ['recipient'], input: v.recipient });
  if (!v.address) ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.address, path: ['address'], input: v.address });
  if (!v.postcode) ctx.addIssue({ code: 'custom', message: '우편번호를 입력해주세요.', path: ['postcode'], input: v.postcode });
}));
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;
export type QuoteAcceptValues = z.output<typeof quoteAcceptSchema>;

/**
 * What the market knows of one model's term (today: the terms offers are listed on): the prices an offer
 * is priced from; `laterPlanFee` the plan after 요금제 유지 (absent: the same plan).
 */
export interface QuoteMarketTerms { devicePrice: number; subsidy: number; planFee: number; laterPlanFee?: number }

/**
 * A quote offer's 추가지원금 on its term (null: it fits): with 공시지원금 at most 출고가 − 공시지원금, with 선택약정 at
 * most the 출고가 (`extraSubsidyProblem`). The route refuses above it and the offer form before sending.
 */
export function quoteExtraSubsidyProblem(terms: Pick<QuoteMarketTerms, 'devicePrice' | 'subsidy'>, discount: DiscountType, extraSubsidy: number): string | null {
  return extraSubsidyProblem(quoteSubsidyTaken(terms, discount), extraSubsidy);
}
/** What a quote offer's 추가지원금 is limited by: the 출고가 and the 공시지원금 the buyer takes (none with 선택약정). */
export function quoteSubsidyTaken(terms: Pick<QuoteMarketTerms, 'devicePrice' | 'subsidy'>, discount: DiscountType): { devicePrice: number; subsidy: number } {
  return { devicePrice: terms.devicePrice, subsidy: discount === 'subsidy' ? terms.subsidy : 0 };
}

/** An offer's priced figures: the pricing module's quote for the offer's 할부 months, plus the 24개월 comparison. */
export interface QuoteOfferFigures {
  /** Every figure of the offer as the buyer pays it (its own 할부 months), its conditions counted. */
  quote: PriceQuote;
  /** The module's 24개월 device and plan cost (the 실부담 without 부가서비스 and 유심/eSIM). */
  cost24: number;
  /** Σ add-on fee × min(its months, 24). */
  addOnCost: number;
  /** `QUOTE_TOTAL_LABEL` (24개월 실부담, the pricing module's `totalCost24`): what offers are compared and ranked on. */
  totalCost: number;
}

/** Prices an offer with the one pricing function, conditions included; the server stores these figures and the offer form shows the same before sending. */
export function priceQuoteOffer(
  terms: QuoteMarketTerms,
  offer: { discount: QuoteOfferValues['discount']; months: QuoteOfferValues['months']; extraSubsidy: number; conditions: Partial<Pick<OfferConditions, 'planKeep' | 'addOns' | 'card' | 'simFee' | 'settlement'>> },
): QuoteOfferFigures {
  const c = offer.conditions;
  const conditions = {
    keepMonths: c.planKeep?.months ?? 0, laterPlanFee: terms.laterPlanFee ?? terms.planFee, addOns: c.addOns ?? [], card: c.card ?? null, cardUsed: false,
    simFee: c.simFee ?? 0, settlement: c.settlement ?? null,
  };
  const input = { devicePrice: terms.devicePrice, subsidy: terms.subsidy, extraSubsidy: offer.extraSubsidy, planFee: terms.planFee, conditions };
  const own = quote(input, { discount: offer.discount, months: offer.months });
  const q24 = offer.months === QUOTE_COMPARE_MONTHS ? own : quote(input, { discount: offer.discount, months: QUOTE_COMPARE_MONTHS });
  return { quote: own, cost24: q24.totalCost - q24.addOnCost - q24.simFee, addOnCost: q24.addOnCost, totalCost: q24.totalCost };
}
export const QUOTE_COST24_LABEL = totalCostLabel(QUOTE_COMPARE_MONTHS);

// ---- Answers ----

const priceQuoteAnswer = z.object({
  discount: z.enum(DISCOUNT_TYPES), months: z.number(), devicePrice: z.number(), subsidy: z.number(), extraSubsidy: z.number(), principal: z.number(),
  monthlyDevice: z.number(), planFee: z.number(), planDiscount: z.number(), monthlyPlan: z.number(), monthlyTotal: z.number(), totalCost: z.number(),
});

export const quoteOfferAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_OFFER_STATUSES),
  /** `trust`: the shop's figures from its shop reviews, read when answered (issue 41). */
  seller: z.object({ id: z.string(), storeName: z.string(), rating: z.number(), deals: z.number(), trust: shopTrustSchema }),
  storage: z.number(),
  carrier: z.enum(CARRIERS),
  joinType: z.enum(QUOTE_JOIN_TYPES),
  planId: z.string(),
  planName: z.string(),
  discount: z.enum(DISCOUNT_TYPES),
  months: z.number(),
  extraSubsidy: z.number(),
  planKeepMonths: z.number(),
  addOns: z.array(z.object({ name: z.string(), monthlyFee: z.number(), months: z.number() })),
  cardRequired: z.boolean(),
  tradeInRequired: z.boolean(),
  note: z.nullable(z.string()),
  /** Issue 40: the offer's conditions in the one shape (shown at accept, confirmed into the order). */
  conditions: offerConditionsAnswerSchema,
  /** The plan after 요금제 유지 the offer's 실부담 counts (null: offers priced before it counted the same plan). */
  laterPlanName: z._default(z.nullable(z.string()), null),
  figures: priceQuoteAnswer,
  cost24: z.number(),
  addOnCost: z.number(),
  /** 24개월 실부담. */
  totalCost: z.number(),
  /**
   * 1 = the lowest totalCost (ties: the earlier offer). Sealed (issue 35): null to the offer's own seller
   * until the request is decided (accepted, expired or cancelled); the owner and admins always see it.
   */
  rank: z.nullable(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
  validUntil: z.string(),
  revisions: z.number(),
  /** Issue 27: the carrier's terms under this open offer changed since it was sent ('조건 변경됨'). */
  termsChanged: z.boolean(),
});
export type QuoteOfferAnswer = z.infer<typeof quoteOfferAnswerSchema>;

const requestFields = {
  id: z.string(),
  model: z.object({ id: z.string(), name: z.string() }),
  storage: z.nullable(z.number()),
  color: z.nullable(z.string()),
  carrier: z.enum(QUOTE_CARRIERS),
  joinType: z.enum(QUOTE_JOIN_TYPES),
  plan: z.enum(QUOTE_PLANS),
  budget: z.enum(QUOTE_BUDGETS),
  discount: z.enum(QUOTE_DISCOUNTS),
  region: z.nullable(z.string()),
  openHours: z.number(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  createdAt: z.string(),
  closesAt: z.string(),
  decideBy: z.string(),
  offerCount: z.number(),
};
/** The lowest 24개월 실부담 among the offers: the owner's and admins' only, never a seller's (sealed offers, issue 35). */
const bestTotalCost = z.nullable(z.number());

/** `GET /api/quote-requests/{id}`: contact details only for the owner, admins and (after acceptance) the winning seller. */
export const quoteRequestAnswerSchema = z.object({
  ...requestFields,
  /** Owner and admins only (absent for a seller). */
  bestTotalCost: z.optional(bestTotalCost),
  name: z.optional(z.string()),
  phone_number: z.optional(z.string()),
  email: z.optional(z.nullable(z.string())),
  /** Owner and admins: every offer, by totalCost; a seller: its own only. */
  offers: z.array(quoteOfferAnswerSchema),
  acceptedOfferId: z.nullable(z.string()),
  /** The order the accepted offer became (owner, admins, the winning seller). */
  orderId: z.nullable(z.string()),
  /** After the decision, to a seller whose offer lost: the winning figure. */
  winningTotalCost: z.nullable(z.number()),
  viewer: z.enum(['owner', 'admin', 'seller']),
});
export type QuoteRequestAnswer = z.infer<typeof quoteRequestAnswerSchema>;

/** `GET /api/quote-requests/mine`. */
export const myQuoteRequestsSchema = z.object({
  items: z.array(z.object({
    id: z.string(), model: z.object({ id: z.string(), name: z.string() }), status: z.enum(QUOTE_REQUEST_STATUSES),
    offerCount: z.number(), bestTotalCost: z.nullable(z.number()), closesAt: z.string(), decideBy: z.string(),
  })),
});
export type MyQuoteRequests = z.infer<typeof myQuoteRequestsSchema>;

export const SELLER_QUOTE_FILTERS = ['open', 'mine', 'won', 'lost'] as const;
export type SellerQuoteFilter = (typeof SELLER_QUOTE_FILTERS)[number];
export const SELLER_QUOTE_FILTER_LABELS: Record<SellerQuoteFilter, string> = { open: '접수 중', mine: '보낸 견적', won: '수락됨', lost: '미선택' };

/**
 * `GET /api/seller/quote-requests?status=`: no contact details, no other seller's figure and no best figure;
 * the offer count and the seller's own offer (its `rank` null), and after the decision the winning figure
 * and the seller's rank (ADR 019).
 */
export const sellerQuoteRequestsSchema = z.object({
  items: z.array(z.object({
    ...requestFields,
    myOffer: z.nullable(quoteOfferAnswerSchema),
    winningTotalCost: z.nullable(z.number()),
    myRank: z.nullable(z.number()),
  })),
});
export type SellerQuoteRequests = z.infer<typeof sellerQuoteRequestsSchema>;
export type SellerQuoteRequest = SellerQuoteRequests['items'][number];

/** `GET /api/admin/quote-requests?status=&q=`. */
export const adminQuoteRequestsSchema = z.object({
  items: z.array(z.object({ ...requestFields, bestTotalCost, buyerId: z.string(), name: z.string(), acceptedOfferId: z.nullable(z.string()), orderId: z.nullable(z.string()) })),
  total: z.number(),
});
export type AdminQuoteRequests = z.infer<typeof adminQuoteRequestsSchema>;

/** `GET /api/quote-market`: the live market above the wizard. */
export const quoteMarketSchema = z.object({ openRequests: z.number(), offersToday: z.number(), medianFirstOfferMinutes: z.nullable(z.number()) });
export type QuoteMarket = z.infer<typeof quoteMarketSchema>;

/** `GET /api/quote-requests/{id}/terms` (approved sellers): the market's terms of the request's model, for the offer form's figures. */
export const quoteTermsSchema = z.object({
  terms: z.array(z.object({
    storage: z.number(), carrier: z.enum(CARRIERS), joinType: z.enum(QUOTE_JOIN_TYPES), planId: z.string(), planName: z.string(),
    devicePrice: z.number(), subsidy: z.number(), planFee: z.number(),
    /** The plan after 요금제 유지 an offer on this term is priced with: the cheapest of the carrier's network type. */
    laterPlanId: z.string(), laterPlanName: z.string(), laterPlanFee: z.number(),
  })),
});
export type QuoteTerms = z.infer<typeof quoteTermsSchema>;

/** `GET /api/quote-requests/{id}/history`. */
export const quoteHistorySchema = z.array(historyEntrySchema);

/** `quote:offer` push to the buyer. */
export const quoteOfferPushSchema = z.object({ requestId: z.string(), offerCount: z.number(), bestTotalCost: z.nullable(z.number()) });
export type QuoteOfferPush = z.infer<typeof quoteOfferPushSchema>;
/** `quote:request` push to approved sellers: a request opened, or closed with its offer count. */
export const quoteRequestPushSchema = z.object({ requestId: z.string(), status: z.enum(QUOTE_REQUEST_STATUSES), offerCount: z.number() });
export type QuoteRequestPush = z.infer<typeof quoteRequestPushSchema>;
