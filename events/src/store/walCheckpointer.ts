import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop (ADR 031, s52). In WAL mode SQLite copies the log back into the
 * database once it passes 1,000 pages, inside the commit that crossed it, with two fsyncs: 5–14 ms
 * during which the process answers nothing (the chat round trip's slowest commits). A worker thread
 * with its own connection runs `wal_checkpoint(PASSIVE)` when asked (`request`: the store asks every
 * so many commits, about half SQLite's threshold, so there are about twice as many checkpoints as
 * before, not one per tick), which never waits for the writer, so the writer's commits seldom reach
 * the threshold. The threshold stays as it was: if the worker falls behind or fails, the writer
 * checkpoints as before. What a commit guarantees does not change (synchronous = NORMAL: a committed
 * transaction is in the WAL; the checkpoint only moves it into the database file).
 */
export interface WalCheckpointer { request(): void; close(): Promise<void> }

const WORKER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path, { timeout: workerData.busyTimeoutMs });
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); parentPort.close(); return; }
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage(String(err)); }
});
`;

export function startWalCheckpointer(path: string, opts: { busyTimeoutMs: number; onError?: (message: string) => void }): WalCheckpointer {
  const worker = new Worker(WORKER, { eval: true, workerData: { path, busyTimeoutMs: opts.busyTimeoutMs } });
  worker.unref();
  let alive = true;
  worker.on('message', (m: unknown) => opts.onError?.(String(m)));
  worker.on('error', (err) => { alive = false; opts.onError?.(String(err)); });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => { alive = false; resolve(); }));
  return {
    request() {
      if (alive) worker.postMessage('checkpoint');
    },
    async close() {
      if (!alive) return;
      // Its connection closed before the store's, so the store's close is the last one's (which checkpoints and removes the WAL).
      // Ref'd while it closes: an unref'd worker is not something to wait for, and a process with nothing else to do would exit mid-close.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
