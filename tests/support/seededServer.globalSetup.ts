import { rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TestProject } from 'vitest/node';
import { startTestServer } from './testServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the embedded product seeded on its first start, its processes run, then closed; `startTestServer` starts on a copy. */
    seededServerDataDir: string;
  }
}

/** Whether the process runner's checkpoint has reached the log's head (the seed's price-series processes all run). */
function processesCaughtUp(dataDir: string): boolean {
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
 * A first start seeds the catalogue, the terms and the knowledge base, and its process runner then works
 * through ~1,200 price-series processes: the largest fixed cost of a server test file that starts the
 * product (ADR 030). It is done once here; `startTestServer` copies the folder, so every file still gets a
 * store of its own, in the state a first start leaves once its processes have run.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_FIRST_START === '1') return undefined;
  const server = await startTestServer({}, { seeded: false });
  const until = Date.now() + 120_000;
  while (!processesCaughtUp(server.dataDir)) {
    if (Date.now() > until) throw new Error('the seeded store\'s process runner did not catch up within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.close({ keepData: true });
  project.provide('seededServerDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
