import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type fc from 'fast-check';
import { expect } from 'vitest';
import { openEventStore } from '@phonemarket/events';
import type { Clock } from '@phonemarket/platform/clock.ts';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { allReadModels, createMemoryDocStore, listSnapshots, readSnapshot, rebuildReadModels, snapshotReadModels } from '@phonemarket/projector';
import { readModelSnapshotDir, startEmbedded, type RunningServer } from '@phonemarket/server';
import { createClient, type TestClient } from '../../support/testServer.ts';

/**
 * The embedded product for a model-based test (ADR 023): as tests/support/testServer.ts, but keeping the
 * running server so the end of a run can compare the read models it serves with a fresh
 * `projections:rebuild` of its log.
 */
export interface ModelServer {
  url: string;
  dataDir: string;
  client(): TestClient;
  /** The served read models (a snapshot of them at the log's head) equal a rebuild of the whole log. */
  expectRebuildEqualsServed(): Promise<void>;
  close(): Promise<void>;
}

export async function startModelServer(env: Record<string, string> = {}, opts: { clock?: Clock } = {}): Promise<ModelServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-model-'));
  const config = loadConfig({
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    SIGNUP_LIMIT_PER_HOUR: '100000', MAX_CONNECTIONS_PER_ADDRESS: '100000', ...env,
  });
  const running: RunningServer = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), ...(opts.clock ? { clock: opts.clock } : {}) });
  return {
    url: running.url,
    dataDir,
    client: () => createClient(running.url),
    expectRebuildEqualsServed: () => expectRebuildEqualsServed(running, dataDir),
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const byId = (a: { _id: unknown }, b: { _id: unknown }) => (String(a._id) < String(b._id) ? -1 : String(a._id) > String(b._id) ? 1 : 0);

async function expectRebuildEqualsServed(running: RunningServer, dataDir: string) {
  const log = await openEventStore({ dataDir });
  try {
    // The scheduler may append its bookkeeping at any time: retry until the served snapshot and the rebuild stand at one position.
    for (let attempt = 0; ; attempt++) {
      await running.snapshot();
      const [newest] = await listSnapshots(readModelSnapshotDir({ dataDir }));
      if (!newest) throw new Error('no read-model snapshot was written');
      const served = await readSnapshot(newest.file);
      const rebuiltDocs = createMemoryDocStore();
      const rebuilt = await rebuildReadModels(log, rebuiltDocs, allReadModels);
      if (rebuilt.position !== BigInt(served.header.position)) {
        if (attempt > 50) throw new Error(`the log kept moving: served ${served.header.position}, rebuilt ${rebuilt.position}`);
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const expected = await snapshotReadModels(rebuiltDocs, allReadModels);
      const actual: Record<string, unknown[]> = {};
      for (const name of Object.keys(expected)) actual[name] = [...(served.collections.find((c) => c.name === name)?.docs ?? [])].sort(byId);
      for (const name of Object.keys(expected)) expected[name] = [...(expected[name] as { _id: unknown }[])].sort(byId);
      expect(actual, 'served read models differ from a fresh rebuild of the log').toEqual(expected);
      return;
    }
  } finally {
    await log.close();
  }
}

/** Seed, runs and time budget of a model, from the environment (ADR 023 says how to replay a failure). */
export function modelParams(name: string, defaults: { runs: number; budgetMs: number; maxCommands: number }) {
  const seed = Number(process.env.MODEL_SEED ?? 43);
  const runs = Number(process.env.MODEL_RUNS ?? defaults.runs);
  const budgetMs = Number(process.env.MODEL_BUDGET_MS ?? defaults.budgetMs);
  const path = process.env.MODEL_PATH;
  const maxCommands = Number(process.env.MODEL_MAX_COMMANDS ?? defaults.maxCommands);
  const params: fc.Parameters<unknown> = {
    seed, numRuns: runs, interruptAfterTimeLimit: budgetMs, markInterruptAsFailure: false, endOnFailure: true,
    ...(path ? { path } : {}),
  };
  return {
    seed, runs, budgetMs, maxCommands, params,
    report(started: number, executed: number) {
      console.log(`${name}: ${executed} runs in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}, up to ${runs} runs of ≤ ${maxCommands} commands, budget ${budgetMs / 1000} s; replay: MODEL_SEED=${seed} MODEL_PATH=<path>)`);
    },
  };
}

/** The highest position among command answers, for the next read (`X-Min-Position`). */
export function positionTracker() {
  let max = 0n;
  return {
    saw(res: { body: unknown }) {
      const p = (res.body as { position?: unknown } | null)?.position;
      if (typeof p === 'string' && /^\d+$/.test(p) && BigInt(p) > max) max = BigInt(p);
    },
    headers: (): Record<string, string> => ({ 'x-min-position': max.toString() }),
  };
}

type Answer = { status: number; body: unknown };
export const bodyText = (r: Answer) => `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;

/** A refusal is a Korean 4xx; anything 5xx fails the run. */
export function expectAnswered(r: Answer, what: string) {
  expect(r.status, `${what}: ${bodyText(r)}`).toBeLessThan(500);
  if (r.status >= 400) expect((r.body as { message?: string }).message ?? '', `${what}: ${bodyText(r)}`).toMatch(/[가-힣]/);
}

/**
 * Requests all in flight together, started in the order fast-check's scheduler picks (the scheduler is
 * driven here, not by scheduledModelRun: that one runs each command as a scheduled task itself and
 * would wait on its own starts).
 */
export async function concurrently<T>(s: fc.Scheduler, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const all = Promise.all(jobs.map((job, i) => s.schedule(Promise.resolve(i), `start #${i}`).then(job)));
  await s.waitAll();
  return all;
}

/**
 * The commands of a model: each runs, then the model's laws are checked against what is served
 * (`checkInvariants`). `label` names it in a counterexample; MODEL_DEBUG=1 prints each as it starts.
 */
export function modelCommands<M extends object, R>(checkInvariants: (m: M, r: R) => Promise<void>) {
  return (label: string, run: (m: M, r: R) => Promise<void>, check: (m: Readonly<M>) => boolean = () => true): fc.AsyncCommand<M, R> & { act: (m: M, r: R) => Promise<void> } => ({
    check, toString: () => label,
    /** The command alone, for a command made of others (the laws are checked once, after the whole). */
    act: run,
    async run(m, r) {
      if (process.env.MODEL_DEBUG) console.log(`${(performance.now() / 1000).toFixed(1)} ${label}`);
      await run(m, r);
      await checkInvariants(m, r);
    },
  });
}
