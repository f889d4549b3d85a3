import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_AMOUNT_MESSAGES,
  DEPOSIT_TYPES,
  MAX_DEPOSIT_AMOUNT,
  affordablePhones,
  calculatePurchasingPower,
  validateDepositAmount,
  type Deposits,
} from './purchasing-power';

function deposits(tax: number, insurance: number, education: number, medical: number, enabled = true): Deposits {
  return {
    tax: { enabled, amount: tax },
    insurance: { enabled, amount: insurance },
    education: { enabled, amount: education },
    medical: { enabled, amount: medical },
  };
}

describe('calculatePurchasingPower', () => {
  it('converts each type at its rate: tax 85%, insurance 80%, education 90%, medical 88%', () => {
    expect(calculatePurchasingPower(deposits(1_000_000, 1_000_000, 1_000_000, 1_000_000))).toEqual({
      total: 3_430_000,
      byType: { tax: 850_000, insurance: 800_000, education: 900_000, medical: 880_000 },
    });
  });

  it('rounds each type down before summing', () => {
    // 999 → 849.15, 799.2, 899.1, 879.12 → 849 + 799 + 899 + 879 = 3,426
    expect(calculatePurchasingPower(deposits(999, 999, 999, 999))).toEqual({
      total: 3_426,
      byType: { tax: 849, insurance: 799, education: 899, medical: 879 },
    });
    // 1 won each: 0.85 + 0.8 + 0.9 + 0.88 = 3.43, but every type floors to 0
    expect(calculatePurchasingPower(deposits(1, 1, 1, 1)).total).toBe(0);
    // 3 won of tax: 2.55 → 2; 7 won of medical: 6.16 → 6
    expect(calculatePurchasingPower(deposits(3, 0, 0, 7))).toEqual({
      total: 8,
      byType: { tax: 2, insurance: 0, education: 0, medical: 6 },
    });
  });

  it('binary noise does not lose a won: 1,000,000 × 88% = 880,000 exactly', () => {
    expect(calculatePurchasingPower(deposits(0, 0, 0, 1_000_000)).byType.medical).toBe(880_000);
    expect(calculatePurchasingPower(deposits(3_333_300, 0, 0, 0)).byType.tax).toBe(2_833_305);
  });

  it('disabled types count 0 whatever their amount', () => {
    expect(calculatePurchasingPower(deposits(1_000_000, 1_000_000, 1_000_000, 1_000_000, false))).toEqual({
      total: 0,
      byType: { tax: 0, insurance: 0, education: 0, medical: 0 },
    });
    const mixed: Deposits = {
      tax: { enabled: true, amount: 2_000_000 },
      insurance: { enabled: false, amount: 5_000_000 },
      education: { enabled: true, amount: 500_000 },
      medical: { enabled: false, amount: 300_000 },
    };
    // 1,700,000 + 450,000
    expect(calculatePurchasingPower(mixed)).toEqual({
      total: 2_150_000,
      byType: { tax: 1_700_000, insurance: 0, education: 450_000, medical: 0 },
    });
  });

  it('negative or non-finite amounts count 0', () => {
    expect(calculatePurchasingPower(deposits(-1_000, Number.NaN, Number.POSITIVE_INFINITY, 100)).total).toBe(88);
  });
});

describe('DEPOSIT_TYPES', () => {
  it('lists the four types with Korean names and their rates', () => {
    expect(DEPOSIT_TYPES.map((t) => [t.id, t.name, t.rate])).toEqual([
      ['tax', '세금 환급금', 0.85],
      ['insurance', '보험 해지환급금', 0.8],
      ['education', '교육비 환급', 0.9],
      ['medical', '의료비 환급', 0.88],
    ]);
    for (const t of DEPOSIT_TYPES) {
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.icon.length).toBeGreaterThan(0);
    }
  });

  it('the rates in DEPOSIT_TYPES are the ones calculatePurchasingPower applies', () => {
    const r = calculatePurchasingPower(deposits(1_000_000, 1_000_000, 1_000_000, 1_000_000));
    for (const t of DEPOSIT_TYPES) expect(r.byType[t.id]).toBe(Math.round(1_000_000 * t.rate));
  });
});

describe('affordablePhones', () => {
  const mk = (id: string, price: number) => ({ id, price });
  const catalogue = [
    mk('a', 300_000),
    mk('b', 1_500_000),
    mk('c', 900_000),
    mk('d', 1_000_000),
    mk('e', 1_000_001),
    mk('f', 700_000),
    mk('g', 800_000),
    mk('h', 100_000),
    mk('i', 950_000),
  ];

  it('price ≤ total (boundary included), most expensive first, at most 6', () => {
    expect(affordablePhones(catalogue, 1_000_000).map((p) => p.id)).toEqual(['d', 'i', 'c', 'g', 'f', 'a']);
  });

  it('one won short of a phone excludes it', () => {
    expect(affordablePhones(catalogue, 999_999).map((p) => p.id)).toEqual(['i', 'c', 'g', 'f', 'a', 'h']);
  });

  it('fewer than 6 when fewer fit; none when nothing fits', () => {
    expect(affordablePhones(catalogue, 300_000).map((p) => p.id)).toEqual(['a', 'h']);
    expect(affordablePhones(catalogue, 99_999)).toEqual([]);
    expect(affordablePhones([], 10_000_000)).toEqual([]);
  });

  it('keeps input order between equal prices, returns the same objects, does not mutate the input', () => {
    const list = [mk('x', 500_000), mk('y', 600_000), mk('z', 500_000)];
    const copy = [...list];
    const r = affordablePhones(list, 600_000);
    expect(r.map((p) => p.id)).toEqual(['y', 'x', 'z']);
    expect(r[0]).toBe(list[1]);
    expect(list).toEqual(copy);
  });
});

describe('validateDepositAmount', () => {
  it.each([
    ['1000000', 1_000_000],
    ['1,000,000', 1_000_000],
    ['  30,000 ', 30_000],
    ['30,000원', 30_000],
    ['30000 원', 30_000],
    ['0', 0],
    ['999', 999],
    ['', 0],
    ['   ', 0],
    ['1,000,000,000', MAX_DEPOSIT_AMOUNT],
  ])('%j → %i', (raw, value) => {
    expect(validateDepositAmount(raw)).toEqual({ ok: true, value });
  });

  it.each(['-1000', '-1,000', 'abc', '10만원', '1e6', '1,00,000', '1,0000', ',000', '1 000', '+500', '0x10', 'NaN', 'Infinity'])(
    '%j → 0 이상의 숫자 message',
    (raw) => {
      expect(validateDepositAmount(raw)).toEqual({ ok: false, message: '금액은 0 이상의 숫자로 입력해주세요' });
    },
  );

  it('refuses decimals', () => {
    expect(validateDepositAmount('12.5')).toEqual({ ok: false, message: DEPOSIT_AMOUNT_MESSAGES.notInteger });
    expect(validateDepositAmount('1,000.50')).toEqual({ ok: false, message: '금액은 원 단위 정수로 입력해주세요' });
  });

  it('refuses more than 10억 원', () => {
    expect(validateDepositAmount('1,000,000,001')).toEqual({ ok: false, message: DEPOSIT_AMOUNT_MESSAGES.tooLarge });
    expect(validateDepositAmount('99999999999999999999')).toEqual({ ok: false, message: '금액은 10억 원 이하로 입력해주세요' });
  });
});
