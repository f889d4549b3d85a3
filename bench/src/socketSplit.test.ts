import { describe, expect, it } from 'vitest';
import { socketSplit } from './socketSplit.ts';

describe('socketSplit', () => {
  it('matches each timed write with its arrival, in order, after the arrivals of writes made before sampling began', () => {
    // Triggers at 1,000 / 2,000 / 3,000 ms; the socket was written the first push before sampling began.
    const triggers = { 'ranking:update': [1_000, 2_000, 3_000] };
    const writes = { s1: { 'ranking:update': [2_100, 3_050] } };
    // The arrival of 2,100's write reads 1.5 ms before it (the two processes' clocks): still its arrival.
    const arrivals = { s1: { 'ranking:update': [1_020, 2_098.5, 3_400] } };
    const split = socketSplit(writes, arrivals, triggers);
    expect(split.skipped).toBe(1);
    expect(split.unmatched).toBe(0);
    expect(split.byKind['ranking:update'].server).toMatchObject({ count: 2, max: 100 });
    expect(split.byKind['ranking:update'].client).toMatchObject({ count: 2, p50: 350, max: 350 });
    expect(split.byKind['ranking:update'].total.max).toBe(400);
  });

  it('counts a write whose arrival the client had not read yet as unmatched, and never matches it with a later push', () => {
    const split = socketSplit({ s1: { 'chat:message': [1_010, 21_010] } }, { s1: { 'chat:message': [1_012] } }, { 'chat:message': [1_000, 21_000] });
    expect(split.unmatched).toBe(1);
    expect(split.byKind['chat:message'].client).toMatchObject({ count: 1, max: 2 });
  });
});
