import { SOCKET_EVENTS, type SocketEvent } from '@phonemarket/contracts';
import { readOutbox, type DocStore, type OutboxTopic } from '@phonemarket/projector';
import type { ProjectionProgress } from './progress.ts';

/** The Socket.IO event each outbox topic is sent as. A new per-room push adds a topic here. */
export const OUTBOX_EVENTS: Record<OutboxTopic, SocketEvent> = {
  cart: SOCKET_EVENTS.cartUpdated,
  chatMessage: SOCKET_EVENTS.chatMessage,
  chatEscalated: SOCKET_EVENTS.chatEscalated,
  chatAssigned: SOCKET_EVENTS.chatAssigned,
  chatClosed: SOCKET_EVENTS.chatClosed,
  inquiryAnswered: SOCKET_EVENTS.inquiryAnswered,
  notification: SOCKET_EVENTS.notificationNew,
  notificationRead: SOCKET_EVENTS.notificationRead,
  sellerApplication: SOCKET_EVENTS.sellerApplicationChanged,
  seller: SOCKET_EVENTS.sellerChanged,
  adminUser: SOCKET_EVENTS.adminUserChanged,
  sellerApplicationDecided: SOCKET_EVENTS.sellerApplicationDecided,
  offerStock: SOCKET_EVENTS.offerStock,
};

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
  return progress.onBatch(({ position, changed }) => {
    chain = chain.then(async () => {
      const first = seen === null;
      const after = seen ?? 0n;
      if (position <= after) return;
      if (changed.has('outbox') && listening()) {
        for (const m of await readOutbox(docs, after, position)) {
          // First sight: the checkpoint may already cover messages written since this instance started.
          if (!first || m.writtenAt >= startedAt) opts.send(m.room, OUTBOX_EVENTS[m.topic], m.payload);
        }
      }
      seen = position;
    }).catch((err) => log('push failed', err));
  });
}
