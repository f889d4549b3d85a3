import type { StoredEvent } from '@phonemarket/events';
import type { DocStore } from '../docstore/types.ts';

/** What a read model gets with each event. */
export interface ApplyContext {
  docs: DocStore;
  /** Global position of the event; documents keep the last position applied (idempotency). */
  position: number;
  /** Marks a push topic (e.g. 'ranking') as changed; query-api pushes it to clients after the batch. */
  changed(topic: PushTopic): void;
}

export type PushTopic = 'ranking' | 'catalogue';

/** One read model: a handler `(event) -> document updates`, idempotent per document. */
export interface ReadModel {
  name: string;
  /** Collections it owns (dropped by a rebuild). */
  collections: readonly string[];
  setup?(docs: DocStore): Promise<void>;
  /** Writes what the model kept in memory during a batch; called before the checkpoint is stored. */
  flush?(docs: DocStore): Promise<void>;
  apply(event: StoredEvent, ctx: ApplyContext): Promise<void>;
}

/** Documents carry `_pos`: the global position of the last event applied to them. */
export const alreadyApplied = (doc: Record<string, unknown> | null, position: number) =>
  doc !== null && typeof doc._pos === 'number' && doc._pos >= position;
