/**
 * Embedded mode's read models survive a restart (ADR 015): the in-memory store is snapshotted to the
 * data folder now and then and at a clean stop; a start loads the newest good snapshot and the
 * projector catches up from its position. A model whose version differs from the snapshot's is
 * rebuilt from the log (alone, in a scratch store, up to the snapshot's position); the others are
 * loaded as they are.
 */
import path from 'node:path';
import type { EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type MemoryDocStore } from '../docstore/memory.ts';
import { CHECKPOINTS, PROJECTOR_ID, type CheckpointDoc, type Projector } from '../projector.ts';
import { rebuildReadModels } from '../rebuild.ts';
import type { ReadModel } from '../readModels/types.ts';
import {
  SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, SnapshotError, listSnapshots, readSnapshot, removeTemporaryFiles, writeSnapshot,
  type SnapshotHeader, type SnapshotModel,
} from './snapshotFile.ts';

export interface SnapshotLog {
  info(msg: string): void;
  warn(msg: string): void;
}

const consoleLog: SnapshotLog = {
  info: (msg) => console.log(`[read models] ${msg}`),
  warn: (msg) => console.warn(`[read models] ${msg}`),
};

/** What a start did with the snapshots. */
export interface RestoreReport {
  /** The snapshot loaded, or null: every model replays the whole log. */
  file: string | null;
  /** The position the projector resumes from. */
  position: bigint;
  /** Models loaded from the snapshot as they were. */
  loaded: string[];
  /** Models rebuilt from the log up to the snapshot's position (another version, or sharing a collection with one). */
  rebuilt: string[];
  /** Snapshots refused (damaged, truncated, another log's, an unknown format), newest first. */
  rejected: { file: string; reason: string }[];
  ms: number;
}

export const versionOf = (model: ReadModel) => model.version ?? 0;
const modelEntry = (model: ReadModel): SnapshotModel => ({ name: model.name, version: versionOf(model), collections: [...model.collections] });

/**
 * The models that cannot be loaded as they are: those the snapshot does not have at their version and
 * collections, and those sharing a collection with one of them (it is rebuilt as a whole), until
 * nothing changes. A model reads no other model's collections (issue 24), so each rebuilds alone.
 */
export function staleModels(readModels: readonly ReadModel[], snapshot: readonly SnapshotModel[]): Set<ReadModel> {
  const saved = new Map(snapshot.map((m) => [m.name, m]));
  const stale = new Set(readModels.filter((m) => {
    const s = saved.get(m.name);
    return !s || s.version !== versionOf(m) || s.collections.join('\0') !== m.collections.join('\0');
  }));
  for (let grew = true; grew;) {
    grew = false;
    const staleCollections = new Set([...stale].flatMap((m) => m.collections));
    for (const m of readModels) {
      if (!stale.has(m) && m.collections.some((c) => staleCollections.has(c))) {
        stale.add(m);
        grew = true;
      }
    }
  }
  return stale;
}

/** Whether the log holds the snapshot's event at the snapshot's position (and is that long). */
async function belongsToLog(store: EventStore, header: SnapshotHeader): Promise<string | null> {
  const position = BigInt(header.position);
  if (position === 0n) return null;
  const head = await store.headPosition();
  if (head < position) return `the log ends at ${head}, before the snapshot's position ${position}`;
  const [event] = await store.readAll({ fromPosition: position - 1n, limit: 1 });
  if (!event || event.position !== position || event.id !== header.eventId) return `the log holds another event at position ${position}`;
  return null;
}

/**
 * Before the projector starts: fills `docs` from the newest usable snapshot in `dir` (and the checkpoint
 * the projector resumes from). With no usable snapshot `docs` stays empty and the projector replays
 * the whole log, as before snapshots.
 */
export async function restoreReadModels(opts: { store: EventStore; docs: MemoryDocStore; readModels: readonly ReadModel[]; dir: string; log?: SnapshotLog }): Promise<RestoreReport> {
  const { store, docs, readModels, dir } = opts;
  const log = opts.log ?? consoleLog;
  const started = performance.now();
  const report: RestoreReport = { file: null, position: 0n, loaded: [], rebuilt: [], rejected: [], ms: 0 };
  const temps = await removeTemporaryFiles(dir);
  if (temps.length > 0) log.warn(`removed ${temps.length} unfinished snapshot file(s) (a stop while writing): ${temps.join(', ')}`);

  for (const { file } of await listSnapshots(dir)) {
    let stale = new Set<ReadModel>();
    let content;
    try {
      content = await readSnapshot(file, (header) => {
        stale = staleModels(readModels, header.models);
        return new Set(readModels.filter((m) => !stale.has(m)).flatMap((m) => m.collections));
      });
      const foreign = await belongsToLog(store, content.header);
      if (foreign) throw new SnapshotError(`${file}: ${foreign}`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      report.rejected.push({ file, reason });
      log.warn(`snapshot ignored, ${reason}`);
      continue;
    }
    const { header, collections } = content;
    const position = BigInt(header.position);
    if (stale.size === readModels.length) {
      log.warn(`snapshot at ${position} ignored: every read model changed version since (${file}); replaying the log`);
      break;
    }
    docs.restore(collections);
    if (stale.size > 0) {
      // In the projector's order, into a scratch store: the snapshot's documents of the others stay as they are.
      // A rebuild up to the snapshot's position (its batches and deferred upkeep: nothing reads the scratch store).
      const replayed = readModels.filter((m) => stale.has(m));
      const scratch = createMemoryDocStore();
      if (position > 0n) {
        await rebuildReadModels(store, scratch, replayed, { until: position, log: (msg, err) => log.warn(`rebuild: ${msg} ${err instanceof Error ? err.message : String(err ?? '')}`) });
      }
      docs.restore(scratch.capture([...stale].flatMap((m) => m.collections)));
    }
    await docs.collection<CheckpointDoc>(CHECKPOINTS).put({ _id: PROJECTOR_ID, position: header.position, topics: { ...header.topics } });
    Object.assign(report, {
      file, position,
      loaded: readModels.filter((m) => !stale.has(m)).map((m) => m.name),
      rebuilt: readModels.filter((m) => stale.has(m)).map((m) => m.name),
    });
    break;
  }
  report.ms = performance.now() - started;
  if (report.file) {
    log.info(`loaded the snapshot at position ${report.position} in ${Math.round(report.ms)} ms` +
      (report.rebuilt.length ? `; rebuilt from the log (another version): ${report.rebuilt.join(', ')}` : ''));
  }
  return report;
}

/** The read models' collections and the checkpoint they are at, as they are now (synchronous: pointer copies). */
function capture(docs: MemoryDocStore, readModels: readonly ReadModel[]) {
  const checkpoint = docs.capture([CHECKPOINTS])[0]!.docs.find((d) => d._id === PROJECTOR_ID) as CheckpointDoc | undefined;
  const collections = [...new Set(readModels.flatMap((m) => m.collections))];
  return { position: checkpoint ? BigInt(checkpoint.position) : 0n, topics: { ...checkpoint?.topics }, images: docs.capture(collections) };
}

/** Writes what `capture` took, with the id of the event at its position (a log identity check at load). */
async function persist(store: EventStore, dir: string, readModels: readonly ReadModel[], captured: ReturnType<typeof capture>) {
  const [event] = await store.readAll({ fromPosition: captured.position - 1n, limit: 1 });
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT, formatVersion: SNAPSHOT_FORMAT_VERSION, position: captured.position.toString(),
    eventId: event?.position === captured.position ? event.id : null,
    topics: captured.topics, writtenAt: new Date().toISOString(), models: readModels.map(modelEntry),
  };
  return writeSnapshot(dir, header, captured.images);
}

/**
 * Writes a snapshot of read models nothing is applying events to (`npm run projections:rebuild` after
 * its replay), at the position of their checkpoint; answers the file, or null for an empty log.
 */
export async function writeReadModelSnapshot(opts: { store: EventStore; docs: MemoryDocStore; readModels: readonly ReadModel[]; dir: string }): Promise<string | null> {
  const captured = capture(opts.docs, opts.readModels);
  if (captured.position === 0n) return null;
  return (await persist(opts.store, opts.dir, opts.readModels, captured)).file;
}

/** Where embedded mode keeps its read-model snapshots: `read-models/` in the data folder. */
export const snapshotDirOf = (dataDir: string) => path.join(dataDir, 'read-models');

export interface SnapshotSchedule {
  /** Writes a snapshot now unless the last one is at the current position; answers the file written or null. */
  writeNow(): Promise<string | null>;
  /** Makes a snapshot due now: written at the next quiet moment (`busy`), or at once without `busy`. */
  writeWhenQuiet(): void;
  /** Call after the projector stopped: waits for a write in progress, then writes the final snapshot. */
  close(): Promise<void>;
}

export interface ScheduleOptions {
  /** A snapshot once this many events were applied since the last one (default 10,000: about what a restart after a crash catches up)… */
  everyEvents?: number;
  /** …or once this long passed since the last one with any event applied (default five minutes). */
  everyMs?: number;
  /** Never two event-count snapshots closer than this (default 10 s)… */
  minGapMs?: number;
  /** …nor closer than the last write took divided by this: the share of the time spent writing (default 0.05). */
  maxShare?: number;
  /**
   * Whether the process is serving requests now: a due snapshot then waits for a quiet moment (checked
   * every `QUIET_CHECK_MS`), but never longer than `everyMs` after it fell due. Without it, a due
   * snapshot is written at once.
   */
  busy?: () => boolean;
}

/** How often a due snapshot looks for a quiet moment while `busy`. */
const QUIET_CHECK_MS = 250;

export const SNAPSHOT_DEFAULTS = { everyEvents: 10_000, everyMs: 5 * 60_000, minGapMs: 10_000, maxShare: 0.05 } as const;

/**
 * Writes snapshots in the background while the product runs. The projector is held only while the
 * collections are captured (pointer copies of the stored documents, which are never changed in place);
 * serialising and writing then proceed a chunk at a time while events and requests go on.
 */
export function scheduleSnapshots(opts: ScheduleOptions & {
  store: EventStore; docs: MemoryDocStore; projector: Projector; readModels: readonly ReadModel[]; dir: string;
  /** The position of the snapshot the start loaded as it was, if any: no snapshot is written again there. */
  loadedAt?: bigint | null; log?: SnapshotLog;
}): SnapshotSchedule {
  const { store, docs, projector, readModels, dir } = opts;
  const log = opts.log ?? consoleLog;
  const everyEvents = opts.everyEvents ?? SNAPSHOT_DEFAULTS.everyEvents;
  const everyMs = opts.everyMs ?? SNAPSHOT_DEFAULTS.everyMs;
  const minGapMs = opts.minGapMs ?? SNAPSHOT_DEFAULTS.minGapMs;
  const maxShare = opts.maxShare ?? SNAPSHOT_DEFAULTS.maxShare;
  let lastPosition = opts.loadedAt ?? null;
  let lastEvents = projector.eventsApplied();
  let lastAt = Date.now();
  let lastWriteMs = 0;
  let writing: Promise<string | null> | null = null;
  let closed = false;
  /** When the snapshot waiting for a quiet moment fell due (null: none waits); `asked`: one was asked for (`writeWhenQuiet`). */
  let dueSince: number | null = null;
  let asked = false;
  let quietCheck: NodeJS.Timeout | null = null;

  async function write(): Promise<string | null> {
    const t = performance.now();
    const captured = await projector.quiesce(() => ({ ...capture(docs, readModels), events: projector.eventsApplied() }));
    if (captured.position === lastPosition || captured.position === 0n) return null;
    const { file, bytes } = await persist(store, dir, readModels, captured);
    lastPosition = captured.position;
    lastEvents = captured.events;
    lastAt = Date.now();
    lastWriteMs = performance.now() - t;
    log.info(`snapshot at position ${captured.position}: ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(lastWriteMs)} ms`);
    return file;
  }

  function start(): Promise<string | null> {
    writing ??= write()
      .catch((err: unknown) => {
        log.warn(`snapshot failed: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      })
      .finally(() => { writing = null; });
    return writing;
  }

  const due = () => {
    if (closed || writing) return;
    const since = Date.now() - lastAt;
    const events = projector.eventsApplied() - lastEvents;
    if (!asked && !((events >= everyEvents && since >= Math.max(minGapMs, lastWriteMs / maxShare)) || (events > 0 && since >= everyMs))) return;
    dueSince ??= Date.now();
    // Serialising the read models takes seconds of CPU at market size: not while requests are being answered.
    if (opts.busy?.() && Date.now() - dueSince < everyMs) {
      quietCheck ??= setTimeout(() => { quietCheck = null; due(); }, QUIET_CHECK_MS).unref();
      return;
    }
    dueSince = null;
    asked = false;
    void start();
  };
  const unsubscribe = projector.onBatch(due);
  const timer = setInterval(due, Math.min(everyMs, 30_000));
  timer.unref();

  return {
    async writeNow() {
      await writing;
      return start();
    },
    writeWhenQuiet() {
      asked = true;
      due();
    },
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(timer);
      if (quietCheck) clearTimeout(quietCheck);
      await writing;
      await start();
    },
  };
}
