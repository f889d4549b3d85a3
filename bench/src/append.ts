/** append_per_s_*: single-event appends to the embedded SQLite store on a temp file (pg_append_per_s_*: the same on PostgreSQL). */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { openSqliteEventStore, type EventStore, type NewEvent } from '@phonemarket/events';
import { perSecond } from './stats.ts';

/** One ProductViewed per append, each to its own visitor stream: the shape of the hottest command. */
function viewEvent(writer: number, i: number, at: string): { stream: string; event: NewEvent } {
  const visitorKey = `bench${writer}v${i}`.padEnd(12, 'x');
  const productId = `bench-product-${i % 60}`;
  return {
    stream: `productVisitor-${productId}.${visitorKey}`,
    event: {
      id: randomUUID(),
      type: 'ProductViewed',
      data: { productId, visitorKey },
      metadata: { actor: { userId: null, role: 'guest' }, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 },
    },
  };
}

export async function appendThroughput(dir: string, writers: number, eventsPerWriter: number, tag = ''): Promise<{ perSecond: number; events: number; ms: number }> {
  const store = openSqliteEventStore(path.join(dir, `append-${writers}w${tag}.sqlite`));
  try {
    return await appendThroughputOn(store, writers, eventsPerWriter);
  } finally {
    await store.close();
  }
}

/** `writers` async loops of single-event appends on an empty store. */
export async function appendThroughputOn(store: EventStore, writers: number, eventsPerWriter: number): Promise<{ perSecond: number; events: number; ms: number }> {
  {
    const at = new Date().toISOString();
    const work = Array.from({ length: writers }, (_, w) => Array.from({ length: eventsPerWriter }, (_, i) => viewEvent(w, i, at)));
    // Warm the statements and the file before timing.
    await store.append('bench-warmup', [viewEvent(99, 0, at).event], { expectedRevision: 'no_stream' });
    const started = performance.now();
    await Promise.all(work.map(async (items) => {
      for (const { stream, event } of items) await store.append(stream, [event], { expectedRevision: 'no_stream' });
    }));
    const ms = performance.now() - started;
    const events = writers * eventsPerWriter;
    const head = await store.headPosition();
    if (head !== BigInt(events + 1)) throw new Error(`append bench: expected ${events + 1} events, store has ${head}`);
    return { perSecond: perSecond(events, ms), events, ms };
  }
}
