import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startProduct } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the product seeded on its first start and then closed; each journey starts on a copy. */
    seededDataDir: string;
  }
}

/**
 * A product's first start seeds the catalogue, the terms and the knowledge base: ~5 s of CPU, the largest
 * fixed cost of each journey file. It is done once here; `startProduct` copies the folder, so every journey
 * still gets a store of its own, as the product leaves it after a first start.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_FIRST_START === '1') return undefined;
  const product = await startProduct({}, { seeded: false });
  await product.stop({ keepData: true });
  project.provide('seededDataDir', product.dataDir);
  return () => rmSync(product.dataDir, { recursive: true, force: true });
}
