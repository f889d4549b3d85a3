import { describe, expect, it } from 'vitest';
import { endOfKoreanDay, koreanDayOf, startOfKoreanDay } from './koreanDay.ts';

describe('Korean days', () => {
  it('a UTC evening is already the next day in Korea', () => {
    expect(koreanDayOf('2026-11-26T14:59:59.999Z')).toBe('2026-11-26');
    expect(koreanDayOf('2026-11-26T15:00:00.000Z')).toBe('2026-11-27');
    expect(koreanDayOf(Date.parse('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });
  it('a day starts and ends at midnight in Korea', () => {
    expect(startOfKoreanDay('2026-12-01')).toBe('2026-11-30T15:00:00.000Z');
    expect(endOfKoreanDay('2026-12-01')).toBe('2026-12-01T15:00:00.000Z');
    expect(koreanDayOf(startOfKoreanDay('2026-12-01'))).toBe('2026-12-01');
  });
});
