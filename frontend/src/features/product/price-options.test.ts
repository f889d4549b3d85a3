import { describe, expect, it } from 'vitest';
import {
  CARRIER_OPTIONS,
  DEFAULT_COLOR_NAME,
  INSTALLMENT_MONTHS,
  PLAN_OPTIONS,
  STORAGE_OPTIONS,
  basePrice,
  carrierDiscount,
  defaultColorName,
  defaultSelection,
  findPlan,
  isCarrierId,
  isColorSelectable,
  isStorageOption,
  monthlyInstallment,
  priceSummary,
  selectColor,
  storageAddOn,
  type ColorChoice,
} from './price-options';

const colors: ColorChoice[] = [
  { name: '데저트 티타늄', hex: '#C4AD92', available: true },
  { name: '내추럴 티타늄', hex: '#BAB4A9', available: true },
  { name: '블랙 티타늄', hex: '#2F2F31', available: false },
];

describe('storage add-ons', () => {
  it.each([
    [128, 0],
    [256, 200_000],
    [512, 400_000],
    [1024, 800_000],
  ])('%iGB adds %i won', (gb, addOn) => {
    expect(storageAddOn(gb)).toBe(addOn);
    expect(isStorageOption(gb)).toBe(true);
  });

  it('a storage outside the table adds 0', () => {
    expect(storageAddOn(64)).toBe(0);
    expect(storageAddOn(2048)).toBe(0);
    expect(isStorageOption(64)).toBe(false);
  });

  it('lists exactly four sizes in order, 1TB labelled as such', () => {
    expect(STORAGE_OPTIONS.map((o) => o.label)).toEqual(['128GB', '256GB', '512GB', '1TB']);
  });
});

describe('carrier discounts', () => {
  it.each([
    ['KT', 300_000],
    ['SKT', 250_000],
    ['LG U+', 200_000],
  ])('%s takes %i won off', (carrier, discount) => {
    expect(carrierDiscount(carrier)).toBe(discount);
    expect(isCarrierId(carrier)).toBe(true);
  });

  it('an unknown carrier takes nothing off', () => {
    expect(carrierDiscount('LGU+')).toBe(0);
    expect(isCarrierId('알뜰폰')).toBe(false);
  });

  it('test ids avoid spaces and plus signs', () => {
    expect(CARRIER_OPTIONS.map((c) => c.testId)).toEqual(['KT', 'SKT', 'LGU']);
  });
});

describe('plans', () => {
  it('has the three monthly fees of the spec', () => {
    expect(PLAN_OPTIONS.map((p) => [p.name, p.monthlyFee])).toEqual([
      ['프리미엄 플러스', 130_000],
      ['스탠다드', 89_000],
      ['베이직', 69_000],
    ]);
    expect(findPlan('standard')?.monthlyFee).toBe(89_000);
    expect(findPlan('nope')).toBeUndefined();
  });
});

describe('base price derivation', () => {
  it('subtracts the add-on of the product’s own storage', () => {
    expect(basePrice(1_951_400, 512)).toBe(1_551_400);
    expect(basePrice(1_797_400, 256)).toBe(1_597_400);
    expect(basePrice(2_259_400, 1024)).toBe(1_459_400);
    expect(basePrice(260_000, 128)).toBe(260_000);
  });

  it('treats an unknown storage as add-on 0', () => {
    expect(basePrice(900_000, 64)).toBe(900_000);
  });

  it.each(STORAGE_OPTIONS.map((o) => o.gb))('choosing the product’s own storage (%iGB) shows its listed price before the discount', (gb) => {
    const s = priceSummary({ listedPrice: 1_500_000, productStorageGb: gb, storageGb: gb, carrier: 'KT', plan: 'basic' });
    expect(s.base + s.storageAddOn).toBe(1_500_000);
    expect(s.final).toBe(1_500_000 - 300_000);
  });
});

describe('price summary', () => {
  const product = { listedPrice: 1_797_400, productStorageGb: 256 };

  it('final = base + storage add-on − carrier discount', () => {
    const s = priceSummary({ ...product, storageGb: 512, carrier: 'SKT', plan: 'premium-plus' });
    expect(s).toEqual({
      base: 1_597_400,
      storageAddOn: 400_000,
      carrierDiscount: 250_000,
      final: 1_747_400,
      monthly: Math.floor(1_747_400 / 24),
      months: 24,
      planMonthlyFee: 130_000,
      planName: '프리미엄 플러스',
    });
  });

  it.each(
    STORAGE_OPTIONS.flatMap((st) => CARRIER_OPTIONS.map((c) => [st.gb, c.id, st.addOn, c.discount] as const)),
  )('%iGB with %s', (gb, carrier, addOn, discount) => {
    const s = priceSummary({ ...product, storageGb: gb, carrier, plan: 'standard' });
    expect(s.storageAddOn).toBe(addOn);
    expect(s.carrierDiscount).toBe(discount);
    expect(s.final).toBe(1_597_400 + addOn - discount);
    expect(s.planMonthlyFee).toBe(89_000);
  });

  it('never goes below 0 (max(0, …))', () => {
    const s = priceSummary({ listedPrice: 100_000, productStorageGb: 128, storageGb: 128, carrier: 'KT', plan: 'basic' });
    expect(s.final).toBe(0);
    expect(s.monthly).toBe(0);
  });

  it('is exactly 0 when the discount equals the price', () => {
    const s = priceSummary({ listedPrice: 300_000, productStorageGb: 128, storageGb: 128, carrier: 'KT', plan: 'basic' });
    expect(s.final).toBe(0);
  });

  it('floors the monthly installment over 24 months', () => {
    expect(INSTALLMENT_MONTHS).toBe(24);
    expect(monthlyInstallment(1_000_000)).toBe(41_666); // 41,666.67 → 41,666
    expect(monthlyInstallment(23)).toBe(0);
    expect(monthlyInstallment(24)).toBe(1);
    expect(monthlyInstallment(47)).toBe(1);
    expect(monthlyInstallment(0)).toBe(0);
    const s = priceSummary({ listedPrice: 1_300_023, productStorageGb: 128, storageGb: 128, carrier: 'KT', plan: 'basic' });
    expect(s.final).toBe(1_000_023);
    expect(s.monthly).toBe(41_667);
  });

  it('an unknown plan has fee 0 and an empty name', () => {
    const s = priceSummary({ ...product, storageGb: 256, carrier: 'KT', plan: 'nope' });
    expect(s.planMonthlyFee).toBe(0);
    expect(s.planName).toBe('');
  });
});

describe('default selection', () => {
  it('is 256GB, 내추럴 티타늄, KT and 프리미엄 플러스', () => {
    expect(defaultSelection(colors)).toEqual({ storageGb: 256, colorName: DEFAULT_COLOR_NAME, carrier: 'KT', plan: 'premium-plus' });
  });

  it('falls back to the first available colour when natural titanium is missing', () => {
    const others: ColorChoice[] = [
      { name: '코랄레드', hex: '#E5624F', available: false },
      { name: '민트', hex: '#BFE3D0', available: true },
      { name: '네이비', hex: '#2B3A55', available: true },
    ];
    expect(defaultColorName(others)).toBe('민트');
  });

  it('skips natural titanium when it is sold out', () => {
    const soldOut: ColorChoice[] = [
      { name: '내추럴 티타늄', hex: '#BAB4A9', available: false },
      { name: '블랙 티타늄', hex: '#2F2F31', available: true },
    ];
    expect(defaultColorName(soldOut)).toBe('블랙 티타늄');
  });

  it('has no colour when none can be chosen', () => {
    expect(defaultColorName([])).toBeNull();
    expect(defaultColorName([{ name: '블랙', hex: '#000', available: false }])).toBeNull();
  });
});

describe('colour choice', () => {
  it('a sold-out colour cannot be chosen', () => {
    const start = defaultSelection(colors);
    expect(isColorSelectable(colors[2])).toBe(false);
    expect(selectColor(start, colors, '블랙 티타늄')).toBe(start);
  });

  it('an available colour can be chosen', () => {
    const start = defaultSelection(colors);
    expect(isColorSelectable(colors[0])).toBe(true);
    expect(selectColor(start, colors, '데저트 티타늄').colorName).toBe('데저트 티타늄');
  });

  it('an unknown colour is ignored', () => {
    const start = defaultSelection(colors);
    expect(isColorSelectable(undefined)).toBe(false);
    expect(selectColor(start, colors, '골드')).toBe(start);
  });
});
