import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop (ADR 031, s52). In WAL mode SQLite copies the log back into the
 * database once it passes 1,000 pages, inside the commit that crossed it, with two fsyncs: 5–14 ms
 * during which the process answers nothing (the chat round trip's slowest commits). A worker thread
 * with its own connection runs `wal_checkpoint(PASSIVE)` every `everyMs` instead, which never waits
 * for the writer, so the main connection's commits seldom reach the threshold. The threshold stays as
 * it was: if the worker falls behind or fails, the writer checkpoints as before. What a commit
 * guarantees does not change (synchronous = NORMAL: a committed transaction is in the WAL; the
 * checkpoint only moves it into the database file).
 */
export interface WalCheckpointer { close(): Promise<void> }

const WORKER = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path, { timeout: workerData.busyTimeoutMs });
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage(String(err)); }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export function startWalCheckpointer(path: string, opts: { everyMs: number; busyTimeoutMs: number; onError?: (message: string) => void }): WalCheckpointer {
  const worker = new Worker(WORKER, { eval: true, workerData: { path, everyMs: opts.everyMs, busyTimeoutMs: opts.busyTimeoutMs } });
  worker.unref();
  let alive = true;
  worker.on('message', (m: unknown) => opts.onError?.(String(m)));
  worker.on('error', (err) => { alive = false; opts.onError?.(String(err)); });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => { alive = false; resolve(); }));
  return {
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
