import { CONDITION_LABELS, LOWEST_MONTHLY_SUFFIX, PAID_IN_FULL_LABEL, groupThousands, type LowestMonthlyKind, type ModelSummary } from '@phonemarket/contracts';
import { brandDisplayName } from '@phonemarket/contracts/brandNames.ts';
import type { Product } from './api/catalogue';

/**
 * The Intl formatters are made on first use: the first Intl formatter a page creates costs 20–30 ms
 * (ICU's Korean locale data, on a fast desktop), and as module constants they were part of the
 * app's start on every page (ADR 009).
 */
let numberFormatter: Intl.NumberFormat | undefined;
const koreanNumbers = () => (numberFormatter ??= new Intl.NumberFormat('ko-KR'));
/**
 * Dates and times are shown in Korean time wherever the code runs: the server renders pages (in its
 * own zone, often UTC) and the browser hydrates them, so a zone-dependent text would differ
 * (React error 418, the page re-rendered on the client) and show the wrong hour.
 */
const TIME_ZONE = 'Asia/Seoul';
let dateFormatter: Intl.DateTimeFormat | undefined;
const koreanDates = () => (dateFormatter ??= new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: TIME_ZONE }));
let dateTimeFormatter: Intl.DateTimeFormat | undefined;
const koreanDateTimes = () => (dateTimeFormatter ??= new Intl.DateTimeFormat('ko-KR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}));

/** The instant as Korea's wall clock (UTC+9, no daylight saving) in the UTC fields of a Date, without Intl. */
const koreanWallClock = (instant: Date) => new Date(instant.getTime() + 9 * 3_600_000);

/** The year in Korea (UTC+9, no daylight saving) without Intl: the same on the server's render and in the browser. */
export function koreanYear(now: Date = new Date()): number {
  return koreanWallClock(now).getUTCFullYear();
}

/** 'HH:mm' (24-hour) in Korean time, whatever the browser's zone: like every other time shown. */
export function formatKoreanClock(instant: Date): string {
  const k = koreanWallClock(instant);
  return `${String(k.getUTCHours()).padStart(2, '0')}:${String(k.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * 1234000 → '1,234,000', as ko-KR's Intl.NumberFormat writes it. Whole numbers (every price in
 * won) are grouped here, without Intl: the home page shows dozens of prices while it hydrates, and
 * creating the formatter would be one long task in the middle of it. Anything else goes to Intl.
 */
export function formatNumber(n: number): string {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? groupThousands(n) : koreanNumbers().format(n);
}

/** 1234000 → '1,234,000원' */
export function formatWon(n: number): string {
  return `${formatNumber(n)}원`;
}

/** 12340 → '12,340원/월' (monthly shown as '/월', DESIGN §7) */
export function formatMonthly(n: number): string {
  return `${formatNumber(n)}원/월`;
}

/** Seller deal counts above 1000 are shown with 'k': 1234 → '1.2k', 856 → '856'. */
export function formatDeals(n: number): string {
  return n > 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** 256 → '256GB', 1024 → '1TB' (storage in GB, as the API's `storage`). */
export function formatStorage(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024}TB` : `${gb}GB`;
}

/** A phone's condition as shown on cards, filters and the product page (the contracts' labels). */
export const CONDITION_LABEL: Record<Product['condition'], string> = CONDITION_LABELS;

/** A seller's own unit as every public view names it (issue 39): '중고 A급 · 배터리 91%'. */
export function unitLabel(unit: { condition: Product['condition']; grade?: string | null; listing?: { batteryHealth: number | null } | null }): string {
  const battery = unit.listing?.batteryHealth;
  return `${CONDITION_LABEL[unit.condition]}${unit.grade ? ` ${unit.grade}급` : ''}${battery !== null && battery !== undefined ? ` · 배터리 ${battery}%` : ''}`;
}

/**
 * The label of a model's headline 월 (issue 30: like with like): '최저 월' for a new unit on a plan,
 * '최저 월 (중고)', '최저 월 (리퍼)', '최저 월 (자급제)' when the model has none of those.
 */
export function lowestMonthlyLabel(kind: LowestMonthlyKind): string {
  return `최저 월${LOWEST_MONTHLY_SUFFIX[kind]}`;
}

/** What a model's list headline reads (`ModelSummary`'s figures). */
export type ModelHeadlineFigures = Pick<ModelSummary, 'lowestMonthly' | 'lowestMonthlyKind' | 'lowestToday' | 'lowestPrice'>;

/**
 * A model's headline in a list (card, ranking row, brand card): '최저 월 N원' for a carrier offer; for one paid in
 * full (자급제, 중고·리퍼: `lowestToday`, the server's `priceHeadline`) '최저 일시불 (자급제) N원' — no carrier bills
 * it a 월, so none is shown (ADR 017, s59 lists). `sameAsLowestPrice`: the 최저가 beside it would repeat it.
 */
export function modelHeadline(m: ModelHeadlineFigures): { label: string; amount: number; sameAsLowestPrice: boolean } {
  if (m.lowestToday === null) return { label: lowestMonthlyLabel(m.lowestMonthlyKind), amount: m.lowestMonthly, sameAsLowestPrice: false };
  return { label: `최저 ${PAID_IN_FULL_LABEL}${LOWEST_MONTHLY_SUFFIX[m.lowestMonthlyKind]}`, amount: m.lowestToday, sameAsLowestPrice: m.lowestToday === m.lowestPrice };
}

/** A model's card line (issue 10): '최저 월 N원 · 최저가 N원 · 판매처 N곳' ('최저 일시불 (중고) N원 · 판매처 N곳' paid in full). */
export function modelPriceLine(m: ModelHeadlineFigures & Pick<ModelSummary, 'sellerCount'>): string {
  const h = modelHeadline(m);
  return [`${h.label} ${formatWon(h.amount)}`, h.sameAsLowestPrice ? null : `최저가 ${formatWon(m.lowestPrice)}`, `판매처 ${m.sellerCount}곳`].filter(Boolean).join(' · ');
}

/**
 * The name of Σ line prices: 할부원금 only when every line is a carrier line; a 자급제 or used line's price is no
 * 할부원금 (s59), so a sum holding one is the 상품 금액 (the s59 walkthrough's mixed cart read '할부원금 합계 3,594,800원'
 * with 1,797,400원 of it paid today in full).
 */
export const itemsSumLabel = (carrierLines: readonly boolean[]) => (carrierLines.length > 0 && carrierLines.every(Boolean) ? '할부원금 합계' : '상품 금액 합계');
/** 판매 관리 and the dashboard's Σ of sold lines: 자급제 and used units are in it, so 상품 금액, not 할부원금 (s59 walkthrough). */
export const SALES_FIGURE_LABEL = '판매 금액 (상품 금액 합계)';

/** A seller with no deal yet (a newly approved applicant) reads '신규 판매자', never ★0.0 (issue 30). */
export const NEW_SELLER_LABEL = '신규 판매자';
export function isNewSeller(seller: { deals: number }): boolean {
  return seller.deals <= 0;
}
/** A brand as shoppers read it: 'Samsung' → '삼성', 'Apple' → '애플', 'Google' → '구글'. */
export const brandName = brandDisplayName;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO date → '2025년 1월 5일' (Korean locale). An unparseable value is returned as is. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? koreanDates().format(date) : String(value);
}

/** ISO date → '2025년 1월 5일 오후 03:04' */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? koreanDateTimes().format(date) : String(value);
}

/**
 * The product page of one offer: its model's page with the offer chosen (issue 39). A link to the
 * offer's own id made the page ask `/api/models/{offerId}` first (a 404 in the console) and redirect.
 */
export function offerHref(offer: { id: string; modelId: string }): string {
  return `/product/${encodeURIComponent(offer.modelId)}?${new URLSearchParams({ offer: offer.id }).toString()}`;
}
