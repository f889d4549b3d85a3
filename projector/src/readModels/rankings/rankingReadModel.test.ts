import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, toNewEvent, type DomainEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore, type DocStore } from '../../docstore/index.ts';
import { createProjector, type Projector } from '../../projector.ts';
import { allReadModelsForTest } from './testModels.ts';
import { PRODUCT_RANKING_ID, RANKINGS, type RankingDoc } from './rankingReadModel.ts';
import { withChanges } from './rankingRules.ts';

let dir: string;
let store: EventStore;
let docs: DocStore;
let projector: Projector;
let n = 0;

const product = (id: string, score: number): DomainEvent => ({
  type: 'ProductListed',
  data: {
    productId: id, name: `폰 ${id}`, brand: 'Samsung', model: 'galaxy-s25', img: '/images/phones/galaxy-s25.svg', price: 1_000_000,
    monthly: 41_670, storage: 256, carrier: 'SKT', score, badges: [], isHot: false, isNew: false, condition: 'new', categories: [],
    seller: { id: 's1', name: '강남폰스토어', rating: 4.8, deals: 10 }, description: '', aliases: [],
    specifications: { display: '', camera: '', battery: '', os: '', chip: '', weight: '' },
    colors: [{ name: '블랙', hex: '#000000', available: true }], listedAt: '2026-11-01T00:00:00.000Z',
  },
});
const viewed = (productId: string): DomainEvent => ({ type: 'ProductViewed', data: { productId, visitorKey: `visitor-${n}` } });

async function append(event: DomainEvent, at: string) {
  n++;
  const e = toNewEvent(event, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at });
  await store.append(`test-${n}`, [e], { expectedRevision: 'no_stream' });
}
async function ranking() {
  await projector.caughtUp();
  const doc = await docs.collection<RankingDoc>(RANKINGS).get(PRODUCT_RANKING_ID);
  return doc ? withChanges(doc.entries, doc.previousRanks) : [];
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ranking-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
  docs = createMemoryDocStore();
  projector = createProjector({ store, docs, readModels: allReadModelsForTest });
  await projector.start();
  for (const [id, score] of [['a', 90], ['b', 80], ['c', 70]] as const) await append(product(id, score), '2026-11-20T08:00:00.000Z');
});
afterEach(async () => {
  await projector.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live ranking projection', () => {
  it('without signals ranks products by score, all unchanged newcomers', async () => {
    const list = await ranking();
    expect(list.map((r) => [r.productId, r.rank])).toEqual([['a', 1], ['b', 2], ['c', 3]]);
  });

  it('views move a product up; change and changeValue compare with the previous 10-minute period', async () => {
    await append(viewed('a'), '2026-11-20T09:00:00.000Z'); // period P: snapshot a,b,c
    await append(viewed('c'), '2026-11-20T09:01:00.000Z');
    await append(viewed('c'), '2026-11-20T09:02:00.000Z');
    let list = await ranking();
    expect(list.map((r) => r.productId)).toEqual(['c', 'a', 'b']);
    // previous ranks = those at the start of this period (a1 b2 c3)
    expect(list.map((r) => [r.productId, r.change, r.changeValue])).toEqual([['c', 'up', 2], ['a', 'down', 1], ['b', 'down', 1]]);

    await append(viewed('b'), '2026-11-20T09:12:00.000Z'); // next period: previous = c,a,b
    list = await ranking();
    expect(list.map((r) => [r.productId, r.change, r.changeValue])).toEqual([['c', 'same', 0], ['a', 'same', 0], ['b', 'same', 0]]);
  });

  it('signals leave the 24-hour window', async () => {
    await append(viewed('c'), '2026-11-20T09:00:00.000Z');
    expect((await ranking())[0]?.productId).toBe('c');
    await append(viewed('b'), '2026-11-21T09:30:00.000Z'); // c's view is now older than 24 h
    const list = await ranking();
    expect(list.map((r) => r.productId)).toEqual(['b', 'a', 'c']);
  });

  it('marks the ranking topic changed only when the list changes', async () => {
    const changes: boolean[] = [];
    projector.onBatch((b) => changes.push(b.changed.has('ranking')));
    await append(viewed('c'), '2026-11-20T09:00:00.000Z');
    await ranking();
    await append(viewed('c'), '2026-11-20T09:00:30.000Z');
    await ranking();
    expect(changes.at(0)).toBe(true);
    expect(changes.at(-1)).toBe(false);
  });
});
