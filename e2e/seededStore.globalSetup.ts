import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { waitForProcessesCaughtUp } from '../tests/support/processesCaughtUp.ts';
import { startProduct } from './harness.ts';
import { startProductPool } from './productPool.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the product seeded on its first start and then closed; each journey starts on a copy. */
    seededDataDir: string;
    /** Where a journey file leases its own product, started ahead (e2e/productPool.ts). */
    productPoolUrl: string;
  }
}

/**
 * A product's first start seeds the catalogue, the terms and the knowledge base (~5 s of CPU), then its process
 * runner works through ~1,200 price-series processes: the largest
 * fixed cost of each journey file. It is done once here; `startProduct` copies the folder, so every journey
 * still gets a store of its own, as the product leaves it after a first start. The products on those copies
 * can be started one file ahead by a pool, with E2E_PRODUCT_POOL=1 (ADR 030).
 */
export default async function setup(project: TestProject) {
  const firstStart = process.env.E2E_FIRST_START === '1';
  let seededDir: string | undefined;
  if (!firstStart) {
    const product = await startProduct({}, { seeded: false });
    // Its process runner works through the seed's price-series processes first: a copy stopped before that
    // made every journey's product run them while the journey ran (stalls, reads lagging past their wait).
    await waitForProcessesCaughtUp(product.dataDir);
    await product.stop({ keepData: true });
    seededDir = product.dataDir;
    project.provide('seededDataDir', seededDir);
  }
  // Opt-in until a whole run shows it faster: its spare's start competes with the running file (ADR 030, stop 49).
  const pool = firstStart || process.env.E2E_PRODUCT_POOL !== '1' ? undefined : await startProductPool(seededDir);
  if (pool) project.provide('productPoolUrl', pool.url);
  return async () => {
    await pool?.close();
    if (seededDir) rmSync(seededDir, { recursive: true, force: true });
  };
}
