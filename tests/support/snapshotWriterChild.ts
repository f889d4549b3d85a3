/**
 * A child process for tests/readModelSnapshots.test.ts: writes large snapshots into the folder given
 * (positions 1, 2, 3, …) with the product's own writer until it is killed, printing `written <n>`
 * after each. 200,000 documents make a write long enough to be killed in the middle of.
 */
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, writeSnapshot } from '@phonemarket/projector';

const folder = process.argv[2]!;
const count = Number(process.env.SNAPSHOT_CHILD_DOCS ?? 200_000);
const docs = Array.from({ length: count }, (_, i) => ({
  _id: `doc-${i}`, name: `갤럭시 S25 ${i}`, price: 1_000_000 + i, tags: ['5g', 'flagship'], spec: { storage: 256, colors: ['black', 'violet'] }, _pos: i,
}));
for (let position = 1n; ; position++) {
  await writeSnapshot(folder, {
    format: SNAPSHOT_FORMAT, formatVersion: SNAPSHOT_FORMAT_VERSION, position: position.toString(), eventId: `event-${position}`, topics: {},
    writtenAt: new Date().toISOString(), models: [{ name: 'synthetic', version: 1, collections: ['synthetic'] }],
  }, [{ name: 'synthetic', indexes: [], docs }]);
  process.stdout.write(`written ${position}\n`);
}
