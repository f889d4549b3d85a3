/**
 * Deposit simulator rules (pure): how much phone a refund/deposit can buy.
 *
 * Each enabled deposit converts at its rate (tax 85%, insurance 80%, education 90%,
 * medical 88%), rounded down to whole won per type; disabled types count 0; the total is the sum.
 */

export type DepositTypeId = 'tax' | 'insurance' | 'education' | 'medical';

export interface DepositType {
  id: DepositTypeId;
  /** Korean display name */
  name: string;
  /** conversion rate 0..1 */
  rate: number;
  /** short Korean description */
  description: string;
  /** icon name (lucide-style kebab case) */
  icon: string;
}

export interface DepositEntry {
  enabled: boolean;
  amount: number;
}

export type Deposits = Record<DepositTypeId, DepositEntry>;

export interface PurchasingPower {
  total: number;
  byType: Record<DepositTypeId, number>;
}

export const DEPOSIT_TYPES: readonly DepositType[] = [
  {
    id: 'tax',
    name: '세금 환급금',
    rate: 0.85,
    description: '연말정산·종합소득세 환급금을 85% 구매력으로 전환',
    icon: 'receipt',
  },
  {
    id: 'insurance',
    name: '보험 해지환급금',
    rate: 0.8,
    description: '해지한 보험의 환급금을 80% 구매력으로 전환',
    icon: 'shield-check',
  },
  {
    id: 'education',
    name: '교육비 환급',
    rate: 0.9,
    description: '학원비·교육비 환급금을 90% 구매력으로 전환',
    icon: 'graduation-cap',
  },
  {
    id: 'medical',
    name: '의료비 환급',
    rate: 0.88,
    description: '실손보험 청구 등 의료비 환급금을 88% 구매력으로 전환',
    icon: 'stethoscope',
  },
];

/** Rates in whole percent, so conversion is exact integer arithmetic. */
const RATE_PERCENT: Readonly<Record<DepositTypeId, number>> = { tax: 85, insurance: 80, education: 90, medical: 88 };

export const AFFORDABLE_PHONES_LIMIT = 6;
/** Largest accepted deposit amount (10억 원). */
export const MAX_DEPOSIT_AMOUNT = 1_000_000_000;

export const DEPOSIT_AMOUNT_MESSAGES = {
  invalid: '금액은 0 이상의 숫자로 입력해주세요',
  notInteger: '금액은 원 단위 정수로 입력해주세요',
  tooLarge: '금액은 10억 원 이하로 입력해주세요',
} as const;

function convert(entry: DepositEntry | undefined, percent: number): number {
  if (!entry || !entry.enabled) return 0;
  const amount = Number.isFinite(entry.amount) && entry.amount > 0 ? Math.floor(entry.amount) : 0;
  return Math.floor((amount * percent) / 100);
}

export function calculatePurchasingPower(deposits: Deposits): PurchasingPower {
  const byType: Record<DepositTypeId, number> = {
    tax: convert(deposits.tax, RATE_PERCENT.tax),
    insurance: convert(deposits.insurance, RATE_PERCENT.insurance),
    education: convert(deposits.education, RATE_PERCENT.education),
    medical: convert(deposits.medical, RATE_PERCENT.medical),
  };
  return { total: byType.tax + byType.insurance + byType.education + byType.medical, byType };
}

/**
 * Phones whose price ≤ total, most expensive first (equal prices keep their input order),
 * at most 6. The input array is not modified.
 */
export function affordablePhones<P extends { price: number }>(phones: readonly P[], total: number): P[] {
  return phones
    .filter((p) => p.price <= total)
    .sort((a, b) => b.price - a.price)
    .slice(0, AFFORDABLE_PHONES_LIMIT);
}

const PLAIN_DIGITS = /^\d+$/;
const GROUPED_DIGITS = /^\d{1,3}(?:,\d{3})+$/;
const DECIMAL = /^\d{1,3}(?:,\d{3})*\.\d+$|^\d+\.\d+$/;

/**
 * Parse a deposit amount typed by the user: digits with optional, correctly placed thousands
 * separators ('1,000,000'), surrounding spaces and an optional trailing '원'. An empty field is
 * 0 won. Negative, non-numeric, decimal or larger-than-10억 input is refused with a Korean message.
 */
export function validateDepositAmount(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = raw.trim().replace(/\s*원$/, '').trim();
  if (s === '') return { ok: true, value: 0 };
  if (DECIMAL.test(s)) return { ok: false, message: DEPOSIT_AMOUNT_MESSAGES.notInteger };
  if (!PLAIN_DIGITS.test(s) && !GROUPED_DIGITS.test(s)) return { ok: false, message: DEPOSIT_AMOUNT_MESSAGES.invalid };
  const value = Number(s.replace(/,/g, ''));
  if (!Number.isSafeInteger(value) || value > MAX_DEPOSIT_AMOUNT) {
    return { ok: false, message: DEPOSIT_AMOUNT_MESSAGES.tooLarge };
  }
  return { ok: true, value };
}
