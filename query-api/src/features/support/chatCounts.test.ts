import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatCountsPush } from '@phonemarket/contracts';
import { chatCountsPush } from './chatCounts.ts';

afterEach(() => vi.useRealTimers());

describe('the support room\'s counts of messages', () => {
  it('sends every chat\'s latest count that changed in the window as one frame, and nothing while no line came', () => {
    vi.useFakeTimers();
    const sent: ChatCountsPush[] = [];
    const push = chatCountsPush((p) => sent.push(p), 500);
    push.add({ sessionId: 'chat-1', totalMessages: 3 });
    push.add({ sessionId: 'chat-2', totalMessages: 8 });
    push.add({ sessionId: 'chat-1', totalMessages: 4 });
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ counts: [{ sessionId: 'chat-1', totalMessages: 4 }, { sessionId: 'chat-2', totalMessages: 8 }] }]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(1);
    push.add({ sessionId: 'chat-2', totalMessages: 9 });
    vi.advanceTimersByTime(500);
    expect(sent[1]).toEqual({ counts: [{ sessionId: 'chat-2', totalMessages: 9 }] });
  });

  it('keeps the higher count when an older copy comes after a newer one, and sends nothing after close', () => {
    vi.useFakeTimers();
    const sent: ChatCountsPush[] = [];
    const push = chatCountsPush((p) => sent.push(p), 500);
    push.add({ sessionId: 'chat-1', totalMessages: 6 });
    push.add({ sessionId: 'chat-1', totalMessages: 5 });
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([{ counts: [{ sessionId: 'chat-1', totalMessages: 6 }] }]);
    push.add({ sessionId: 'chat-1', totalMessages: 7 });
    push.close();
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(1);
  });
});
