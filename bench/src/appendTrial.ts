/**
 * One append trial in a fresh process (`fork`ed by appendTrials): our SQLite event store or Emmett's
 * (`@event-driven-io/emmett-sqlite`, the peer of issue 44), `writers` async writers each appending
 * single-event batches to streams of their own. A process of its own for each trial: a store that
 * crashes, hangs or prints (Emmett logs every failed transaction with console.log) cannot touch the
 * bench, and neither store inherits the other's heap.
 *
 * Answers over IPC: { perSecond, appended, failed, errors (the first few messages), ms }.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { appendThroughput } from './append.ts';
import { perSecond } from './stats.ts';

export type AppendStore = 'ours' | 'emmett';

export interface AppendTrial {
  perSecond: number;
  appended: number;
  failed: number;
  errors: string[];
  ms: number;
}

interface TrialArgs { store: AppendStore; dir: string; writers: number; events: number; deadlineMs: number; tag: string }

/** Emmett's store, as its README sets it up: one file, its own schema, `appendToStream` per command. */
async function emmettTrial(args: TrialArgs): Promise<AppendTrial> {
  const { getSQLiteEventStore } = await import('@event-driven-io/emmett-sqlite');
  const store = getSQLiteEventStore({ fileName: path.join(args.dir, `emmett-${args.writers}w${args.tag}.sqlite`) });
  const at = new Date().toISOString();
  const view = (w: number, i: number) => ({
    type: 'ProductViewed',
    data: { productId: `bench-product-${i % 60}`, visitorKey: `bench${w}v${i}`.padEnd(12, 'x') },
    metadata: { correlationId: randomUUID(), at },
  });
  await store.appendToStream('bench-warmup', [view(99, 0)]);
  const errors: string[] = [];
  let appended = 0;
  let failed = 0;
  const started = performance.now();
  const perWriter = Math.round(args.events / args.writers);
  await Promise.all(Array.from({ length: args.writers }, async (_, w) => {
    for (let i = 0; i < perWriter && performance.now() - started < args.deadlineMs; i++) {
      try {
        await store.appendToStream(`productVisitor-w${w}v${i}`, [view(w, i)], { expectedStreamVersion: 0n });
        appended++;
      } catch (err) {
        failed++;
        if (errors.length < 3) errors.push((err instanceof Error ? err.message : String(err)).slice(0, 160));
      }
    }
  }));
  const ms = performance.now() - started;
  return { perSecond: perSecond(appended, ms), appended, failed, errors, ms };
}

async function oursTrial(args: TrialArgs): Promise<AppendTrial> {
  const r = await appendThroughput(args.dir, args.writers, Math.round(args.events / args.writers), args.tag);
  return { perSecond: r.perSecond, appended: r.events, failed: 0, errors: [], ms: r.ms };
}

/** Runs one trial in a child process; a child that dies or cannot load its store is a failed trial with its reason. */
export function appendTrial(args: TrialArgs): Promise<AppendTrial> {
  return new Promise((resolve) => {
    const child = fork(import.meta.filename, [JSON.stringify(args)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    let answered = false;
    child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-2_000); });
    child.on('message', (msg: AppendTrial) => { answered = true; resolve(msg); });
    child.on('exit', (code, signal) => {
      if (answered) return;
      const reason = stderr.trim().split('\n').filter(Boolean).slice(-3).join(' | ') || `exited with ${signal ?? code}`;
      resolve({ perSecond: 0, appended: 0, failed: args.events, errors: [reason.slice(0, 300)], ms: 0 });
    });
  });
}

if (process.argv[1] === import.meta.filename && process.send) {
  const args = JSON.parse(process.argv[2]!) as TrialArgs;
  const result = await (args.store === 'emmett' ? emmettTrial(args) : oursTrial(args));
  process.send(result, () => process.exit(0));
}
