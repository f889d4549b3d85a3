import { describe, expect, it } from 'vitest';
import { visitDays } from './activation';

describe('매장 방문 days', () => {
  it('start tomorrow in Korea, whatever the browser’s time zone says of today', () => {
    // 00:30 on 27 Nov in Korea (still 26 Nov in UTC): the first day offered is the 28th.
    expect(visitDays(new Date('2026-11-26T15:30:00Z'), 3)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(visitDays(new Date('2026-12-30T16:00:00Z'), 2)).toEqual(['2027-01-01', '2027-01-02']);
  });
});
