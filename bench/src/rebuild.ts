/**
 * rebuild_per_s: replays a generated event log into fresh in-memory read models; and its bare
 * baseline (issue 44): the same log read and JSON.parse-d with nothing applied, the physical limit of
 * a replay on this host (rebuild_vs_read_ratio, how close to it the projector comes).
 */
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteEventStore } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, rebuildReadModels } from '@phonemarket/projector';

/**
 * The rebuild of every read model from the log in `file`. `events` is the log's (what the rebuild went
 * through), `applied` those the projector was handed: the store skips the types no read model applies
 * (ADR 025, ninth pass), so the figures per second stay per event of the log.
 */
export async function rebuildThroughput(file: string) {
  const events = countEvents(file);
  const store = openSqliteEventStore(file);
  try {
    const docs = createMemoryDocStore();
    const result = await rebuildReadModels(store, docs, allReadModels);
    const head = await store.headPosition();
    if (result.position !== head) throw new Error(`rebuild stopped at ${result.position}, head is ${head}`);
    return { ...result, applied: result.events, events, eventsPerSecond: result.ms > 0 ? Math.round((events / result.ms) * 1000) : 0 };
  } finally {
    await store.close();
  }
}

export interface RebuildFigures {
  /** The log's events, and those the projector was handed. */
  events: number;
  applied: number;
  ms: number;
  /** CPU of the rebuilding process over the rebuild (its module loading not counted)… */
  cpuMs: number;
  /** …of which in the kernel, and the page faults it took meanwhile (first touches of fresh memory: ADR 009, s60). */
  systemCpuMs: number;
  minorFaults: number;
}

/**
 * `rebuildThroughput` in a process of its own, as the product rebuilds (at a start, or a restore's stale
 * models): the bench's own heap (the log it wrote, the runner's catch-up) is not the product's to
 * collect, and its garbage is not collected beside the next figure.
 */
export async function rebuildThroughputApart(file: string): Promise<RebuildFigures> {
  const child = spawn(process.execPath, [import.meta.filename, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; });
  // 'close', not 'exit': the child's output is all read by then.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`the rebuild of ${file} exited with ${code}`);
  return JSON.parse(out) as RebuildFigures;
}

if (import.meta.main) {
  const cpu = process.cpuUsage();
  const faults = process.resourceUsage().minorPageFault;
  const { events, applied, ms } = await rebuildThroughput(process.argv[2]!);
  const used = process.cpuUsage(cpu);
  const minorFaults = process.resourceUsage().minorPageFault - faults;
  process.stdout.write(JSON.stringify({ events, applied, ms, cpuMs: (used.user + used.system) / 1000, systemCpuMs: used.system / 1000, minorFaults } satisfies RebuildFigures));
}

function countEvents(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number(db.prepare('SELECT COUNT(*) AS n FROM events').get()!.n);
  } finally {
    db.close();
  }
}

/** Every row of the log in position order, its data and metadata parsed and dropped: events and ms. */
export function readLogThroughput(file: string): { events: number; ms: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const started = performance.now();
    let events = 0;
    for (const row of db.prepare('SELECT position, id, stream, revision, type, data, metadata FROM events ORDER BY position').iterate()) {
      JSON.parse(row.data as string);
      JSON.parse(row.metadata as string);
      events++;
    }
    return { events, ms: performance.now() - started };
  } finally {
    db.close();
  }
}
