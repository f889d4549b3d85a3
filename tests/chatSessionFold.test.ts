import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@phonemarket/events';
import { chatSessionDecider } from '../command-api/src/features/support/chatSession.ts';
import { allocationCounter } from '../bench/src/allocated.ts';

// A chat's fold takes each line without copying the lines before it (ADR 031, s61): its cost per line
// does not grow with the transcript (issue 37 §1's rule for the read side, here on the command side).
describe('a chat session fold', () => {
  const line = (i: number) => ({
    type: 'ChatMessagePosted', stream: 'chatSession-s1', revision: BigInt(i), position: BigInt(i), id: `e${i}`,
    data: { messageId: `line-${i}`, from: i % 2 ? 'agent' : 'customer', authorId: 'u1', authorName: '민준', content: `안녕하세요 ${i}` },
    metadata: { at: '2026-12-01T00:00:00.000Z', actor: { userId: 'u1', role: 'buyer' }, correlationId: 'c', causationId: null },
  }) as unknown as StoredEvent;
  const fold = (from: number, to: number, state = chatSessionDecider.initialState()) => {
    for (let i = from; i < to; i++) state = chatSessionDecider.evolve(state, line(i));
    return state;
  };

  it('allocates per line what its first lines did, at 5,000 lines', () => {
    const counter = allocationCounter();
    const early = fold(0, 200);
    const earlyBytes = counter.mark();
    const long = fold(200, 5_000, early);
    counter.mark();
    const later = fold(5_000, 5_200, long);
    const laterBytes = counter.mark();
    counter.stop();
    // Copying the transcript's ids per line costs ~100 bytes × lines: 200 lines at 5,000 would be ~100 MB.
    expect(laterBytes).toBeLessThan(Math.max(3 * earlyBytes, 2_000_000));
    expect(later.messages.size).toBe(5_200);
    expect(later.messages.get('line-5199')).toMatchObject({ content: '안녕하세요 5199', from: 'agent' });
    // The fold's earlier states are unchanged: the state at 200 lines still sees 200.
    expect([early.messages.size, early.messages.has('line-200'), long.messages.has('line-5000')]).toEqual([200, false, false]);
  });
});
