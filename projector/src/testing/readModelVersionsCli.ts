/**
 * `npm run projections:versions`: records each read model's version and source hash in
 * projector/src/readModels/versions.json (ADR 015). Refuses while a model's code changed and its
 * version did not: bump it first (a snapshot of the old code must not be loaded for it).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allReadModels } from '../index.ts';
import { MANIFEST, ROOT, currentVersions, manifestProblems, readManifest } from './readModelVersions.ts';

const current = await currentVersions(allReadModels);
const { bump, record } = manifestProblems(existsSync(MANIFEST) ? readManifest() : {}, current);
if (bump.length > 0) {
  for (const line of bump) console.error(`✗ ${line}`);
  process.exit(1);
}
writeFileSync(MANIFEST, `${JSON.stringify(current, null, 2)}\n`);
for (const line of record) console.log(`✓ ${line}`);
console.log(`${path.relative(ROOT, MANIFEST)}: ${Object.keys(current).length} read models${record.length ? '' : ', unchanged'}`);
