import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDeals, formatMonthly, formatWon } from './format';

describe('format', () => {
  it('formats won with Korean thousands separators', () => {
    expect(formatWon(1234000)).toBe('1,234,000원');
    expect(formatWon(0)).toBe('0원');
  });
  it('formats monthly as /월', () => {
    expect(formatMonthly(12340)).toBe('12,340원/월');
  });
  it('shows deals above 1000 with k', () => {
    expect(formatDeals(1234)).toBe('1.2k');
    expect(formatDeals(1000)).toBe('1000');
    expect(formatDeals(856)).toBe('856');
  });
  it('formats dates in Korean', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('2025년 3월 5일');
    expect(formatDate('not a date')).toBe('not a date');
  });
  it('shows dates and times in Korean time whatever the zone of the server or browser (the server render and hydration agree)', () => {
    expect(formatDateTime('2026-11-23T03:09:00Z')).toBe('2026년 11월 23일 오후 12:09');
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('2026년 11월 23일');
  });
});
