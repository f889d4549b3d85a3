import { z } from 'zod';
import { CHECKPOINTS, PROJECTOR_ID, type BatchApplied, type CheckpointDoc, type DocStore, type PushTopic } from '@phonemarket/projector';

/** The checkpoint a commit's notification carries (PostgreSQL): checked like any input from outside. */
const committedCheckpoint = z.object({
  _id: z.literal(PROJECTOR_ID),
  position: z.string().regex(/^\d+$/),
  topics: z.record(z.string(), z.string()),
});

/** How far the read models are: what read-your-writes and pushes need from the projector. */
export interface ProjectionProgress {
  position(): bigint;
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  onBatch(listener: (batch: BatchApplied) => void): () => void;
  close(): Promise<void>;
}

/**
 * Distributed mode: the projector runs elsewhere, so its checkpoint document is polled
 * (fast while someone waits, slower otherwise), and read at once when the store tells of a commit
 * (`DocStore.onCommit`, PostgreSQL). Embedded mode uses the projector itself.
 */
export function pollCheckpoint(docs: DocStore, opts: { idleMs?: number; busyMs?: number } = {}): ProjectionProgress {
  const checkpoints = docs.collection<CheckpointDoc>(CHECKPOINTS);
  const idleMs = opts.idleMs ?? 250;
  const busyMs = opts.busyMs ?? 20;
  let current = 0n;
  let topics: Partial<Record<PushTopic, string>> = {};
  const listeners = new Set<(b: BatchApplied) => void>();
  const waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let polling = false;
  let again = false;

  /** Moves on to a checkpoint read or sent along with a commit; an older one (a slow poll's) is ignored. */
  function advance(cp: Pick<CheckpointDoc, 'position' | 'topics'>) {
    if (BigInt(cp.position) <= current) return;
    current = BigInt(cp.position);
    const changed = new Set<PushTopic>();
    for (const [t, p] of Object.entries(cp.topics ?? {}) as [PushTopic, string][]) if (topics[t] !== p) changed.add(t);
    topics = { ...cp.topics };
    for (const w of waiters) if (w.position <= current) { waiters.delete(w); w.resolve(true); }
    for (const l of listeners) l({ position: current, changed });
  }

  async function poll() {
    // One poll at a time; a wake-up during one polls again right after it.
    if (polling) { again = true; return; }
    polling = true;
    if (timer) { clearTimeout(timer); timer = null; }
    try {
      const cp = await checkpoints.get(PROJECTOR_ID);
      if (cp) advance(cp);
    } catch (err) {
      // The store unreachable for a moment: try again at the next poll (an unhandled rejection would end the process).
      console.error('[progress] checkpoint poll failed', err);
    } finally {
      polling = false;
      if (!closed) timer = setTimeout(poll, again ? 0 : waiters.size ? busyMs : idleMs);
      again = false;
    }
  }
  void poll();
  // A store that tells of commits (PostgreSQL): a push follows the projector's commit, not the next poll;
  // the checkpoint the notification carries saves reading it back (one round trip fewer per push).
  const stopWaking = docs.onCommit?.((committed) => {
    if (closed) return;
    const cp = committed === undefined ? null : committedCheckpoint.safeParse(parseJson(committed));
    if (cp?.success) advance(cp.data as Pick<CheckpointDoc, 'position' | 'topics'>);
    else void poll();
  });

  return {
    position: () => current,
    waitFor(position, timeoutMs) {
      if (position <= current) return Promise.resolve(true);
      return new Promise((resolve) => {
        const w = { position, resolve };
        waiters.add(w);
        if (timer) { clearTimeout(timer); timer = setTimeout(poll, busyMs); }
        setTimeout(() => { if (waiters.delete(w)) resolve(false); }, timeoutMs).unref();
      });
    },
    onBatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      stopWaking?.();
      if (timer) clearTimeout(timer);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
