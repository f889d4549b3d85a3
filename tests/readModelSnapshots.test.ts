import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore, type EventStore } from '@phonemarket/events';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { readModelSnapshotDir, startEmbedded } from '@phonemarket/server';
import {
  REBUILD_BATCH, allReadModels, createMemoryDocStore, createProjector, listSnapshots, readSnapshot, rebuildReadModels, restoreReadModels, scheduleSnapshots,
  snapshotReadModels, startCaughtUp, writeReadModelSnapshot, type ReadModel, type SnapshotLog,
} from '@phonemarket/projector';
import { appendLog, everyEventLog } from './support/everyEventLog.ts';
import { freePort } from './support/services.ts';
import { isDeepFrozen } from '@phonemarket/projector/testing/frozen.ts';

/**
 * ADR 015: embedded mode starts from a snapshot of its read models and catches up from its position.
 * The guarantee of tests/rebuild.test.ts extends to it: loaded + caught up equals a full rebuild,
 * document for document, on the log with every event type — from a snapshot at any position, with any
 * model at another version, and whatever happened to the newest snapshot file.
 */
const log = everyEventLog();
let dir: string;
let store: EventStore;
/** The full rebuild every variant is compared with. */
let expected: Record<string, unknown[]>;
/** The snapshot folder after each event of the log (the folder holds that snapshot and the one before). */
const snapshotsAfter: string[] = [];

/** Warnings go here, so a test can say which snapshot was refused and why. */
function recordingLog(): SnapshotLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (msg) => void warnings.push(msg) };
}

/**
 * A start on a snapshot folder as the product's (server/src/embedded.ts): restore, then the projector catches up to
 * the head of the log in a rebuild's batches, the store's upkeep deferred until then (ADR 025, eleventh pass).
 */
async function startFrom(snapshots: string, models: readonly ReadModel[] = allReadModels, at: EventStore = store) {
  const docs = createMemoryDocStore();
  const recorded = recordingLog();
  const report = await restoreReadModels({ store: at, docs, readModels: models, dir: snapshots, log: recorded });
  const projector = createProjector({ store: at, docs, readModels: models, catchUpBatch: REBUILD_BATCH });
  await startCaughtUp(projector, docs);
  await projector.stop();
  return { report, warnings: recorded.warnings, documents: await snapshotReadModels(docs, allReadModels) };
}

/** Stored documents are frozen all the way down (the memory store hands out the stored objects themselves). */

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'snapshots-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
  // Live: the projector follows the log while it grows, and a snapshot is written after every event
  // (half of them while the projector may still be applying it: the capture waits for a consistent point).
  const live = createMemoryDocStore();
  const projector = createProjector({ store, docs: live, readModels: allReadModels });
  const running = path.join(dir, 'running');
  const schedule = scheduleSnapshots({ store, docs: live, projector, readModels: allReadModels, dir: running, log: recordingLog(), everyEvents: 1e9, everyMs: 1e9 });
  await projector.start();
  for (const [i, entry] of log.entries()) {
    await appendLog(store, [entry]);
    if (i % 2 === 0) await projector.caughtUp();
    await schedule.writeNow();
    const copy = path.join(dir, `after-${i}`);
    mkdirSync(copy);
    for (const { file } of await listSnapshots(running)) copyFileSync(file, path.join(copy, path.basename(file)));
    snapshotsAfter.push(copy);
  }
  await projector.caughtUp();
  await projector.stop();
  await schedule.close();
  const rebuilt = createMemoryDocStore();
  await rebuildReadModels(store, rebuilt, allReadModels);
  expected = await snapshotReadModels(rebuilt, allReadModels);
  // The live documents are the rebuilt ones (tests/rebuild.test.ts's guarantee), JSON values only (what a snapshot keeps).
  expect(await snapshotReadModels(live, allReadModels)).toStrictEqual(expected);
  expect(JSON.parse(JSON.stringify(expected))).toStrictEqual(expected);
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a start from a snapshot', () => {
  it('loaded at any position of the log with every event type, then caught up, equals a full rebuild', async () => {
    const positions = new Set<bigint>();
    for (const folder of snapshotsAfter) {
      const { report, warnings, documents } = await startFrom(folder);
      expect(warnings, folder).toEqual([]);
      expect(report.file, folder).not.toBeNull();
      expect(report.rebuilt).toEqual([]);
      positions.add(report.position);
      expect(documents, `from the snapshot at ${report.position}`).toStrictEqual(expected);
    }
    // Snapshots at many positions were loaded, not one position again and again (a snapshot asked for
    // before the projector saw the new event is at the position before).
    expect(positions.size).toBeGreaterThanOrEqual(Math.floor(log.length / 2));
  }, 90_000); // a start and a comparison per event type's position: 10–15 s here, past 30 s on a slow, busy CI host

  it('a model whose version differs is rebuilt from the log, the others are loaded; together they equal a full rebuild', async () => {
    const folder = snapshotsAfter[Math.floor(log.length / 2)]!;
    for (const model of allReadModels) {
      const bumped = allReadModels.map((m) => (m === model ? { ...m, version: (m.version ?? 0) + 1 } : m));
      const { report, documents } = await startFrom(folder, bumped);
      expect(report.rebuilt, model.name).toEqual([model.name]);
      expect(report.loaded).toEqual(allReadModels.filter((m) => m !== model).map((m) => m.name));
      expect(documents, `${model.name} rebuilt`).toStrictEqual(expected);
    }
    // Every model changed: nothing is loaded, the log is replayed.
    const { report, warnings, documents } = await startFrom(folder, allReadModels.map((m) => ({ ...m, version: (m.version ?? 0) + 1 })));
    expect(report.file).toBeNull();
    expect(warnings.join()).toContain('every read model changed version');
    expect(documents).toStrictEqual(expected);
  });

  it('npm run projections:rebuild writes what it rebuilt as the newest snapshot', async () => {
    const folder = path.join(dir, 'rebuilt');
    const docs = createMemoryDocStore();
    await rebuildReadModels(store, docs, allReadModels);
    const file = await writeReadModelSnapshot({ store, docs, readModels: allReadModels, dir: folder });
    const { report, documents } = await startFrom(folder);
    expect(report).toMatchObject({ file, position: await store.headPosition(), rebuilt: [] });
    expect(documents).toStrictEqual(expected);
  });

  it('while the product runs, a snapshot is written every N events (not closer than the minimum gap) and at a clean stop', async () => {
    const folder = path.join(dir, 'scheduled');
    const other = openSqliteEventStore(path.join(dir, 'scheduled.sqlite'));
    try {
      const docs = createMemoryDocStore();
      const projector = createProjector({ store: other, docs, readModels: allReadModels });
      const schedule = scheduleSnapshots({ store: other, docs, projector, readModels: allReadModels, dir: folder, log: recordingLog(), everyEvents: 10, minGapMs: 0, maxShare: 1 });
      await projector.start();
      // One snapshot per 10 events once the write before has finished: the folder holds two long before the log ends.
      let appended = 0;
      while ((await listSnapshots(folder)).length < 2) {
        expect(appended, 'events appended before two snapshots were written').toBeLessThan(log.length);
        await appendLog(other, [log[appended++]!]);
        await projector.caughtUp();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const [newest, previous] = await listSnapshots(folder);
      expect(newest!.position - previous!.position).toBeGreaterThanOrEqual(10n);
      await appendLog(other, log.slice(appended));
      await projector.caughtUp();
      await projector.stop();
      await schedule.close();
      expect((await listSnapshots(folder))[0]!.position).toBe(await other.headPosition());
      const { documents } = await startFrom(folder, allReadModels, other);
      expect(documents).toStrictEqual(expected);
    } finally {
      await other.close();
    }
  });

  it('a snapshot asked for while requests are being served waits for a quiet moment, and never longer than everyMs', async () => {
    const other = openSqliteEventStore(path.join(dir, 'quiet.sqlite'));
    try {
      await appendLog(other, log);
      const docs = createMemoryDocStore();
      const projector = createProjector({ store: other, docs, readModels: allReadModels });
      await projector.start();
      await projector.caughtUp();
      let busy = true;
      let looked = 0;
      const quiet = path.join(dir, 'quiet');
      const schedule = scheduleSnapshots({
        store: other, docs, projector, readModels: allReadModels, dir: quiet, log: recordingLog(), everyEvents: 1e9, everyMs: 1e9, busy: () => { looked++; return busy; },
      });
      schedule.writeWhenQuiet();
      // It looks for a quiet moment again and again, and writes nothing while requests go on.
      await expect.poll(() => looked, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
      expect(await listSnapshots(quiet)).toHaveLength(0);
      busy = false;
      await expect.poll(async () => (await listSnapshots(quiet)).map((s) => s.position), { timeout: 10_000 }).toEqual([await other.headPosition()]);
      // Requests that never stop hold it back for everyMs at most.
      const busyFolder = path.join(dir, 'never-quiet');
      const always = scheduleSnapshots({ store: other, docs, projector, readModels: allReadModels, dir: busyFolder, log: recordingLog(), everyEvents: 1e9, everyMs: 600, busy: () => true });
      always.writeWhenQuiet();
      await expect.poll(async () => (await listSnapshots(busyFolder)).length, { timeout: 10_000 }).toBe(1);
      await projector.stop();
      await schedule.close();
      await always.close();
    } finally {
      await other.close();
    }
  });

  it('no snapshot: the log is replayed, as before snapshots', async () => {
    const { report, documents } = await startFrom(path.join(dir, 'none'));
    expect(report).toMatchObject({ file: null, position: 0n });
    expect(documents).toStrictEqual(expected);
  });

  it('a first start catches up with its upkeep deferred, then goes on live: every document frozen, equal to a full rebuild', async () => {
    const other = openSqliteEventStore(path.join(dir, 'first-start.sqlite'));
    try {
      const half = Math.floor(log.length / 2);
      await appendLog(other, log.slice(0, half));
      const docs = createMemoryDocStore();
      const report = await restoreReadModels({ store: other, docs, readModels: allReadModels, dir: path.join(dir, 'first-start'), log: recordingLog() });
      expect(report.file).toBeNull();
      const projector = createProjector({ store: other, docs, readModels: allReadModels, catchUpBatch: REBUILD_BATCH });
      await startCaughtUp(projector, docs);
      // Caught up, the upkeep is settled: a stored document cannot be changed by whoever reads it.
      const caughtUp = await snapshotReadModels(docs, allReadModels);
      const stored = Object.values(caughtUp).flat();
      expect(stored.length).toBeGreaterThan(20);
      expect(stored.every(isDeepFrozen)).toBe(true);
      expect(() => { (stored[0] as Record<string, unknown>)['_id'] = 'changed'; }).toThrow(TypeError);
      // Live from there: the rest of the log, written as live writes are (frozen), to what a full rebuild holds.
      await appendLog(other, log.slice(half));
      await projector.caughtUp();
      await projector.stop();
      const documents = await snapshotReadModels(docs, allReadModels);
      expect(documents).toStrictEqual(expected);
      expect(Object.values(documents).flat().every(isDeepFrozen)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('a damaged snapshot is detected and not loaded', () => {
  /** A folder holding the last two snapshots of the log, the newest damaged by `damage`. */
  function damaged(name: string, damage: (bytes: Buffer) => Buffer): { folder: string; newest: string; previous: string } {
    const folder = path.join(dir, `damaged-${name}`);
    mkdirSync(folder);
    const source = snapshotsAfter.at(-1)!;
    const files = readdirSync(source).sort();
    expect(files).toHaveLength(2);
    for (const f of files) copyFileSync(path.join(source, f), path.join(folder, f));
    const newest = path.join(folder, files[1]!);
    writeFileSync(newest, damage(readFileSync(newest)));
    return { folder, newest, previous: path.join(folder, files[0]!) };
  }

  const damages: [string, (b: Buffer) => Buffer][] = [
    ['empty', () => Buffer.alloc(0)],
    ['truncated to its header', (b) => b.subarray(0, b.indexOf(0x0a) + 1)],
    ['truncated in the middle', (b) => b.subarray(0, Math.floor(b.length / 2))],
    ['missing its last byte', (b) => b.subarray(0, b.length - 1)],
    ['missing its checksum line', (b) => b.subarray(0, b.lastIndexOf(0x0a, b.length - 2) + 1)],
    ['one byte changed in a document', (b) => { const c = Buffer.from(b); const i = Math.floor(c.length / 2); c[i] = c[i] === 0x31 ? 0x32 : 0x31; return c; }],
    ['a document line duplicated', (b) => { const mid = b.indexOf(0x0a, Math.floor(b.length / 2)) + 1; const next = b.indexOf(0x0a, mid) + 1; return Buffer.concat([b.subarray(0, next), b.subarray(mid, next), b.subarray(next)]); }],
  ];
  for (const [name, damage] of damages) {
    it(`${name}: ignored with a warning, the previous snapshot is loaded; the documents equal a full rebuild`, async () => {
      const { folder, newest, previous } = damaged(name.replaceAll(' ', '-'), damage);
      await expect(readSnapshot(newest)).rejects.toThrow(/truncated|checksum|damaged/);
      const { report, warnings, documents } = await startFrom(folder);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^snapshot ignored, .*(truncated|checksum|damaged)/);
      expect(report.rejected.map((r) => r.file)).toEqual([newest]);
      expect(report.file).toBe(previous);
      expect(documents).toStrictEqual(expected);
    });
  }

  it('both snapshots damaged: the log is replayed', async () => {
    const { folder, previous } = damaged('both', (b) => b.subarray(0, 10));
    writeFileSync(previous, 'not a snapshot\n');
    const { report, warnings, documents } = await startFrom(folder);
    expect(warnings).toHaveLength(2);
    expect(report.file).toBeNull();
    expect(documents).toStrictEqual(expected);
  });

  it('a snapshot of another log (the data folder\'s events.sqlite replaced) is refused', async () => {
    const other = openSqliteEventStore(path.join(dir, 'other.sqlite'));
    try {
      await appendLog(other, log.slice(0, 40).map((e) => ({ ...e, event: { ...e.event, id: e.event.id.replace(/^0/, '1') } })));
      const { report, warnings } = await startFrom(snapshotsAfter[20]!, allReadModels, other);
      expect(report.file).toBeNull();
      expect(warnings.join('\n')).toMatch(/another event at position/);
      const shorter = await startFrom(snapshotsAfter.at(-1)!, allReadModels, other);
      expect(shorter.warnings.join('\n')).toMatch(/the log ends at 40/);
    } finally {
      await other.close();
    }
  });
});

describe('a process killed while writing a snapshot', () => {
  it('kill -9 in the middle of a write leaves the previous snapshot whole; the unfinished file is removed at the next start', async () => {
    const folder = path.join(dir, 'killed');
    mkdirSync(folder);
    // The child writes large snapshots one after another (positions 1, 2, 3, …) with the product's writer.
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support/snapshotWriterChild.ts'), folder], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    try {
      // Wait for a finished snapshot, then for the next one to be well under way, and kill the child.
      await expect.poll(() => out.includes('written 1'), { timeout: 60_000, interval: 20 }).toBe(true);
      let temp = '';
      await expect.poll(() => {
        temp = readdirSync(folder).find((f) => f.endsWith('.tmp')) ?? '';
        return temp !== '' && existsSync(path.join(folder, temp)) && statSync(path.join(folder, temp)).size > 1_000_000;
      }, { timeout: 60_000, interval: 5 }).toBe(true);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(child.signalCode).toBe('SIGKILL');
      expect(existsSync(path.join(folder, temp))).toBe(true); // the unfinished write is still there…
      await expect(readSnapshot(path.join(folder, temp))).rejects.toThrow(/truncated|checksum/); // …and could never pass for a snapshot

      const snapshots = await listSnapshots(folder);
      expect(snapshots.length).toBeGreaterThanOrEqual(1);
      const whole = await readSnapshot(snapshots[0]!.file); // the previous one is whole
      expect(whole.collections[0]?.docs.length).toBe(Number(process.env.SNAPSHOT_CHILD_DOCS ?? 200_000));

      // A start removes the unfinished file with a warning (here on an empty log the synthetic snapshot is refused: not its log).
      const recorded = recordingLog();
      await restoreReadModels({ store, docs: createMemoryDocStore(), readModels: allReadModels, dir: folder, log: recorded });
      expect(recorded.warnings[0]).toMatch(/removed 1 unfinished snapshot file/);
      expect(readdirSync(folder).some((f) => f.endsWith('.tmp'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('the embedded product', () => {
  /** The product in a child process on `dataDir`, answering on a free port. */
  async function startChild(dataDir: string) {
    // A port the system says is free (a random one may be taken on a busy machine); the child's errors are kept for the failure message.
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../server/src/main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', FRONTEND_DIST: path.join(dataDir, 'no-frontend') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    let exitCode: number | null = null;
    const exited = new Promise((resolve) => child.once('exit', (code) => { exitCode = code; resolve(code); }));
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(async () => {
      if (exitCode !== null) throw new Error(`the product stopped (exit ${exitCode}) before answering: ${stderr.slice(-2000)}`);
      return (await fetch(`${url}/api/products?limit=1`).catch(() => null))?.status;
    }, { timeout: 90_000, interval: 50 }).toBe(200);
    return { child, url, exited };
  }

  it('a clean stop leaves a snapshot at the last event; after kill -9 the next start loads it, catches up what came after, and equals a full rebuild', async () => {
    const dataDir = path.join(dir, 'product');
    mkdirSync(dataDir);
    const events = openSqliteEventStore(path.join(dataDir, 'events.sqlite'));
    await appendLog(events, log);
    await events.close();

    const first = await startChild(dataDir);
    first.child.kill('SIGTERM');
    await first.exited;
    const [clean] = await listSnapshots(readModelSnapshotDir({ dataDir }));
    expect(clean).toBeDefined();

    // Running again from that snapshot: accounts sign up and view phones, then the process is killed.
    const second = await startChild(dataDir);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${second.url}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `crash-${i}@example.kr`, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      expect((await fetch(`${second.url}/api/products/galaxy-s25/views`, { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);
    }
    second.child.kill('SIGKILL');
    await second.exited;

    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' });
    const restarted = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend') });
    expect(restarted.restored).toMatchObject({ file: clean!.file, position: clean!.position, rebuilt: [] });
    const after = await fetch(`${restarted.url}/api/admin/users?q=crash-4`).then((r) => r.status);
    expect(after).toBe(401); // the product answers (the list itself is the admin's)
    await restarted.close(); // a snapshot at the head: what the restarted product held

    const [final] = await listSnapshots(readModelSnapshotDir(config));
    expect(final!.position).toBeGreaterThan(clean!.position);
    const check = openSqliteEventStore(path.join(dataDir, 'events.sqlite'));
    try {
      const loaded = createMemoryDocStore();
      const report = await restoreReadModels({ store: check, docs: loaded, readModels: allReadModels, dir: readModelSnapshotDir(config), log: recordingLog() });
      expect(report.position).toBe(await check.headPosition());
      const rebuilt = createMemoryDocStore();
      await rebuildReadModels(check, rebuilt, allReadModels);
      const documents = await snapshotReadModels(rebuilt, allReadModels);
      expect((documents.users as { email: string }[]).filter((u) => u.email.startsWith('crash-'))).toHaveLength(5);
      expect(await snapshotReadModels(loaded, allReadModels)).toStrictEqual(documents);
    } finally {
      await check.close();
    }
  }, 180_000);
});
