import type { StoredEvent } from '@phonemarket/events';
import type { DocStore } from '../docstore/types.ts';
import type { SOCKET_EVENTS } from '@phonemarket/contracts';

/** What a read model gets with each event. */
export interface ApplyContext {
  docs: DocStore;
  /** Global position of the event; documents keep the last position applied (idempotency). */
  position: number;
  /** Marks a push topic (e.g. 'ranking') as changed; query-api pushes it to clients after the batch. */
  changed(topic: PushTopic): void;
  /** Queues a message for one room; it is written to the outbox with the batch and sent once committed (ADR 007). */
  push(message: PushMessage): void;
}

/**
 * What changed in a batch, recorded per topic in the checkpoint: `ranking` and `catalogue` are
 * broadcasts built from the read models; `outbox` says the batch wrote outbox messages.
 */
export type PushTopic = 'ranking' | 'catalogue' | 'outbox' | 'knowledge';

/** Per-room message kinds; query-api maps each to its Socket.IO event. Later features add theirs. */
/**
 * What a push is sent as: a name of `SOCKET_EVENTS` (contracts), the one list of push names. A new kind of
 * push adds its name there and nowhere else. `rankingUpdate` is a broadcast from the checkpoint instead.
 */
export type OutboxTopic = Exclude<keyof typeof SOCKET_EVENTS, 'rankingUpdate'>;

/** A message for the sockets in one room (`user:<id>`, see `pushRooms`), sent after its batch is committed. */
export interface PushMessage {
  topic: OutboxTopic;
  room: string;
  payload: unknown;
}

/** One read model: a handler `(event) -> document updates`, idempotent per document. */
export interface ReadModel {
  name: string;
  /**
   * The version of what the model writes (ADR 015), required of every model in `allReadModels`: bump
   * it whenever the same events would give other documents. Embedded mode loads a model from its
   * snapshot only when the snapshot was written by the same version, else it rebuilds it from the log.
   * `readModels/versions.json` records each version with a hash of the model's source files, and
   * `versions.test.ts` fails when the code changed but the version did not.
   */
  version?: number;
  /** Collections it owns (dropped by a rebuild); it reads no other model's (issue 24), so it rebuilds alone. */
  collections: readonly string[];
  setup?(docs: DocStore): Promise<void>;
  /** Writes what the model kept in memory during a batch; called before the checkpoint is stored. */
  flush?(docs: DocStore): Promise<void>;
  apply(event: StoredEvent, ctx: ApplyContext): Promise<void>;
}

/** Documents carry `_pos`: the global position of the last event applied to them. */
export const alreadyApplied = (doc: Record<string, unknown> | null, position: number) =>
  doc !== null && typeof doc._pos === 'number' && doc._pos >= position;
