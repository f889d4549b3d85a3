import { describe, expect, it } from 'vitest';
import { addToWindow, bucketsOfWindow, eventTimeMs, windowOfBuckets, windowScore, WINDOW_HOURS } from './rankingRules.ts';

describe('eventTimeMs', () => {
  it('reads an event time as Date.parse does, by its digits or, in any other form, through Date.parse', () => {
    const times = [
      '2026-11-20T10:04:00.000Z', '2024-02-29T23:59:59.999Z', '1999-12-31T00:00:00.001Z', '2026-01-01T00:00:00.000Z',
      '2026-11-20T10:04:00Z', '2026-11-20T19:04:00.000+09:00', '2026-11-20', 'not a time', '2026-1x-20T10:04:00.000Z',
    ];
    for (const t of times) expect(eventTimeMs(t), t).toStrictEqual(Date.parse(t));
  });
});

describe('hour windows', () => {
  it('the kept sum answers as a pass over the hours does, with hours out of order, windows sliding and a stored window read back', () => {
    let window = windowOfBuckets({ hours: [], weights: [] });
    // What the window did before it kept its sum: every add drops the hours that left, every score is a pass.
    const passed = new Map<number, number>();
    const passedScore = (at: number) => [...passed].reduce((n, [h, w]) => (h > at - WINDOW_HOURS && h <= at ? n + w : n), 0);
    // A fixed pseudo-random walk of hours: mostly forward, sometimes back a few hours, sometimes a day or more ahead.
    let hour = 1_000;
    let seed = 7;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const step = seed % 100;
      hour += step < 60 ? 0 : step < 85 ? 1 : step < 95 ? -3 : 30;
      const weight = 1 + (seed % 3);
      addToWindow(window, hour, weight);
      for (const h of passed.keys()) if (h <= hour - WINDOW_HOURS) passed.delete(h);
      passed.set(hour, (passed.get(hour) ?? 0) + weight);
      for (const at of [hour, hour + 5, hour + 40, hour - 2]) expect(windowScore(window, at), `hour ${at} after ${i + 1} adds`).toBe(passedScore(at));
      if (i % 97 === 0) window = windowOfBuckets(bucketsOfWindow(window));
    }
    expect(bucketsOfWindow(window)).toEqual({ hours: [...passed.keys()].sort((a, b) => a - b), weights: [...passed.keys()].sort((a, b) => a - b).map((h) => passed.get(h)) });
  });
});
