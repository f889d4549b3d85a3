import { describe, expect, it } from 'vitest';
import { CARRIER_TERMS_MESSAGES, subsidyRequestSchema, withCarrierTerms, type TermsLookup } from '@phonemarket/contracts/carrierTerms.ts';
import { NO_CONDITIONS, conditionsForPlan, quoteOffer, type OfferConditions } from '@phonemarket/contracts';
import * as z from 'zod/mini';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { subsidyTableDecider } from './carrierTerms.ts';
import { endOfKoreanDay, subsidyValidityProcess } from './validity.ts';

/*
 * Issue 40, part 5: a carrier terms row (a plan's 공시지원금) may require the plan kept for months, in the one
 * conditions shape. The table records it with the figure and what it required before; a scheduled figure keeps
 * its conditions until its day; the end of a validity brings the figure and its conditions back; a row that only
 * changes the figure (a CSV row, a policy) leaves them as they are.
 */
const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const admin = { kind: 'admin' as const, ref: null };
const keep6: OfferConditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 } };
const keep3: OfferConditions = { ...NO_CONDITIONS, planKeep: { planId: 'skt-5g', months: 3 } };
const seeded = { type: 'SubsidyTableSeeded' as const, data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } };
const setCommand = (subsidy: number, conditions?: OfferConditions, validUntil: string | null = null) =>
  ({ type: 'SetSubsidy' as const, table, planId: 'skt-5g', subsidy, validFrom: null, validUntil, source: admin, today: '2026-11-26', ...(conditions ? { conditions } : {}) });
const set = (subsidy: number, previous: number | null, conditions: OfferConditions, previousConditions: OfferConditions, validUntil: string | null = null) => ({
  type: 'SubsidySet' as const,
  data: { ...table, planId: 'skt-5g', subsidy, previous, validFrom: null, validUntil, source: admin, conditions, previousConditions },
});

describe('a carrier terms row carries conditions (given/when/then)', () => {
  const given = DeciderSpecification.for(subsidyTableDecider);
  it('a 공시지원금 requiring the plan kept 6 months is recorded with what it required before; the same again writes nothing', () => {
    given([seeded]).when(setCommand(600_000, keep6)).then([set(600_000, 500_000, keep6, NO_CONDITIONS)]);
    given([seeded, set(600_000, 500_000, keep6, NO_CONDITIONS)]).when(setCommand(600_000, keep6)).thenNothing();
    given([seeded, set(600_000, 500_000, keep6, NO_CONDITIONS)]).when(setCommand(600_000, keep6)).thenState((s) => expect(s.plans['skt-5g']?.conditions).toEqual(keep6));
  });
  it('only the conditions changing is a change; a row without conditions (CSV, a policy) keeps them; explicit none clears them', () => {
    const state = [seeded, set(600_000, 500_000, keep6, NO_CONDITIONS)];
    given(state).when(setCommand(600_000, keep3)).then([set(600_000, 600_000, keep3, keep6)]);
    given(state).when(setCommand(650_000)).then([set(650_000, 600_000, keep6, keep6)]);
    given(state).when(setCommand(600_000, NO_CONDITIONS)).then([set(600_000, 600_000, NO_CONDITIONS, keep6)]);
  });
  it('a figure for a later day waits with its conditions and is set with them on its day (what it required before recorded then)', () => {
    const later = { ...setCommand(700_000, keep6, '2026-12-31'), validFrom: '2026-12-01' };
    const waiting = { type: 'SubsidyScheduled' as const, data: { ...table, planId: 'skt-5g', subsidy: 700_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: admin, conditions: keep6 } };
    given([seeded]).when(later).then([waiting]);
    given([seeded, waiting]).when(later).thenNothing();
    given([seeded, waiting]).when({ type: 'ApplyScheduledSubsidy', table, planId: 'skt-5g', subsidy: 700_000, validFrom: '2026-12-01', validUntil: '2026-12-31' }).then([{
      type: 'SubsidySet', data: { ...table, planId: 'skt-5g', subsidy: 700_000, previous: 500_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: admin, conditions: keep6, previousConditions: NO_CONDITIONS },
    }]);
  });
  it('at the end of its validity the figure and the conditions before it come back (the timer carries both)', () => {
    const limited = set(600_000, 500_000, keep6, NO_CONDITIONS, '2026-11-30');
    const process = ProcessSpecification.for(subsidyValidityProcess.definition);
    process([seeded]).when(limited).thenSchedules([{
      dueAt: endOfKoreanDay('2026-11-30'), stream: 'given',
      command: { type: 'ExpireSubsidy', table, planId: 'skt-5g', subsidy: 600_000, validUntil: '2026-11-30', restore: 500_000, restoreConditions: NO_CONDITIONS },
    }]);
    given([seeded, limited]).when({ type: 'ExpireSubsidy', table, planId: 'skt-5g', subsidy: 600_000, validUntil: '2026-11-30', restore: 500_000, restoreConditions: NO_CONDITIONS }).then([{
      type: 'SubsidySet', data: { ...table, planId: 'skt-5g', subsidy: 500_000, previous: 600_000, validFrom: null, validUntil: null, source: { kind: 'expiry', ref: null }, conditions: NO_CONDITIONS, previousConditions: keep6 },
    }]);
  });
});

describe('the request: only a 요금제 유지 of the row\'s own plan (Korean 400 otherwise)', () => {
  const row = { ...table, planId: 'skt-5g', subsidy: 600_000 };
  const message = (input: unknown) => { const r = z.safeParse(subsidyRequestSchema, input); return r.success ? null : r.error.issues[0]?.message; };
  it('takes a 요금제 유지 of the plan (null or its id); conditions may be left out (as they are)', () => {
    expect(message({ ...row, conditions: { planKeep: { months: 6 } } })).toBeNull();
    expect(message({ ...row, conditions: { planKeep: { planId: 'skt-5g', months: 6 } } })).toBeNull();
    expect(z.parse(subsidyRequestSchema, row).conditions).toBeUndefined();
  });
  it('refuses another plan, and 부가서비스·카드 (the shop\'s, on its offer)', () => {
    expect(message({ ...row, conditions: { planKeep: { planId: 'skt-other', months: 6 } } })).toBe(CARRIER_TERMS_MESSAGES.conditionsPlan);
    expect(message({ ...row, conditions: { addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] } })).toBe(CARRIER_TERMS_MESSAGES.conditionsOnlyPlanKeep);
    expect(message({ ...row, conditions: { planKeep: { months: 0 } } })).toBe('요금제 유지 개월은 1~36개월로 입력해주세요.');
  });
});

describe('offers priced on such terms count it with the one pricing function', () => {
  const offer = { modelId: 'galaxy-s25', storage: 256, condition: 'new', carrier: 'SKT', joinType: '번호이동', price: 1_200_000, extraSubsidy: 100_000, plans: [{ planId: 'skt-5g', subsidy: 500_000 }], conditions: NO_CONDITIONS };
  const terms = (conditions: OfferConditions | undefined): TermsLookup => ({ subsidy: () => 600_000, releasePrice: () => undefined, conditions: () => conditions });
  const fees = (id: string) => ({ 'skt-5g': 89_000 })[id];
  const later = () => 49_000;
  it('the plan carries the row\'s 요금제 유지: 6 months at 89,000 then 18 at the later 49,000 (hand-computed), against 24 × 89,000 without', () => {
    const termed = withCarrierTerms(offer, terms(keep6));
    expect(termed.plans[0]).toEqual({ planId: 'skt-5g', subsidy: 600_000, conditions: keep6 });
    // What the cart, checkout and the 계약 조건서 show: the 요금제 유지 of that plan, named.
    expect(conditionsForPlan(termed, 'skt-5g')?.planKeep).toEqual({ planId: 'skt-5g', months: 6 });
    const withKeep = quoteOffer(termed, fees, { discount: 'subsidy', months: 24 }, later)!.quote;
    const without = quoteOffer(withCarrierTerms(offer, terms(NO_CONDITIONS)), fees, { discount: 'subsidy', months: 24 }, later)!.quote;
    // Device 1,200,000 − 600,000 − 100,000 = 500,000 paid over 24 months with interest: the same in both; only the plan months differ.
    expect(without.totalCost - withKeep.totalCost).toBe(18 * (89_000 - 49_000));
    expect(withKeep.keepMonths).toBe(6);
  });
  it('with the offer\'s own 요금제 유지 the longer holds, the offer\'s plan named; a lookup that does not know leaves the plan as it is', () => {
    const own = { ...offer, conditions: keep3 };
    expect(conditionsForPlan(withCarrierTerms(own, terms(keep6)), 'skt-5g')?.planKeep).toEqual({ planId: 'skt-5g', months: 6 });
    const termed = withCarrierTerms(offer, terms(keep6));
    expect(withCarrierTerms(termed, { subsidy: () => 600_000, releasePrice: () => undefined })).toBe(termed);
    expect(withCarrierTerms(termed, terms(NO_CONDITIONS)).plans[0]).toEqual({ planId: 'skt-5g', subsidy: 600_000 });
  });
});
