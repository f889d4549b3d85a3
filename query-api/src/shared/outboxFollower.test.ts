import { describe, expect, it } from 'vitest';
import { createMemoryDocStore, outboxWriter, type BatchApplied, type PushTopic } from '@phonemarket/projector';
import { followOutbox } from './outboxFollower.ts';
import type { ProjectionProgress } from './progress.ts';

/** A progress whose batches the test announces, like pollCheckpoint would. */
function fakeProgress(start: bigint) {
  let position = start;
  const listeners = new Set<(b: BatchApplied) => void>();
  const progress: ProjectionProgress = {
    position: () => position,
    waitFor: async () => true,
    onBatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };
  const batch = (p: bigint, changed: PushTopic[] = ['outbox'], messages?: BatchApplied['messages']) => {
    position = p;
    for (const l of listeners) l({ position: p, changed: new Set(changed), ...(messages ? { messages } : {}) });
  };
  return { progress, batch };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('followOutbox', () => {
  it('sends each message once, in order, to its room, with the event of its topic', async () => {
    const docs = createMemoryDocStore();
    const writer = outboxWriter(docs);
    const { progress, batch } = fakeProgress(10n);
    const sent: [string, string, unknown][] = [];
    followOutbox(docs, progress, { send: (room, event, payload) => void sent.push([room, event, payload]) });

    writer.queue(11, { topic: 'cartUpdated', room: 'user:a', payload: { count: 1 } });
    writer.queue(12, { topic: 'cartUpdated', room: 'user:b', payload: { count: 2 } });
    await writer.write(writer.take());
    batch(12n);
    await settle();
    batch(13n, []); // a batch without messages reads nothing
    await settle();
    expect(sent).toEqual([['user:a', 'cart:updated', { count: 1 }], ['user:b', 'cart:updated', { count: 2 }]]);
  });

  it('sends the messages a batch hands over (the projector in this process) without reading the outbox', async () => {
    const docs = createMemoryDocStore(); // nothing stored: a read of the outbox would find nothing
    const { progress, batch } = fakeProgress(10n);
    const sent: [string, string][] = [];
    followOutbox(docs, progress, { send: (room, event) => void sent.push([room, event]) });
    batch(12n, ['outbox'], [
      { _id: '11.0', position: 11, seq: 0, topic: 'cartUpdated', room: 'user:a', payload: { count: 1 } },
      { _id: '12.0', position: 12, seq: 0, topic: 'chatMessage', room: 'chat:s1', payload: {} },
    ]);
    await settle();
    expect(sent).toEqual([['user:a', 'cart:updated'], ['chat:s1', 'chat:message']]);
  });

  it('a polling instance sends, at its first sight of the checkpoint, only what was written after it started', async () => {
    const docs = createMemoryDocStore();
    const old = outboxWriter(docs, { now: () => Date.now() - 30_000 });
    old.queue(5, { topic: 'cartUpdated', room: 'user:a', payload: { count: 1 } });
    await old.write(old.take());
    const { progress, batch } = fakeProgress(0n); // pollCheckpoint before its first poll
    const sent: string[] = [];
    followOutbox(docs, progress, { send: (room) => void sent.push(room) });
    const fresh = outboxWriter(docs);
    fresh.queue(6, { topic: 'cartUpdated', room: 'user:b', payload: { count: 1 } });
    await fresh.write(fresh.take());
    batch(6n);
    await settle();
    expect(sent).toEqual(['user:b']);
  });

  it('reads nothing while nobody is connected', async () => {
    const docs = createMemoryDocStore();
    const writer = outboxWriter(docs);
    const { progress, batch } = fakeProgress(1n);
    const sent: string[] = [];
    let connected = false;
    followOutbox(docs, progress, { send: (room) => void sent.push(room), listening: () => connected });
    writer.queue(2, { topic: 'cartUpdated', room: 'user:a', payload: {} });
    await writer.write(writer.take());
    batch(2n);
    await settle();
    connected = true;
    writer.queue(3, { topic: 'cartUpdated', room: 'user:c', payload: {} });
    await writer.write(writer.take());
    batch(3n);
    await settle();
    expect(sent).toEqual(['user:c']);
  });
});
