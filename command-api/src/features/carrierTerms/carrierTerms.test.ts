import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { planDecider, releasePriceDecider, subsidyTableDecider } from './carrierTerms.ts';
import { parseSubsidyCsv } from './csv.ts';
import { endOfKoreanDay, subsidyValidityProcess } from './validity.ts';

const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const seeded = { type: 'SubsidyTableSeeded' as const, data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } };
const set = (subsidy: number, previous: number | null, validUntil: string | null = null) => ({
  type: 'SubsidySet' as const, data: { ...table, planId: 'skt-5g', subsidy, previous, validFrom: null, validUntil, source: { kind: 'admin' as const, ref: null } },
});

describe('subsidy table (given/when/then)', () => {
  const given = DeciderSpecification.for(subsidyTableDecider);
  it('seeded once (never over a figure an admin set); a change records the figure before; the same figure and validity write nothing', () => {
    given([]).when({ type: 'SeedSubsidyTable', table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }).then([seeded]);
    given([seeded]).when({ type: 'SeedSubsidyTable', table, plans: [{ planId: 'skt-5g', subsidy: 1 }] }).thenNothing();
    given([set(1, null)]).when({ type: 'SeedSubsidyTable', table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }).thenNothing();
    given([seeded]).when({ type: 'SetSubsidy', table, planId: 'skt-5g', subsidy: 550_000, validFrom: null, validUntil: '2026-11-30', source: { kind: 'admin', ref: null }, today: '2026-11-26' })
      .then([set(550_000, 500_000, '2026-11-30')]);
    given([seeded]).when({ type: 'SetSubsidy', table, planId: 'skt-5g', subsidy: 500_000, validFrom: null, validUntil: null, source: { kind: 'csv', ref: null }, today: '2026-11-26' }).thenNothing();
  });
  it('at the end of its validity the figure before comes back — unless a later change is in force', () => {
    const expire = { type: 'ExpireSubsidy' as const, table, planId: 'skt-5g', subsidy: 550_000, validUntil: '2026-11-30', restore: 500_000 };
    given([seeded, set(550_000, 500_000, '2026-11-30')]).when(expire).then([{
      type: 'SubsidySet', data: { ...table, planId: 'skt-5g', subsidy: 500_000, previous: 550_000, validFrom: null, validUntil: null, source: { kind: 'expiry', ref: null } },
    }]);
    given([seeded, set(550_000, 500_000, '2026-11-30'), set(600_000, 550_000)]).when(expire).thenNothing();
  });
  const scheduled = {
    type: 'SubsidyScheduled' as const,
    data: { ...table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: { kind: 'csv' as const, ref: null } },
  };
  const setLater = { type: 'SetSubsidy' as const, table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: { kind: 'csv' as const, ref: null }, today: '2026-11-26' };
  const applyLater = { type: 'ApplyScheduledSubsidy' as const, table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01', validUntil: '2026-12-31' };
  it('a figure starting on a later day waits; today or a past start applies now', () => {
    given([seeded]).when(setLater).then([scheduled]);
    given([seeded, scheduled]).when(setLater).thenNothing();
    given([seeded]).when({ ...setLater, today: '2026-12-01' }).then([{
      type: 'SubsidySet', data: { ...table, planId: 'skt-5g', subsidy: 650_000, previous: 500_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: { kind: 'csv', ref: null } },
    }]);
  });
  it('on its day the waiting figure is set with the figure before it; a cancelled or replaced one is not; it is set once', () => {
    const applied = {
      type: 'SubsidySet' as const,
      data: { ...table, planId: 'skt-5g', subsidy: 650_000, previous: 550_000, validFrom: '2026-12-01', validUntil: '2026-12-31', source: { kind: 'csv' as const, ref: null } },
    };
    given([seeded, scheduled, set(550_000, 500_000)]).when(applyLater).then([applied]);
    given([seeded, scheduled, applied]).when(applyLater).thenNothing();
    const cancelled = { type: 'SubsidyScheduleCancelled' as const, data: { ...table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01' } };
    given([seeded, scheduled]).when({ type: 'CancelScheduledSubsidy', table, planId: 'skt-5g', validFrom: '2026-12-01' }).then([cancelled]);
    given([seeded, scheduled, cancelled]).when(applyLater).thenNothing();
    given([seeded, scheduled, cancelled]).when({ type: 'CancelScheduledSubsidy', table, planId: 'skt-5g', validFrom: '2026-12-01' }).thenThrows('예약된 공시지원금 변경을 찾을 수 없습니다.');
    given([seeded, scheduled, { ...scheduled, data: { ...scheduled.data, subsidy: 700_000 } }]).when(applyLater).thenNothing();
  });
});

describe('subsidy validity process', () => {
  const given = ProcessSpecification.for(subsidyValidityProcess.definition);
  it('a figure with a validUntil schedules its end at the end of that Korean day; without one, nothing; a waiting figure is set at the start of its day', () => {
    given([seeded]).when(set(550_000, 500_000, '2026-11-30')).thenSchedules([{
      dueAt: '2026-11-30T15:00:00.000Z', stream: 'given', command: { type: 'ExpireSubsidy', table, planId: 'skt-5g', subsidy: 550_000, validUntil: '2026-11-30', restore: 500_000 },
    }]);
    given([seeded]).when(set(550_000, 500_000)).thenSchedules([]);
    const scheduled = {
      type: 'SubsidyScheduled' as const,
      data: { ...table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01', validUntil: null, source: { kind: 'admin' as const, ref: null } },
    };
    given([seeded]).when(scheduled).thenSchedules([{
      dueAt: '2026-11-30T15:00:00.000Z', stream: 'given', command: { type: 'ApplyScheduledSubsidy', table, planId: 'skt-5g', subsidy: 650_000, validFrom: '2026-12-01', validUntil: null },
    }]);
    // Issue 35: an impossible day stored before the contract refused it schedules nothing (it used to throw RangeError at every start).
    given([seeded]).when({ ...scheduled, data: { ...scheduled.data, validFrom: '2026-13-45' } }).thenSchedules([]);
    given([seeded]).when(set(550_000, 500_000, '9999-99-99')).thenSchedules([]);
    expect(endOfKoreanDay('2026-12-31')).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe('release price and plan deciders', () => {
  it('출고가: the model’s figure is the one before the first change; the same figure writes nothing', () => {
    const given = DeciderSpecification.for(releasePriceDecider);
    const cmd = { type: 'SetReleasePrice' as const, modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, modelReleasePrice: 1_200_000, source: { kind: 'admin' as const, ref: null } };
    given([]).when(cmd).then([{ type: 'ReleasePriceSet', data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'admin', ref: null } } }]);
    given([]).when({ ...cmd, releasePrice: 1_200_000 }).thenNothing();
  });
  it('a plan is defined again with the changes; an unknown plan is not found', () => {
    const given = DeciderSpecification.for(planDecider);
    const plan = { planId: 'p', name: '5G', carrier: 'SKT' as const, monthlyFee: 89_000, setupFee: 0, data: '무제한', voice: '무제한', sms: '기본', benefits: [], discountRate: 0.25 };
    given([{ type: 'PlanDefined', data: plan }]).when({ type: 'ChangePlan', changes: { name: '5G', monthlyFee: 85_000, data: '무제한', voice: '무제한', sms: '기본', benefits: [] } })
      .then([{ type: 'PlanDefined', data: { ...plan, monthlyFee: 85_000 } }]);
    given([{ type: 'PlanDefined', data: plan }]).when({ type: 'ChangePlan', changes: { name: '5G', monthlyFee: 89_000, data: '무제한', voice: '무제한', sms: '기본', benefits: [] } }).thenNothing();
    given([]).when({ type: 'ChangePlan', changes: { name: '5G', monthlyFee: 1, data: 'a', voice: 'b', sms: 'c', benefits: [] } }).thenThrows('요금제를 찾을 수 없습니다.');
  });
});

describe('CSV of 공시지원금', () => {
  it('rows with quoted thousands and 원, 아이디 for ID in the header; each bad row with its Korean messages', () => {
    const parsed = parseSubsidyCsv('\uFEFF모델 아이디,용량,통신사,가입유형,요금제 아이디,공시지원금\r\ngalaxy-s25,256GB,SKT,번호이동,skt-5g,"450,000"\ngalaxy-s25,1TB,KT,재가입,kt-5g,열만원\n');
    expect(parsed.fatal).toBeNull();
    expect(parsed.rows).toEqual([{ row: 2, input: { ...table, planId: 'skt-5g', subsidy: 450_000, validFrom: null, validUntil: null } }]);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.row).toBe(3);
    expect(parsed.errors[0]!.errors.join(' ')).toContain('가입유형은');
  });
});
