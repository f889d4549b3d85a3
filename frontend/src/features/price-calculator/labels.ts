import { brandDisplayName } from '@phonemarket/contracts/brandNames.ts';
import { formatMonthly, formatNumber, formatWon } from '../../shared/format';
import type { Plan } from '../../shared/api/catalogue';
import type { CalculatorEntry } from './api';
import {
  AGE_RANGE,
  AUTO_TRANSFER_DISCOUNT_PERCENT,
  CARRIER_BRAND_BONUS,
  CONTRACT_DISCOUNT_PERCENT,
  CONTRACT_MONTHS_OPTIONS,
  FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT,
  FAMILY_OF_TWO_DISCOUNT_PERCENT,
  LOYALTY_DISCOUNT_PERCENT,
  SENIOR_DISCOUNT_PERCENT,
  SENIOR_MIN_AGE,
  TRADE_IN_CAP_PERCENT,
  YOUTH_DISCOUNT_PERCENT,
  YOUTH_MAX_AGE,
  contractLabel,
  type ContractMonths,
  type DiscountDetails,
  type Discounts,
} from './cost';

const BRAND_ORDER = ['samsung', 'apple', 'google'];

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

export type DiscountKey = Exclude<keyof DiscountDetails, 'total'>;

export interface DiscountRow {
  key: DiscountKey;
  label: string;
  rule: string;
}

const bonusText = CARRIER_BRAND_BONUS.map((b) => `${b.carrier}×${brandLabel(b.brand)} ${formatNumber(b.amount)}원`).join(' · ');

/** The eight discounts in display order, with the rule each one follows. */
export function discountRows(months: ContractMonths, plan: Plan | undefined): DiscountRow[] {
  const rate = plan ? Math.round(plan.discountRate * 1000) / 10 : null;
  return [
    { key: 'contractDiscount', label: '약정 할인', rule: `출고가의 ${CONTRACT_DISCOUNT_PERCENT[months]}% (${months}개월 약정)` },
    {
      key: 'planDiscount',
      label: '요금제 자체 할인',
      rule: rate === null ? '월 요금 × 요금제 할인율 × 개월/12' : `월 요금 × ${rate}% × ${months}/12`,
    },
    { key: 'loyaltyDiscount', label: '기존 고객 할인', rule: `출고가의 ${LOYALTY_DISCOUNT_PERCENT}%` },
    { key: 'tradeInDiscount', label: '보상판매', rule: `보상 금액 (출고가의 ${TRADE_IN_CAP_PERCENT}% 한도)` },
    { key: 'carrierDiscount', label: '통신사 제휴 할인', rule: bonusText },
    { key: 'paymentDiscount', label: '결제 할인', rule: `자동이체: 월 요금의 ${AUTO_TRANSFER_DISCOUNT_PERCENT}% × ${months}개월` },
    {
      key: 'ageDiscount',
      label: '연령 할인',
      rule: `${YOUTH_MAX_AGE}세 이하 월 요금의 ${YOUTH_DISCOUNT_PERCENT}%, ${SENIOR_MIN_AGE}세 이상 ${SENIOR_DISCOUNT_PERCENT}%`,
    },
    {
      key: 'familyDiscount',
      label: '가족 결합 할인',
      rule: `2인 ${FAMILY_OF_TWO_DISCOUNT_PERCENT}%, 3인 이상 ${FAMILY_OF_THREE_PLUS_DISCOUNT_PERCENT}% (월 요금 기준)`,
    },
  ];
}

export function ageHint(age: number): string {
  if (age <= YOUTH_MAX_AGE) return `${YOUTH_MAX_AGE}세 이하: 청년 할인 (월 요금의 ${YOUTH_DISCOUNT_PERCENT}%)`;
  if (age >= SENIOR_MIN_AGE) return `${SENIOR_MIN_AGE}세 이상: 시니어 할인 (월 요금의 ${SENIOR_DISCOUNT_PERCENT}%)`;
  return `연령 할인 없음 (${AGE_RANGE.min}~${YOUTH_MAX_AGE}세 청년, ${SENIOR_MIN_AGE}세 이상 시니어)`;
}

export function familyHint(members: number): string {
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
  if (d.age <= YOUTH_MAX_AGE) out.push(`청년 (${d.age}세)`);
  else if (d.age >= SENIOR_MIN_AGE) out.push(`시니어 (${d.age}세)`);
  if (d.familyMembers >= 2) out.push(`가족 ${d.familyMembers}인 결합`);
  return out;
}
