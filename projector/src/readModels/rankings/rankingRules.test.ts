import { describe, expect, it } from 'vitest';
import { eventTimeMs } from './rankingRules.ts';

describe('eventTimeMs', () => {
  it('reads an event time as Date.parse does, by its digits or, in any other form, through Date.parse', () => {
    const times = [
      '2026-11-20T10:04:00.000Z', '2024-02-29T23:59:59.999Z', '1999-12-31T00:00:00.001Z', '2026-01-01T00:00:00.000Z',
      '2026-11-20T10:04:00Z', '2026-11-20T19:04:00.000+09:00', '2026-11-20', 'not a time', '2026-1x-20T10:04:00.000Z',
    ];
    for (const t of times) expect(eventTimeMs(t), t).toStrictEqual(Date.parse(t));
  });
});
