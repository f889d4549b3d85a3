import type { Doc, DocStore } from './docstore/types.ts';
import type { OutboxTopic, PushMessage } from './readModels/types.ts';

/**
 * The push outbox (ADR 007): read models queue per-room messages while applying events; the
 * projector writes them here with the batch, before the checkpoint, so a message is never seen
 * before the read models that a reload would show. Every query-api instance tails this collection
 * after each checkpoint and emits to its own sockets in the room. Old entries are trimmed.
 */
export const OUTBOX = 'outbox';

/** Rooms are joined by query-api from the session, never at the client's say-so. */
export const pushRooms = {
  user: (userId: string) => `user:${userId}`,
  /** A chat's customer and its assigned agent (joined only after query-api checked them). */
  chat: (sessionId: string) => `chat:${sessionId}`,
  /** Support staff: every admin's socket. */
  support: 'support',
  /** Every admin's socket (seller applications, sellers, accounts changing under the admin panel). */
  admins: 'admins',
  /** Every seller's socket (new quote requests, issue 25: no buyer's details travel there). */
  sellers: 'sellers',
  /** Sockets following one model's page (public): its offers were re-priced (issue 27). */
  model: (modelId: string) => `model:${modelId}`,
  /** Sockets of pages that show the live ranking (public, joined on `RANKING_FOLLOW`): query-api's ranking snapshots go there, not through the outbox. */
  ranking: 'ranking',
} as const;

export interface OutboxEntry {
  _id: string;
  /** Global position of the event that produced the message (a number, as `_pos`). */
  position: number;
  /** Order among the messages of one event. */
  seq: number;
  topic: OutboxTopic;
  room: string;
  payload: unknown;
}

export interface OutboxDoc extends Doc, OutboxEntry {
  _id: string;
  /** Wall-clock ms when written: what trimming goes by. */
  writtenAt: number;
}

export interface OutboxOptions {
  /** How long a message stays readable (query-api polls every 250 ms when idle). Default one minute. */
  retentionMs?: number;
  /** Trim at most this often. Default 10 s. */
  trimEveryMs?: number;
  now?: () => number;
}

/** The projector's side: messages queued while a batch is applied, written before its checkpoint. */
export function outboxWriter(docs: DocStore, opts: OutboxOptions = {}) {
  const col = docs.collection<OutboxDoc>(OUTBOX);
  const retentionMs = opts.retentionMs ?? 60_000;
  const trimEveryMs = opts.trimEveryMs ?? 10_000;
  const now = opts.now ?? Date.now;
  let pending: OutboxEntry[] = [];
  let lastPosition = -1;
  let seq = 0;
  let lastTrim = 0;
  let lastWrite = 0;
  /** Write time of the oldest entry that may still be stored (0: unknown, e.g. after a restart). */
  let oldest: number | null = 0;
  return {
    async setup() {
      await col.createIndex({ position: 1, seq: 1 });
      await col.createIndex({ writtenAt: 1 });
    },
    queue(position: number, message: PushMessage) {
      seq = position === lastPosition ? seq + 1 : 0;
      lastPosition = position;
      // The id is the event's position and order: re-applying an event rewrites the same entry.
      pending.push({ _id: `${position}.${seq}`, position, seq, ...message });
    },
    /** Hands over what was queued so far (synchronously, with the batch's position and topics). */
    take(): OutboxEntry[] {
      const batch = pending;
      pending = [];
      return batch;
    },
    /** Writes a taken batch and, now and then, drops entries older than the retention. */
    async write(batch: readonly OutboxEntry[]): Promise<void> {
      const writtenAt = now();
      for (const m of batch) await col.put({ ...m, writtenAt });
      if (batch.length > 0) {
        lastWrite = writtenAt;
        oldest ??= writtenAt;
      }
      const cutoff = writtenAt - retentionMs;
      if (oldest !== null && oldest < cutoff && writtenAt - lastTrim >= trimEveryMs) {
        lastTrim = writtenAt;
        await col.deleteMany({ writtenAt: { $lt: cutoff } });
        oldest = lastWrite >= cutoff ? cutoff : null; // what is left was written after the cutoff
      }
    },
  };
}

/** query-api's side: the messages after `after`, up to and including `upTo` (a committed position), in order. */
export async function readOutbox(docs: DocStore, after: bigint, upTo: bigint): Promise<OutboxDoc[]> {
  return docs.collection<OutboxDoc>(OUTBOX).find(
    { position: { $gt: Number(after), $lte: Number(upTo) } },
    { sort: { position: 1, seq: 1 } },
  );
}
