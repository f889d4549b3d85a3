import { describe, expect, it, vi } from 'vitest';
import { createNotifier, createPollingSubscription } from './subscription.ts';
import type { RecordedEvent } from './types.ts';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`, type: 'Happened', data: {}, stream: 's', revision: BigInt(position - 1), position: BigInt(position),
  metadata: { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z' },
});

describe('polling subscription', () => {
  it('a live subscriber reads once per append that wakes it, not again before sleeping', async () => {
    const log: RecordedEvent[] = [];
    let reads = 0;
    const notifier = createNotifier();
    const readAfter = (after: bigint) => { reads++; return log.filter((e) => e.position > after); };
    // A long poll interval: only the notifier wakes it within the test.
    const subscription = createPollingSubscription(0n, readAfter, notifier, () => {}, 60_000);
    const it = subscription[Symbol.asyncIterator]();
    const seen: bigint[] = [];
    const consume = (async () => { for (let r = await it.next(); !r.done; r = await it.next()) seen.push(r.value.position); })();
    await new Promise((r) => setTimeout(r, 10));
    const before = reads; // the first read, at the start
    for (let p = 1; p <= 5; p++) {
      log.push(event(p));
      notifier.notify();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(reads - before).toBe(5);
    await subscription.close();
    await consume;
  });

  it('an append committed while the subscriber was busy with the last batch is read without waiting for a wake', async () => {
    const log: RecordedEvent[] = [event(1)];
    const notifier = createNotifier();
    const subscription = createPollingSubscription(0n, (after) => log.filter((e) => e.position > after), notifier, () => {}, 60_000);
    const it = subscription[Symbol.asyncIterator]();
    expect((await it.next()).value?.position).toBe(1n);
    // Appended and notified while nobody waits (the consumer is handling event 1).
    log.push(event(2));
    notifier.notify();
    const next = await Promise.race([it.next(), new Promise<null>((r) => setTimeout(() => r(null), 1_000))]);
    expect(next?.value?.position).toBe(2n);
    await subscription.close();
  });

  it('appends that wake a live subscriber set no timer each: one poll timer serves its sleeps, and still wakes it for an append nobody notified', async () => {
    const log: RecordedEvent[] = [];
    const notifier = createNotifier();
    const subscription = createPollingSubscription(0n, (after) => log.filter((e) => e.position > after), notifier, () => {}, 300);
    const it = subscription[Symbol.asyncIterator]();
    const seen: bigint[] = [];
    const consume = (async () => { for (let r = await it.next(); !r.done; r = await it.next()) seen.push(r.value.position); })();
    await expect.poll(() => process.getActiveResourcesInfo().includes('Timeout')).toBe(true); // asleep
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const started = performance.now();
    try {
      for (let p = 1; p <= 20; p++) {
        log.push(event(p));
        notifier.notify();
        while (seen.length < p) await new Promise((r) => setImmediate(r));
      }
      // One timer per poll interval at most (the loop takes a few ms), not one per wake.
      expect(timers.mock.calls.filter(([, ms]) => ms === 300).length).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / 300));
    } finally {
      timers.mockRestore();
    }
    // Another process's commit: nobody notifies, the poll reads it.
    log.push(event(21));
    await expect.poll(() => seen.at(-1), { timeout: 2_000 }).toBe(21n);
    await subscription.close();
    await consume;
    expect(seen).toHaveLength(21);
  });
});
