import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDeals, formatMonthly, formatNumber, formatWon } from './format';

describe('format', () => {
  it('formats won with Korean thousands separators', () => {
    expect(formatWon(1234000)).toBe('1,234,000원');
    expect(formatWon(0)).toBe('0원');
  });
  it('groups whole numbers exactly as ko-KR Intl does, and leaves the rest to Intl', () => {
    const intl = new Intl.NumberFormat('ko-KR');
    const samples = [0, -0, 1, 12, 123, 999, 1000, -1000, 12345, 999999, 1000000, -7654321, 1234567890, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5, 1234.5678, -0.25, Number.NaN, Infinity];
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n, -n);
    for (const n of samples) expect(formatNumber(n), String(n)).toBe(intl.format(n));
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

describe('koreanYear', () => {
  it('turns the year at midnight in Korea, not in UTC', async () => {
    const { koreanYear } = await import('./format');
    expect(koreanYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(koreanYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });
});

