/**
 * PostgreSQL figures (issue 38, ADR 024), on a throwaway cluster started here with production
 * durability (fsync and synchronous commit on): appends with 1 and 8 writers, a rebuild of the
 * rebuild section's log copied into PostgreSQL (replayed from PostgreSQL, written back in one
 * transaction), and the time for a standby projector process to take over after `kill -9`.
 * Skipped, with a note, when the PostgreSQL binaries are missing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { connectPostgresEventStore, openSqliteEventStore } from '@phonemarket/events';
import { copyEvents } from '@phonemarket/events/copyEvents.ts';
import { findPostgres, startPostgres } from '@phonemarket/events/testing/postgres.ts';
import { allReadModels, CHECKPOINTS, connectPostgresDocStore, PROJECTOR_ID, type CheckpointDoc } from '@phonemarket/projector';
import { rebuildIntoPostgres } from '@phonemarket/projector/postgresProjector.ts';
import { appendThroughputOn } from './append.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function postgresFigures(opts: { rebuildLog: string; set: (key: string, value: number, digits?: number) => void; note: (text: string) => void; log: (text: string) => void }): Promise<void> {
  const probe = findPostgres();
  if (!probe.ok) {
    opts.note(`PostgreSQL figures skipped: ${probe.reason}`);
    return;
  }
  const cluster = await startPostgres({ durable: true });
  try {
    for (const [writers, key] of [[1, 'pg_append_per_s_1_writer'], [8, 'pg_append_per_s_8_writers']] as const) {
      const trials: number[] = [];
      for (let trial = 0; trial < 3; trial++) {
        const store = await connectPostgresEventStore(await cluster.createDatabase(`append_${writers}_${trial}`), { poolSize: writers + 2 });
        try {
          trials.push(Math.round((await appendThroughputOn(store, writers, Math.round(4_000 / writers))).perSecond));
        } finally {
          await store.close();
        }
      }
      opts.set(key, Math.max(...trials), 0);
      opts.note(`PostgreSQL append, ${writers} writer(s): trials ${trials.join(', ')} events/s (4,000 single-event appends each, fsync on)`);
    }

    const eventsUrl = await cluster.createDatabase('rebuild_events');
    const readModelsUrl = await cluster.createDatabase('rebuild_read_models');
    const sqlite = openSqliteEventStore(opts.rebuildLog);
    const events = await connectPostgresEventStore(eventsUrl);
    const docs = await connectPostgresDocStore(readModelsUrl);
    try {
      const copied = await copyEvents(sqlite, events);
      opts.log(`  copied ${copied.events} events into PostgreSQL`);
      const started = performance.now();
      const r = await rebuildIntoPostgres(events, docs, allReadModels);
      const ms = performance.now() - started;
      opts.set('pg_rebuild_per_s', (r.events / ms) * 1000, 0);
      opts.note(`PostgreSQL rebuild: ${r.events} events replayed from PostgreSQL in ${Math.round(r.ms)} ms, then every read model written in one transaction: ${Math.round(ms)} ms in all`);

      // Failover: two projector processes; kill -9 the active one; time until the other is active.
      const env = { ...process.env, EVENT_STORE_URL: eventsUrl, READ_MODELS_URL: readModelsUrl, LOG_LEVEL: 'error', SESSION_SECRET: 'b'.repeat(16) + 'Qm2Lx7Vb4Nc1Rt8Wy5Pz3Hs6Jd0Fg' };
      const outputs: string[] = [];
      const children = [0, 1].map((i) => {
        const child = spawn(process.execPath, ['projector/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        outputs[i] = '';
        child.stdout.on('data', (d: Buffer) => { outputs[i] = `${outputs[i] ?? ''}${d}`; });
        child.stderr.on('data', (d: Buffer) => { outputs[i] = `${outputs[i] ?? ''}${d}`; });
        return child;
      });
      try {
        const activeIndex = async () => {
          for (;;) {
            const i = outputs.findIndex((o) => /projector active/.test(o));
            if (i >= 0) return i;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        const first = await activeIndex();
        const killedAt = performance.now();
        children[first]!.kill('SIGKILL');
        const other = 1 - first;
        while (!/projector active/.test(outputs[other]!)) await new Promise((resolve) => setTimeout(resolve, 10));
        opts.set('projector_failover_ms', performance.now() - killedAt, 0);
        const cp = await docs.collection<CheckpointDoc>(CHECKPOINTS).get(PROJECTOR_ID);
        opts.note(`projector failover: standby active after kill -9; checkpoint ${cp?.position ?? 'none'}`);
      } finally {
        for (const child of children) child.kill('SIGKILL');
      }
    } finally {
      await sqlite.close();
      await events.close();
      await docs.close();
    }
  } finally {
    await cluster.stop();
  }
}
