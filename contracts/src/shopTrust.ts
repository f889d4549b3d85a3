import * as z from 'zod/mini';
import { groupThousands, plainText } from './text.ts';

/*
 * Shops you can trust (issue 41): shop reviews from real deals only. A buyer reviews each shop of an
 * order once after 구매확정, a buyback's seller the buying shop once after payout: 1–5 stars on 친절,
 * 개통 속도 and 조건 준수 (did the shop keep the 계약 조건서), and a text. A shop's figures show on every
 * 판매처 row, quote offer, buyback quote, store page and the seller dashboard; under 5 reviews it reads
 * '리뷰 적음', not a rating.
 */

import { FEW_SHOP_REVIEWS, FEW_SHOP_REVIEWS_LABEL } from './constants.ts';

export { FEW_SHOP_REVIEWS, FEW_SHOP_REVIEWS_LABEL, SHOP_REVIEW_STAR_LABELS, SHOP_REVIEW_STARS, type ShopReviewStar } from './constants.ts';
export const SHOP_REVIEW_RULES = { minLength: 5, maxLength: 1000, reasonMaxLength: 300 } as const;
/** A review with 조건 준수 at or above this counts as 'the shop kept the 계약 조건서' in the 조건 준수율. */
export const CONDITIONS_KEPT_STARS = 4;

const star = (label: string) => z.number({ error: `${label} 별점을 선택해주세요.` }).check(
  z.int({ error: `${label} 별점은 1~5점 중에서 선택해주세요.` }),
  z.minimum(1, { error: `${label} 별점은 1~5점 중에서 선택해주세요.` }),
  z.maximum(5, { error: `${label} 별점은 1~5점 중에서 선택해주세요.` }),
);
const shopId = z.string({ error: '리뷰할 매장을 선택해주세요.' }).check(
  z.minLength(1, { error: '리뷰할 매장을 선택해주세요.' }),
  z.maxLength(100, { error: '매장을 확인해주세요.' }),
  z.regex(/^[A-Za-z0-9_-]+$/, { error: '매장을 확인해주세요.' }),
);

/**
 * `POST /api/orders/{id}/shop-reviews` (the order's buyer; `sellerId` names the shop when the order has
 * several) and `POST /api/buyback/orders/{id}/shop-review` (the buyback's seller; no `sellerId`).
 */
export const shopReviewInputSchema = z.object({
  sellerId: z.optional(shopId),
  kindness: star('친절'),
  speed: star('개통 속도'),
  conditions: star('조건 준수'),
  content: z.string({ error: '리뷰 내용을 입력해주세요.' }).check(
    z.trim(),
    z.minLength(SHOP_REVIEW_RULES.minLength, { error: `리뷰는 ${SHOP_REVIEW_RULES.minLength}자 이상 입력해주세요.` }),
    z.maxLength(SHOP_REVIEW_RULES.maxLength, { error: `리뷰는 ${groupThousands(SHOP_REVIEW_RULES.maxLength)}자 이하로 입력해주세요.` }),
    plainText({ multiline: true }),
  ),
});
export type ShopReviewInput = z.input<typeof shopReviewInputSchema>;

/** `POST /api/admin/shop-reviews/{id}/hide`: why (told to the reviewer, kept in the history). */
export const shopReviewHideInputSchema = z.object({
  reason: z.string({ error: '숨김 사유를 입력해주세요.' }).check(
    z.trim(),
    z.minLength(2, { error: '숨김 사유를 2자 이상 입력해주세요.' }),
    z.maxLength(SHOP_REVIEW_RULES.reasonMaxLength, { error: `숨김 사유는 ${SHOP_REVIEW_RULES.reasonMaxLength}자 이하로 입력해주세요.` }),
    plainText({ multiline: true }),
  ),
});

/**
 * The running sums a read model keeps per shop (each review adds, each hide takes away), and `deals`: the shop's
 * orders that reached 구매확정 (one per order, whatever its units), the one '거래 N건' every page shows.
 */
export interface ShopReviewSums { count: number; kindness: number; speed: number; conditions: number; conditionsKept: number; deals: number }
export const NO_SHOP_REVIEWS: ShopReviewSums = { count: 0, kindness: 0, speed: 0, conditions: 0, conditionsKept: 0, deals: 0 };

/**
 * A shop's trust figures as every list shows them: how many reviews, the rating (the mean of the three
 * stars, one decimal) and each star's mean, and the 조건 준수율 (% of reviews with 조건 준수 ≥ 4) — all
 * null while `fewReviews` (under 5), when lists show '리뷰 적음'. `deals` ('거래 N건': orders of the shop
 * confirmed, 구매확정) shows whatever the number of reviews.
 */
export const shopTrustSchema = z.object({
  deals: z.number(),
  reviewCount: z.number(),
  fewReviews: z.boolean(),
  rating: z.nullable(z.number()),
  kindness: z.nullable(z.number()),
  speed: z.nullable(z.number()),
  conditions: z.nullable(z.number()),
  conditionsRate: z.nullable(z.number()),
});
export type ShopTrust = z.infer<typeof shopTrustSchema>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
export function shopTrustOf(sums: ShopReviewSums | null | undefined): ShopTrust {
  const s = sums ?? NO_SHOP_REVIEWS;
  const count = Math.max(0, s.count);
  const deals = Math.max(0, s.deals);
  if (count < FEW_SHOP_REVIEWS) return { deals, reviewCount: count, fewReviews: true, rating: null, kindness: null, speed: null, conditions: null, conditionsRate: null };
  return {
    deals, reviewCount: count, fewReviews: false,
    rating: oneDecimal((s.kindness + s.speed + s.conditions) / (3 * count)),
    kindness: oneDecimal(s.kindness / count), speed: oneDecimal(s.speed / count), conditions: oneDecimal(s.conditions / count),
    conditionsRate: Math.round((s.conditionsKept / count) * 100),
  };
}

/** '★ 4.6 · 리뷰 12 · 조건 준수 92%', or '리뷰 적음 (3)' under 5 reviews. */
export function shopTrustLine(t: ShopTrust): string {
  if (t.fewReviews || t.rating === null) return t.reviewCount > 0 ? `${FEW_SHOP_REVIEWS_LABEL} (${t.reviewCount})` : FEW_SHOP_REVIEWS_LABEL;
  return `★ ${t.rating.toFixed(1)} · 리뷰 ${t.reviewCount} · 조건 준수 ${t.conditionsRate}%`;
}

/** One shop review as the store page and the seller dashboard show it. */
export const shopReviewSchema = z.object({
  id: z.string(),
  kind: z.enum(['order', 'buyback']),
  /** The author's name, masked (김*수). */
  author: z.string(),
  kindness: z.number(),
  speed: z.number(),
  conditions: z.number(),
  content: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  answer: z.nullable(z.object({ content: z.string(), at: z.string() })),
  /** Only admins see hidden reviews (with the reason); others never get them. */
  hidden: z.nullable(z.object({ reason: z.string(), at: z.string() })),
});
export type ShopReview = z.infer<typeof shopReviewSchema>;

/** `GET /api/shops/{sellerId}/reviews`: newest first, with the shop's figures; `canAnswer` for the shop itself, `canHide` for admins. */
export const shopReviewsSchema = z.object({
  sellerId: z.string(),
  trust: shopTrustSchema,
  reviews: z.array(shopReviewSchema),
  canAnswer: z.boolean(),
  canHide: z.boolean(),
});
export type ShopReviews = z.infer<typeof shopReviewsSchema>;

/** What a deal's party may still review: `GET /api/orders/{id}/shop-reviews` (the buyer). */
export const reviewableShopsSchema = z.object({
  shops: z.array(z.object({ sellerId: z.string(), storeName: z.string(), reviewed: z.boolean() })),
  /** 구매확정 (order) or paid (buyback): the form opens only then. */
  open: z.boolean(),
});
export type ReviewableShops = z.infer<typeof reviewableShopsSchema>;

// ---- 신고 (reports) ----

export const REPORT_TARGET_KINDS = ['offer', 'shop', 'quoteOffer', 'chatMessage'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_TARGET_LABELS: Record<ReportTargetKind, string> = { offer: '판매 상품', shop: '매장', quoteOffer: '견적', chatMessage: '채팅 메시지' };
export const REPORT_REASONS = ['payback', 'scam', 'false_price', 'no_show', 'abusive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  payback: '현금 페이백·대납 약속', scam: '사기 의심 (내구제 등)', false_price: '허위 가격·조건', no_show: '연락 두절·개통 지연', abusive: '욕설·비방', other: '기타',
};
export const REPORT_OUTCOMES = ['dismissed', 'warned', 'listingSuspended', 'sellerSuspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = { dismissed: '기각', warned: '경고', listingSuspended: '상품 판매 중지', sellerSuspended: '판매자 정지' };

const reportId = (message: string) => z.string({ error: message }).check(z.minLength(1, { error: message }), z.maxLength(100, { error: message }), z.regex(/^[A-Za-z0-9_-]+$/, { error: message }));

/** `POST /api/reports` (any signed-in account): what is reported (a quote offer names its request as `parentId`), why, and in the reporter's words. */
export const reportInputSchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS, { error: '신고 대상을 확인해주세요.' }),
  targetId: reportId('신고 대상을 확인해주세요.'),
  parentId: z.optional(reportId('신고 대상을 확인해주세요.')),
  reason: z.enum(REPORT_REASONS, { error: '신고 사유를 선택해주세요.' }),
  text: z.string({ error: '신고 내용을 입력해주세요.' }).check(
    z.trim(),
    z.minLength(5, { error: '신고 내용을 5자 이상 입력해주세요.' }),
    z.maxLength(1000, { error: '신고 내용은 1,000자 이하로 입력해주세요.' }),
    plainText({ multiline: true }),
  ),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** `POST /api/admin/reports/{id}/resolve` (admins): the outcome and a note (told to the reporter, kept in the history). */
export const reportResolveInputSchema = z.object({
  outcome: z.enum(REPORT_OUTCOMES, { error: '처리 결과를 선택해주세요.' }),
  note: z.string({ error: '처리 메모를 입력해주세요.' }).check(
    z.trim(),
    z.minLength(2, { error: '처리 메모를 2자 이상 입력해주세요.' }),
    z.maxLength(300, { error: '처리 메모는 300자 이하로 입력해주세요.' }),
    plainText({ multiline: true }),
  ),
});
export type ReportResolveInput = z.input<typeof reportResolveInputSchema>;

export const reportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  parentId: z.nullable(z.string()),
  sellerId: z.nullable(z.string()),
  label: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
  outcome: z.nullable(z.enum(REPORT_OUTCOMES)),
  note: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
});
export type Report = z.infer<typeof reportSchema>;
/** `GET /api/admin/reports?status=open|resolved`: the queue, oldest open first (resolved: newest first). */
export const reportsSchema = z.object({ items: z.array(reportSchema), open: z.number() });
export type Reports = z.infer<typeof reportsSchema>;

// ---- 내구제 warning (issue 41 §5; the limit and the warning are in scamGuard.ts) ----

/** `GET /api/admin/naeguje-accounts`: accounts that went past the limit, the latest first. */
export const naegujeAccountSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The most lines opened within the window at once (this order's included). */
  peakLines: z.number(),
  /** How many orders went past the limit (each confirmed by the buyer). */
  confirmations: z.number(),
  lastOrderId: z.string(),
  lastAt: z.string(),
});
export type NaegujeAccount = z.infer<typeof naegujeAccountSchema>;
export const naegujeAccountsSchema = z.object({ items: z.array(naegujeAccountSchema) });
export type NaegujeAccounts = z.infer<typeof naegujeAccountsSchema>;

// ---- Scam guard's queue (issue 41 §5; the wording is in scamGuard.ts) ----

export const HELD_TEXT_KINDS = ['offerText', 'quoteMessage', 'storePage', 'chatLine'] as const;
export type HeldTextKind = (typeof HELD_TEXT_KINDS)[number];
export const HELD_TEXT_KIND_LABELS: Record<HeldTextKind, string> = { offerText: '판매 상품 글', quoteMessage: '견적 메모', storePage: '매장 소개', chatLine: '채팅 메시지' };

export const HELD_TEXT_STATUSES = ['held', 'released', 'rejected'] as const;
export type HeldTextStatus = (typeof HELD_TEXT_STATUSES)[number];

/** `POST /api/admin/held-texts/{id}/reject` (admins): why it stays unpublished (told to the writer). */
export const heldTextRejectInputSchema = z.object({
  reason: z.string({ error: '반려 사유를 입력해주세요.' }).check(
    z.trim(), z.minLength(2, { error: '반려 사유를 2자 이상 입력해주세요.' }), z.maxLength(300, { error: '반려 사유는 300자 이하로 입력해주세요.' }), plainText({ multiline: true }),
  ),
});
export type HeldTextRejectInput = z.input<typeof heldTextRejectInputSchema>;

export const heldTextSchema = z.object({
  id: z.string(),
  kind: z.enum(HELD_TEXT_KINDS),
  label: z.string(),
  author: z.string(),
  text: z.string(),
  words: z.array(z.string()),
  status: z.enum(HELD_TEXT_STATUSES),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type HeldText = z.infer<typeof heldTextSchema>;
/** `GET /api/admin/held-texts?status=held|released|rejected`: the queue (held: oldest first). */
export const heldTextsSchema = z.object({ items: z.array(heldTextSchema), held: z.number() });
export type HeldTexts = z.infer<typeof heldTextsSchema>;
