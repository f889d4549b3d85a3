import { SOCKET_EVENTS, type SocketEvent } from '@phonemarket/contracts';
import { readOutbox, type DocStore, type OutboxTopic } from '@phonemarket/projector';
import type { ProjectionProgress } from './progress.ts';

/** The Socket.IO event a stored message is sent as: its topic is a name of `SOCKET_EVENTS`, the one list. */
function socketEventOf(topic: string): SocketEvent | null {
  // A message written under a name no longer in the list (an older build) is skipped, not sent as `undefined`.
  return Object.hasOwn(SOCKET_EVENTS, topic) && topic !== 'rankingUpdate' ? SOCKET_EVENTS[topic as OutboxTopic] : null;
}

export interface OutboxFollowerOptions {
  /** Sends one message to the sockets of this instance in `room`. */
  send(room: string, event: SocketEvent, payload: unknown): void;
  /** False when nobody is connected: the outbox is then not read at all. */
  listening?: () => boolean;
  log?: (msg: string, err: unknown) => void;
}

/**
 * Tails the projector's outbox (ADR 007). After each committed batch that wrote messages, reads the
 * messages past the last position seen and sends each to its room, in order. Every query-api
 * instance does this for its own sockets, so no Socket.IO adapter is needed. An instance does not
 * replay history: at its first sight of the checkpoint (a polling instance) it sends only what was
 * written after it started. Answers a function that stops following.
 */
export function followOutbox(docs: DocStore, progress: ProjectionProgress, opts: OutboxFollowerOptions): () => void {
  const log = opts.log ?? ((msg, err) => console.error(`[outbox] ${msg}`, err));
  const listening = opts.listening ?? (() => true);
  // Embedded mode starts after the projector caught up; a polling instance learns the position at its first poll.
  let seen: bigint | null = progress.position() > 0n ? progress.position() : null;
  const startedAt = Date.now();
  let chain = Promise.resolve();
  return progress.onBatch(({ position, changed, messages }) => {
    chain = chain.then(async () => {
      const first = seen === null;
      const after = seen ?? 0n;
      if (position <= after) return;
      if (changed.has('outbox') && listening()) {
        // In the projector's process the batch hands over what it wrote: no read of the outbox, whose
        // range read in the in-memory store scans every message kept (a minute's worth) per batch.
        // First sight of a polled checkpoint: it may already cover messages written since this instance started.
        const batch = messages ?? (await readOutbox(docs, after, position)).filter((m) => !first || m.writtenAt >= startedAt);
        for (const m of batch) {
          const event = socketEventOf(m.topic);
          if (event) opts.send(m.room, event, m.payload);
        }
      }
      seen = position;
    }).catch((err) => log('push failed', err));
  });
}
