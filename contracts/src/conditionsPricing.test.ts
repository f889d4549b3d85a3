import { describe, expect, it } from 'vitest';
import { NO_CONDITIONS, conditionsHiddenInText, conditionMessage, hasConditions, offerConditionsSchema, statedConditions, type OfferConditions } from './conditions.ts';
import * as z from 'zod/mini';
import { quoteOfferConditions, quoteOfferSchema } from './quotes.ts';
import { quoteWithChoice } from './laterPlan.ts';
import {
  laterPlanFeeIn, laterPlanIn, planChangeCosts, priceBreakdown, quote, quoteOffer, settlementCharge, type PlanFacts, type PricingConditions, type PricingInput,
} from './pricing.ts';

/*
 * Issue 40: every condition kind counted by the one pricing function, figures worked by hand.
 * Base: 출고가 1,500,000 − 공시지원금 500,000 = 할부원금 1,000,000 → 월 44,276 × 24 = 1,062,624;
 * plan 69,000 × 24 = 1,656,000; 24개월 실부담 without conditions 2,718,624.
 */
const none: PricingConditions = { keepMonths: 0, laterPlanFee: 49_000, addOns: [], card: null, cardUsed: false, simFee: 0, settlement: null };
const base = (conditions?: Partial<PricingConditions>): PricingInput => ({
  devicePrice: 1_500_000, subsidy: 500_000, extraSubsidy: 0, planFee: 69_000, conditions: conditions && { ...none, ...conditions },
});
const subsidy24 = { discount: 'subsidy', months: 24 } as const;

describe('the 24개월 실부담 counts each condition kind', () => {
  it('no conditions: 월 납부금 × 24 = 2,718,624 (as before issue 40)', () => {
    expect(quote(base(), subsidy24).totalCost).toBe(2_718_624);
    expect(quote(base({}), subsidy24).totalCost).toBe(2_718_624);
  });

  it('요금제 유지 6개월 then a 49,000원 plan: 1,062,624 + 69,000×6 + 49,000×18 = 2,358,624', () => {
    const q = quote(base({ keepMonths: 6 }), subsidy24);
    expect(q.totalCost).toBe(1_062_624 + 414_000 + 882_000);
    expect(q).toMatchObject({ keepMonths: 6, laterPlanFee: 49_000, laterMonthlyPlan: 49_000, monthlyPlan: 69_000 });
  });

  it('a 부가서비스 of 9,900원 for 3 months adds 29,700: 2,748,324; one for 36 months counts 24 of them', () => {
    expect(quote(base({ addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] }), subsidy24).totalCost).toBe(2_748_324);
    const long = quote(base({ addOns: [{ name: '보험', monthlyFee: 5_000, months: 36 }] }), subsidy24);
    expect(long.addOnCost).toBe(120_000);
    expect(long.totalCost).toBe(2_838_624);
  });

  it('카드 제휴 할인 15,000원 × 24 is shown apart and counted only when the buyer will use the card', () => {
    const card = { card: '신한 T카드', monthlyDiscount: 15_000, requiredMonthlySpend: 300_000, months: 24 };
    const unused = quote(base({ card }), subsidy24);
    expect(unused.totalCost).toBe(2_718_624);
    expect(unused.cardDiscount).toBe(0);
    expect(unused.cardDiscountAvailable).toBe(360_000);
    expect(quote(base({ card, cardUsed: true }), subsidy24).totalCost).toBe(2_358_624);
  });

  it('유심/eSIM 비용 7,700원 is paid once: 2,726,324', () => {
    expect(quote(base({ simFee: 7_700 }), subsidy24).totalCost).toBe(2_726_324);
  });

  it('선택약정 goes on with the later plan: 66,413×24 + 51,750×6 + 36,750×18 = 2,565,912', () => {
    const q = quote(base({ keepMonths: 6 }), { discount: 'selective', months: 24 });
    expect(q.monthlyDevice).toBe(66_413);
    expect(q.laterMonthlyPlan).toBe(36_750);
    expect(q.totalCost).toBe(1_593_912 + 310_500 + 661_500);
  });

  it('30개월 할부: the chosen period and 24 months are both counted (2,965,020 and 2,596,224)', () => {
    const q = quote(base({ keepMonths: 6, addOns: [{ name: '보험', monthlyFee: 9_900, months: 36 }] }), { discount: 'subsidy', months: 30 });
    expect(q.monthlyDevice).toBe(35_934);
    expect(q.totalCost).toBe(35_934 * 30 + 69_000 * 6 + 49_000 * 24 + 9_900 * 30);
    expect(q.totalCost24).toBe(44_276 * 24 + 69_000 * 6 + 49_000 * 18 + 9_900 * 24);
  });

  it('차액정산금 300,000 prorated over 6 months: a change after 2 months charges 200,000; 반환 100,000 in full before 6, none after', () => {
    const difference = { kind: 'difference', amount: 300_000, prorated: true } as const;
    expect(settlementCharge(difference, 6, 2)).toBe(200_000);
    expect(settlementCharge({ kind: 'refund', amount: 100_000, prorated: false }, 6, 2)).toBe(100_000);
    expect(settlementCharge({ kind: 'refund', amount: 100_000, prorated: false }, 6, 6)).toBe(0);
    const rows = planChangeCosts(base({ keepMonths: 6, settlement: difference }), subsidy24);
    expect(rows).toHaveLength(23);
    // After 2 months: 1,062,624 + 69,000×2 + 49,000×22 + 200,000.
    expect(rows[1]).toEqual({ month: 2, settlement: 200_000, totalCost: 1_062_624 + 138_000 + 1_078_000 + 200_000 });
    expect(rows[5]).toEqual({ month: 6, settlement: 0, totalCost: 2_358_624 });
  });
});

describe('왜 이 금액인가요?: the lines add up to the figure and say who pays', () => {
  it('공시지원금 and 선택약정 are the carrier\'s, 추가지원금 the shop\'s, the card\'s discount the card company\'s', () => {
    const addOns = [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }];
    const card = { card: '신한 T카드', monthlyDiscount: 15_000, requiredMonthlySpend: 300_000, months: 12 };
    const withSubsidy = quote({ ...base({ keepMonths: 6, addOns, simFee: 7_700, card, cardUsed: true }), extraSubsidy: 200_000 }, subsidy24);
    const lines = priceBreakdown(withSubsidy, addOns);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(withSubsidy.totalCost);
    expect(lines.find((l) => l.label === '공시지원금')).toMatchObject({ amount: -500_000, payer: 'carrier' });
    expect(lines.find((l) => l.label === '추가지원금')).toMatchObject({ amount: -200_000, payer: 'shop' });
    expect(lines.find((l) => l.label === '부가서비스 V컬러링')).toMatchObject({ amount: 29_700, payer: 'buyer' });
    expect(lines.find((l) => l.label === '카드 제휴 할인')).toMatchObject({ amount: -180_000, payer: 'card' });
    const selective = quote(base({ keepMonths: 6 }), { discount: 'selective', months: 24 });
    const sLines = priceBreakdown(selective);
    expect(sLines.find((l) => l.label === '선택약정 25%')).toMatchObject({ amount: -(17_250 * 6 + 12_250 * 18), payer: 'carrier' });
    expect(sLines.reduce((s, l) => s + l.amount, 0)).toBe(selective.totalCost);
  });
});

describe('an offer\'s conditions through quoteOffer', () => {
  const plans = new Map<string, PlanFacts>([
    ['skt-5gx-prime', { carrier: 'SKT', monthlyFee: 89_000 }],
    ['skt-5g-basic-plus', { carrier: 'SKT', monthlyFee: 59_000 }],
    ['skt-lte-mini', { carrier: 'SKT', monthlyFee: 33_000 }],
    ['kt-5g-simple', { carrier: 'KT', monthlyFee: 45_000 }],
  ]);
  const fee = (id: string) => plans.get(id)?.monthlyFee;
  const conditions: OfferConditions = { ...NO_CONDITIONS, planKeep: { planId: 'skt-5gx-prime', months: 6 } };
  const offer = { price: 1_500_000, extraSubsidy: 0, plans: [{ planId: 'skt-5gx-prime', subsidy: 500_000 }, { planId: 'skt-5g-basic-plus', subsidy: 300_000 }], conditions };

  it('the default later plan is the cheapest of the carrier\'s network type (5G 59,000, not LTE 33,000 nor KT 45,000)', () => {
    expect(laterPlanFeeIn(plans)('skt-5gx-prime', null)).toBe(59_000);
    expect(laterPlanFeeIn(plans)('skt-5gx-prime', 'kt-5g-simple')).toBe(59_000);
    expect(laterPlanFeeIn(plans)('skt-5gx-prime', 'skt-lte-mini')).toBe(33_000);
    // The 계약 조건서 names the plan the fee is priced with: the same answer, with its id.
    expect(laterPlanIn(plans)('skt-5gx-prime', null)).toEqual({ planId: 'skt-5g-basic-plus', monthlyFee: 59_000 });
    expect(laterPlanIn(plans)('skt-5gx-prime', 'kt-5g-simple')).toEqual({ planId: 'skt-5g-basic-plus', monthlyFee: 59_000 });
    expect(laterPlanIn(plans)('skt-5gx-prime', 'skt-lte-mini')).toEqual({ planId: 'skt-lte-mini', monthlyFee: 33_000 });
    expect(laterPlanFeeIn(plans)('no-such-plan', null)).toBeUndefined();
  });

  it('a 요금제 유지 of one named plan takes only that plan; the buyer\'s later plan is counted after it', () => {
    const priced = quoteOffer(offer, fee, { discount: 'subsidy', months: 24 }, laterPlanFeeIn(plans));
    expect(priced?.planId).toBe('skt-5gx-prime');
    expect(priced?.quote.totalCost).toBe(44_276 * 24 + 89_000 * 6 + 59_000 * 18);
    expect(quoteOffer(offer, fee, { planId: 'skt-5g-basic-plus' }, laterPlanFeeIn(plans))).toBeNull();
    const lte = quoteOffer(offer, fee, { discount: 'subsidy', months: 24, laterPlanId: 'skt-lte-mini' }, laterPlanFeeIn(plans));
    expect(lte?.quote.totalCost).toBe(44_276 * 24 + 89_000 * 6 + 33_000 * 18);
  });

  it('an offer without conditions prices as before', () => {
    const plain = quoteOffer({ ...offer, conditions: undefined }, fee, { planId: 'skt-5gx-prime', discount: 'subsidy', months: 24 }, laterPlanFeeIn(plans));
    expect(plain?.quote.totalCost).toBe((44_276 + 89_000) * 24);
  });
});

describe('conditions as data', () => {
  it('an old event without conditions reads as none', () => {
    expect(z.parse(offerConditionsSchema, {})).toEqual(NO_CONDITIONS);
    expect(hasConditions(NO_CONDITIONS)).toBe(false);
    expect(hasConditions({ ...NO_CONDITIONS, simFee: 7_700 })).toBe(true);
  });

  it('refuses a bad field with a Korean message', () => {
    const r = z.safeParse(offerConditionsSchema, { addOns: [{ name: '', monthlyFee: -1, months: 0 }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(/부가서비스 이름을 입력해주세요/);
  });

  const spellings: [string, string][] = [
    ['6개월 요금제 유지 조건', 'planKeep'],
    ['요금제유지 필수', 'planKeep'],
    ['고가 요금제 6개월 사용', 'planKeep'],
    ['부가서비스 2개 가입', 'addOns'],
    ['부가 서비스 3개월', 'addOns'],
    ['제휴 카드 발급 시 추가 할인', 'card'],
    ['ＣＡＲＤ 할인', 'card'],
    ['개통 후 페이백 10만원', 'extraSubsidy'],
    ['현금 완납 시 추가 혜택', 'extraSubsidy'],
    ['요금제 변경 시 차액 정산', 'settlement'],
  ];
  it.each(spellings)('"%s" without its field is refused, naming %s', (text, field) => {
    const hidden = conditionsHiddenInText(['갤럭시 특가', text], statedConditions(NO_CONDITIONS));
    expect(hidden).toContain(field);
    expect(conditionMessage(hidden[0]!)).toMatch(/^조건은 본문이 아니라 '.+' 항목에 입력해주세요\.$/);
  });

  it('a text naming a condition its field carries passes; plain text passes', () => {
    const stated = statedConditions({ ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] });
    expect(conditionsHiddenInText(['요금제 유지 6개월, 부가서비스 V컬러링'], stated)).toEqual([]);
    expect(conditionsHiddenInText(['S급 공기계, 배터리 효율 92%'], statedConditions(NO_CONDITIONS))).toEqual([]);
    expect(conditionsHiddenInText(['페이백 5만원'], statedConditions(NO_CONDITIONS, 50_000))).toEqual([]);
  });
});

describe('a quote offer\'s message may not hold a condition its fields do not', () => {
  const offer = {
    storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', discount: 'subsidy', months: 24, extraSubsidy: 0,
    planKeepMonths: 0, addOns: [], cardRequired: false, tradeInRequired: false,
  } as const;
  it('refused on `note` naming the field; accepted once the field carries it', () => {
    const hidden = z.safeParse(quoteOfferSchema, { ...offer, note: '개통 후 페이백 10만원 드립니다' });
    expect(hidden.success).toBe(false);
    expect(hidden.error?.issues[0]).toMatchObject({ path: ['note'], message: "조건은 본문이 아니라 '추가지원금' 항목에 입력해주세요." });
    const keep = z.safeParse(quoteOfferSchema, { ...offer, note: '요금제유지 6개월 필수' });
    expect(keep.error?.issues[0]?.message).toBe("조건은 본문이 아니라 '요금제 유지 (요금제·개월)' 항목에 입력해주세요.");
    expect(z.safeParse(quoteOfferSchema, { ...offer, planKeepMonths: 6, note: '요금제유지 6개월 필수' }).success).toBe(true);
  });

  it('the offer\'s conditions are the one shape: its 요금제 유지 is of its own plan', () => {
    const parsed = z.parse(quoteOfferSchema, { ...offer, planKeepMonths: 6, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }] });
    expect(quoteOfferConditions(parsed)).toEqual({ ...NO_CONDITIONS, planKeep: { planId: 'skt-5gx-prime', months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }] });
  });
});

describe('quoteWithChoice: the product page re-prices a figure for the buyer\'s choices with the one function', () => {
  it('no change gives the same figure; the card tick takes 10,000 × 12 off; a later plan of 33,000 instead of 49,000 for 18 months takes 288,000 off', () => {
    const conditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, card: { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 } };
    const q = quote({ devicePrice: 1_200_000, subsidy: 300_000, extraSubsidy: 50_000, planFee: 89_000, conditions: { keepMonths: 6, laterPlanFee: 49_000, addOns: [], card: conditions.card, cardUsed: false, simFee: 0, settlement: null } }, { discount: 'subsidy', months: 24 });
    expect(quoteWithChoice(q, conditions, { laterPlanId: null, cardUsed: false }, undefined)).toEqual(q);
    expect(quoteWithChoice(q, conditions, { laterPlanId: null, cardUsed: true }, undefined).totalCost).toBe(q.totalCost - 120_000);
    expect(quoteWithChoice(q, conditions, { laterPlanId: 'x', cardUsed: false }, 33_000).totalCost).toBe(q.totalCost - 16_000 * 18);
  });
});
