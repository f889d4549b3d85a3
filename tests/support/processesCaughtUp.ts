import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Whether the process runner's checkpoint in an embedded data folder has reached the log's head (every process of the log run). */
export function processesCaughtUp(dataDir: string): boolean {
  const db = new DatabaseSync(path.join(dataDir, 'events.sqlite'), { readOnly: true });
  try {
    const lease = db.prepare("SELECT checkpoint FROM leases WHERE name = 'processRunner'").get();
    const head = db.prepare('SELECT MAX(position) AS head FROM events').get();
    return lease?.checkpoint != null && head?.head != null && Number(lease.checkpoint) >= Number(head.head);
  } finally {
    db.close();
  }
}

/**
 * Polls until the running product's process runner has worked through its log (a first start's ~1,200
 * price-series processes), so a seeded folder copied for tests starts with no backlog of processes.
 */
export async function waitForProcessesCaughtUp(dataDir: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!processesCaughtUp(dataDir)) {
    if (Date.now() > until) throw new Error(`the seeded store's process runner did not catch up within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
