import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { waitForProcessesCaughtUp } from './processesCaughtUp.ts';
import { startTestServer } from './testServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the embedded product seeded on its first start, its processes run, then closed; `startTestServer` starts on a copy. */
    seededServerDataDir: string;
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
  await waitForProcessesCaughtUp(server.dataDir);
  await server.close({ keepData: true });
  project.provide('seededServerDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
