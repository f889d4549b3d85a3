import { brandDisplayName } from '@phonemarket/contracts/brandNames.ts';
import { formatMonthly, formatWon } from '../../shared/format';
import type { Plan } from '../../shared/api/catalogue';
import type { CalculatorEntry } from './api';
import {
  AGE_RANGE,
  AUTO_TRANSFER_DISCOUNT_PERCENT,
  CONTRACT_MONTHS_OPTIONS,
  FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT,
  FAMILY_OF_TWO_DISCOUNT_PERCENT,
  LOYALTY_DISCOUNT_PERCENT,
  SENIOR_DISCOUNT_PERCENT,
  SENIOR_MIN_AGE,
  TRADE_IN_CAP_PERCENT,
  YOUTH_DISCOUNT_PERCENT,
  YOUTH_MAX_AGE,
  FAMILY_MEMBERS_RANGE,
  contractLabel,
  type ExtraKey,
  type Discounts,
} from './cost';

const BRAND_ORDER = ['samsung', 'apple', 'google'];

/** Each expected extra (issue 39 §6): its name and the rule it follows (the source of its figure). */
export const EXTRA_LABELS: Record<ExtraKey, { label: string; rule: string }> = {
  loyalty: { label: '기존 고객 할인', rule: `출고가의 ${LOYALTY_DISCOUNT_PERCENT}% (같은 통신사 계속 이용 시, 판매처 조건)` },
  tradeIn: { label: '보상판매 (중고폰 반납)', rule: `입력한 보상 금액, 출고가의 ${TRADE_IN_CAP_PERCENT}% 한도 (판매처가 정함)` },
  payment: { label: '자동이체 할인', rule: `월 요금의 ${AUTO_TRANSFER_DISCOUNT_PERCENT}% (요금 자동이체)` },
  age: { label: '연령 할인', rule: `${YOUTH_MAX_AGE}세 이하 월 요금의 ${YOUTH_DISCOUNT_PERCENT}%, ${SENIOR_MIN_AGE}세 이상 ${SENIOR_DISCOUNT_PERCENT}% (청년·시니어 요금 우대)` },
  family: { label: '가족 결합 할인', rule: `2인 월 요금의 ${FAMILY_OF_TWO_DISCOUNT_PERCENT}%, 3인 이상 ${FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT}% (통신사 가족 결합)` },
};

/** 나이: empty, or 18–80 (the spec's range). */
export const AGE_OPTIONS = [{ value: '', label: '입력 안 함' }, ...Array.from({ length: AGE_RANGE.max - AGE_RANGE.min + 1 }, (_, i) => {
  const age = AGE_RANGE.min + i;
  return { value: String(age), label: `${age}세` };
})];
/** 가족 결합 인원: empty, or 1–5. */
export const FAMILY_OPTIONS = [{ value: '', label: '입력 안 함' }, ...Array.from({ length: FAMILY_MEMBERS_RANGE.max - FAMILY_MEMBERS_RANGE.min + 1 }, (_, i) => {
  const n = FAMILY_MEMBERS_RANGE.min + i;
  return { value: String(n), label: n === 1 ? '1명 (결합 없음)' : `${n}명` };
})];

/** 'Samsung' → '삼성' (the shop's display names). */
export const brandLabel = brandDisplayName;

/** '베이직플러스 (SKT) · 59,000원/월 · 12GB' */
export function planOptionLabel(plan: Plan): string {
  return `${plan.name} (${plan.carrier}) · ${formatMonthly(plan.monthlyFee)} · 데이터 ${plan.data}`;
}

/** '갤럭시 S26 울트라 256GB · 출고가 1,797,400원' */
export function phoneOptionLabel(phone: CalculatorEntry): string {
  return `${phone.name} · 출고가 ${formatWon(phone.releasePrice)}`;
}

/**
 * One option per model × storage, grouped by brand (삼성, 애플, 구글, then others); within a brand the
 * server's order (newest model first, storage ascending).
 */
export function phoneOptions(phones: readonly CalculatorEntry[]) {
  const rank = (brand: string) => {
    const i = BRAND_ORDER.indexOf(brand.trim().toLowerCase());
    return i === -1 ? BRAND_ORDER.length : i;
  };
  return phones
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.brand) - rank(b.p.brand) || a.p.brand.localeCompare(b.p.brand) || a.i - b.i)
    .map(({ p }) => ({ value: p.id, label: phoneOptionLabel(p), group: brandLabel(p.brand) }));
}

export const CONTRACT_OPTIONS = CONTRACT_MONTHS_OPTIONS.map((m) => ({ value: m, label: contractLabel(m) }));

export const PAYMENT_OPTIONS = [
  { value: 'card' as const, label: '카드' },
  { value: 'autoTransfer' as const, label: `자동이체 (${AUTO_TRANSFER_DISCOUNT_PERCENT}% 할인)` },
];

export function ageHint(age: number | null): string {
  if (age === null) return '입력하지 않으면 연령 할인은 넣지 않아요';
  if (age <= YOUTH_MAX_AGE) return `${YOUTH_MAX_AGE}세 이하: 청년 할인 (월 요금의 ${YOUTH_DISCOUNT_PERCENT}%)`;
  if (age >= SENIOR_MIN_AGE) return `${SENIOR_MIN_AGE}세 이상: 시니어 할인 (월 요금의 ${SENIOR_DISCOUNT_PERCENT}%)`;
  return `연령 할인 없음 (${AGE_RANGE.min}~${YOUTH_MAX_AGE}세 청년, ${SENIOR_MIN_AGE}세 이상 시니어)`;
}

export function familyHint(members: number | null): string {
  if (members === null) return '입력하지 않으면 가족 결합 할인은 넣지 않아요';
  if (members >= 3) return `3인 이상 결합: 월 요금의 ${FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT}% 할인`;
  if (members === 2) return `2인 결합: 월 요금의 ${FAMILY_OF_TWO_DISCOUNT_PERCENT}% 할인`;
  return '1인 (가족 결합 없음)';
}

/** Labels of the discount options the user has switched on (for the preview badges). */
export function appliedOptionLabels(d: Discounts): string[] {
  const out: string[] = [];
  if (d.existingCustomer) out.push('기존 고객');
  if (d.tradeIn && d.tradeInValue > 0) out.push(`보상판매 ${formatWon(d.tradeInValue)}`);
  if (d.paymentMethod === 'autoTransfer') out.push(`자동이체 ${AUTO_TRANSFER_DISCOUNT_PERCENT}%`);
  if (d.age !== null && d.age <= YOUTH_MAX_AGE) out.push(`청년 (${d.age}세)`);
  else if (d.age !== null && d.age >= SENIOR_MIN_AGE) out.push(`시니어 (${d.age}세)`);
  if (d.familyMembers !== null && d.familyMembers >= 2) out.push(`가족 ${d.familyMembers}인 결합`);
  return out;
}
