import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { buybackErasureSchema } from './buyback.ts';
import { subsidyRequestSchema } from './carrierTerms.ts';
import { calendarDay, dateTime, instantOf, isCalendarDay } from './dates.ts';
import { activationFieldsSchema, isOfferedVisitSlot, orderStatusChangeSchema, visitDays } from './orders.ts';
import { pricePolicyRequestSchema } from './sellingPolicies.ts';

describe('calendar days and times (issue 35)', () => {
  it('a day is YYYY-MM-DD that exists: no 13th month, no 31 February, 29 February only in a leap year', () => {
    for (const day of ['2026-11-30', '2028-02-29', '2000-02-29', '1900-01-01', '2999-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-13-45', '9999-99-99', '2027-02-31', '2026-02-29', '1900-02-29', '2026-00-10', '2026-11-00', '2026-1-05', '0000-01-01', ' 2026-11-30', '2026-11-30T00:00:00Z', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('a day field answers a Korean error naming its label', () => {
    const parsed = z.safeParse(z.object({ validFrom: calendarDay('적용 시작일') }), { validFrom: '2027-02-31' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['validFrom', '적용 시작일은 2026-11-30처럼 실제 있는 날짜로 입력해주세요.']]);
  });

  it('a time is a real day and a real time; without a zone it is Korea time; the field answers the ISO instant', () => {
    expect(instantOf('2026-11-30T14:05')).toBe(Date.parse('2026-11-30T05:05:00Z'));
    expect(instantOf('2026-11-30T14:05:59.123Z')).toBe(Date.parse('2026-11-30T14:05:59.123Z'));
    expect(instantOf('2026-11-30T23:59:00+09:00')).toBe(Date.parse('2026-11-30T14:59:00Z'));
    for (const text of ['2026-11-30T24:00', '2026-11-30T12:60', '2026-11-30T12:00:60', '2027-02-31T10:00', '2026-11-30', '1970-01-01T00:00:00+99:00', 'yesterday', '']) {
      expect(instantOf(text), text).toBeNull();
    }
    expect(z.parse(dateTime('삭제 일시'), '2026-11-30T14:05')).toBe('2026-11-30T05:05:00.000Z');
    expect(z.safeParse(dateTime('삭제 일시'), '2026-02-30T10:00').error?.issues[0]?.message).toBe('삭제 일시는 2026-11-30T14:00처럼 실제 있는 날짜와 시각으로 입력해주세요.');
  });

  it('every contract that carries a day or time uses the check: carrier terms, price policies, birth dates, 개통일, erasure times, 매장 방문 slots', () => {
    const subsidy = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', subsidy: 1 };
    expect(z.safeParse(subsidyRequestSchema, { ...subsidy, validFrom: '2026-13-45' }).success).toBe(false);
    expect(z.safeParse(subsidyRequestSchema, { ...subsidy, validUntil: '9999-99-99' }).success).toBe(false);
    expect(z.safeParse(subsidyRequestSchema, { ...subsidy, validFrom: '2026-11-30', validUntil: null }).success).toBe(true);
    const policy = { sourceImageBatchId: 'b', policyName: '정책', validFrom: '2026-11-01', validUntil: '2027-02-31', rows: [subsidy] };
    expect(z.safeParse(pricePolicyRequestSchema, policy).error?.issues.map((i) => i.path.join('.'))).toContain('validUntil');
    expect(z.safeParse(activationFieldsSchema, { holderBirthDate: '1990-02-30' }).success).toBe(false);
    expect(z.safeParse(activationFieldsSchema, { holderBirthDate: '1990-02-28' }).success).toBe(true);
    expect(z.safeParse(activationFieldsSchema, { visitSlot: '2026-02-30 10:00' }).success).toBe(false);
    expect(z.safeParse(activationFieldsSchema, { visitSlot: '2026-11-30 09:00' }).success).toBe(false);
    expect(z.safeParse(activationFieldsSchema, { visitSlot: '2026-11-30 19:00' }).success).toBe(true);
    expect(z.safeParse(orderStatusChangeSchema, { status: 'activated', activatedOn: '2026-11-31' }).success).toBe(false);
    expect(z.safeParse(buybackErasureSchema, { method: 'factory_reset', at: '2026-11-31T10:00', imeiLast4: '1234' }).success).toBe(false);
  });

  it('a 매장 방문 slot is a shop hour on one of the 14 days from tomorrow (Korea time)', () => {
    const now = new Date('2026-11-26T15:30:00Z'); // 2026-11-27 00:30 in Korea
    expect(visitDays(now, 3)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(visitDays(now)).toHaveLength(14);
    expect(isOfferedVisitSlot('2026-11-28 10:00', now)).toBe(true);
    expect(isOfferedVisitSlot('2026-12-11 19:00', now)).toBe(true);
    for (const slot of ['2026-11-27 14:00', '2000-01-01 10:00', '2026-12-12 10:00', '2026-11-28 09:00', '2026-11-28 20:00', '2026-11-28 10:30', '2026-02-30 10:00']) {
      expect(isOfferedVisitSlot(slot, now), slot).toBe(false);
    }
  });
});
