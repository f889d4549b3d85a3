import type { ProductCondition } from './catalogue.ts';
import type { LowestMonthlyKind } from './models.ts';
import type { SiteBusiness } from './site.ts';
import { groupThousands } from './textRules.ts';

/**
 * Plain values of the contracts, without zod: what a page's first screen imports. The modules that
 * define schemas re-export them, so callers import them from where they always did; a module of
 * theirs in the browser's first scripts would bring every schema it defines, and zod, along
 * (ADR 009, issue 37 part 5).
 */

/** Account roles as the server knows them. 'user' is the buyer. The one list: events, servers and the browser use it. */
export const ROLES = ['user', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

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

export const SITE_INFO_PATH = '/api/site';

export const EMPTY_SITE_BUSINESS: SiteBusiness = {
  companyName: '', representative: '', businessNumber: '', mailOrderNumber: '', mailOrderAuthority: '',
  address: '', phone: '', email: '', privacyOfficer: '', hostingProvider: '',
};

/** The 공정위 사업자정보 공개 page of a 사업자등록번호 (digits only in the address). */
export const ftcBusinessInfoUrl = (businessNumber: string) => `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${businessNumber.replace(/\D/g, '')}`;

/** The footer's and the terms page's notice: 폰마켓 brokers the sale and is not a party to it (전자상거래법 제20조). */
export const BROKER_NOTICE = '폰마켓은 통신판매중개자이며 통신판매의 당사자가 아닙니다. 판매자가 등록한 상품, 상품 정보와 거래에 관한 의무와 책임은 각 판매자에게 있습니다.';

/* Shop reviews (issue 41, `shopTrust.ts`). */
export const SHOP_REVIEW_STARS = ['kindness', 'speed', 'conditions'] as const;
export type ShopReviewStar = (typeof SHOP_REVIEW_STARS)[number];
export const SHOP_REVIEW_STAR_LABELS: Record<ShopReviewStar, string> = { kindness: '친절', speed: '개통 속도', conditions: '조건 준수' };
/** Under this many reviews a shop shows '리뷰 적음', not a rating (a few stars say little). */
export const FEW_SHOP_REVIEWS = 5;
export const FEW_SHOP_REVIEWS_LABEL = '리뷰 적음';

/* Returns (`orders.ts`): the product page states them, and its chunk would otherwise evaluate the orders contract's schemas. */
/** 교환/반품 may be asked for within this many days of 배송완료 (전자상거래법 제17조: 7 days at least; the spec's benefit: 14). */
export const RETURN_WINDOW_DAYS = 14;
/**
 * 왕복 배송비 of a 단순 변심 반품, as every product page states it (상품 불량·오배송: none). Taken from what is
 * refunded (at most what was paid today: a 할부 order paid 0원 today).
 */
export const RETURN_ROUND_TRIP_SHIPPING_FEE = 6000;
/** Grouped without Intl: `toLocaleString('ko-KR')` at import was the first Intl formatter of the product page (~20 ms, ADR 009). */
export const RETURN_SHIPPING_NOTE = `단순 변심 반품 시 왕복 배송비 ${groupThousands(RETURN_ROUND_TRIP_SHIPPING_FEE)}원 구매자 부담`;

/** What a list calls an offer paid in full today (자급제, 중고·리퍼): `PRICE_LABELS.paidInFull`, here so a list's headline needs no pricing module (home JS, ADR 009). */
export const PAID_IN_FULL_LABEL = '일시불';
