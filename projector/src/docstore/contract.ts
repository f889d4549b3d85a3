/**
 * The one behavioural contract every DocStore adapter must pass (memory.test.ts, mongo.test.ts).
 * Expectations are MongoDB's documented behaviour, so the embedded store cannot drift from it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDuplicateKeyError } from './errors.ts';
import type { Collection, Doc, DocStore, Filter } from './types.ts';

export interface OpenedStore {
  store: DocStore;
  cleanup: () => Promise<void>;
}

export const PHONES: Doc[] = [
  {
    _id: 'p1',
    brand: 'Samsung',
    model: 'Galaxy S24',
    price: 1200,
    tags: ['5g', 'flagship'],
    spec: { storage: 256, colors: ['black', 'violet'] },
    offers: [
      { seller: 's1', price: 1150 },
      { seller: 's2', price: 1190 },
    ],
  },
  {
    _id: 'p2',
    brand: 'Samsung',
    model: 'Galaxy A15',
    price: 300,
    tags: ['budget'],
    spec: { storage: 128, colors: ['blue'] },
    offers: [{ seller: 's1', price: 290 }],
  },
  {
    _id: 'p3',
    brand: 'Apple',
    model: 'iPhone 15',
    price: 1100,
    tags: ['5g', 'flagship'],
    spec: { storage: 128, colors: ['pink'] },
    offers: [
      { seller: 's2', price: 1500 },
      { seller: 's3', price: 1050 },
    ],
  },
  { _id: 'p4', brand: 'apple', model: 'iPhone SE', price: 500, tags: [], spec: { storage: 64, colors: [] }, offers: [] },
  { _id: 'p5', brand: 'Google', model: 'Pixel 8', tags: ['5g'], spec: { storage: 128 }, offers: [{ seller: 's3', price: 800 }] },
];

/** Filters over PHONES and the ids MongoDB answers (also checked against mingo's answers in fastFilter.test.ts). */
export const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['equality on a scalar', { brand: 'Samsung' }, ['p1', 'p2']],
  ['equality as array membership', { tags: '5g' }, ['p1', 'p3', 'p5']],
  ['equality with null matches missing fields', { price: null }, ['p5']],
  ['dotted path into a sub-document', { 'spec.storage': 128 }, ['p2', 'p3', 'p5']],
  ['dotted path through an array of sub-documents', { 'offers.seller': 's3' }, ['p3', 'p5']],
  ['$eq', { price: { $eq: 500 } }, ['p4']],
  ['$ne (matches missing too)', { price: { $ne: 300 } }, ['p1', 'p3', 'p4', 'p5']],
  ['$gt', { price: { $gt: 500 } }, ['p1', 'p3']],
  ['$gte', { price: { $gte: 500 } }, ['p1', 'p3', 'p4']],
  ['$lt', { price: { $lt: 500 } }, ['p2']],
  ['$lte', { price: { $lte: 500 } }, ['p2', 'p4']],
  ['range with both bounds', { price: { $gt: 300, $lt: 1200 } }, ['p3', 'p4']],
  ['range on an array of sub-documents', { 'offers.price': { $lt: 900 } }, ['p2', 'p5']],
  ['$in on a scalar', { brand: { $in: ['Apple', 'Google'] } }, ['p3', 'p5']],
  ['$in on an array field', { tags: { $in: ['budget', 'flagship'] } }, ['p1', 'p2', 'p3']],
  ['$nin (matches missing too)', { price: { $nin: [300, 500] } }, ['p1', 'p3', 'p5']],
  ['$exists true', { price: { $exists: true } }, ['p1', 'p2', 'p3', 'p4']],
  ['$exists false', { price: { $exists: false } }, ['p5']],
  ['$exists on a dotted path', { 'spec.colors': { $exists: false } }, ['p5']],
  ['$regex is case sensitive by default', { brand: { $regex: '^apple$' } }, ['p4']],
  ["$regex with $options 'i'", { brand: { $regex: '^apple$', $options: 'i' } }, ['p3', 'p4']],
  ['$regex matches inside strings', { model: { $regex: 'Galaxy' } }, ['p1', 'p2']],
  ['$or', { $or: [{ brand: 'Google' }, { price: { $lt: 400 } }] }, ['p2', 'p5']],
  ['$and', { $and: [{ tags: '5g' }, { tags: 'flagship' }] }, ['p1', 'p3']],
  ['$not (matches missing too)', { price: { $not: { $gt: 1000 } } }, ['p2', 'p4', 'p5']],
  ['$elemMatch needs one element to satisfy all conditions', { offers: { $elemMatch: { seller: 's2', price: { $lt: 1200 } } } }, ['p1']],
  ['without $elemMatch conditions may hold on different elements', { 'offers.seller': 's2', 'offers.price': { $lt: 1200 } }, ['p1', 'p3']],
  ['_id equality', { _id: 'p3' }, ['p3']],
  ['_id equality combined with another condition', { _id: 'p3', brand: 'Samsung' }, []],
  ['_id $in', { _id: { $in: ['p2', 'p9', 'p1'] } }, ['p1', 'p2']],
  ['_id of a missing document', { _id: 'p9' }, []],
  ['empty filter', {}, ['p1', 'p2', 'p3', 'p4', 'p5']],
  ['range operators compare within a type only', { price: { $gt: '100' } }, []],
  ['$in with null matches missing fields', { price: { $in: [null, 300] } }, ['p2', 'p5']],
  ['$or of $and with ranges', { $or: [{ $and: [{ brand: 'Samsung' }, { price: { $lte: 300 } }] }, { brand: 'Google' }] }, ['p2', 'p5']],
];

/** A change the store may refuse (the embedded store's documents are frozen: TypeError); either way the store must not see it. */
function tryToMutate(change: () => unknown): void {
  try {
    change();
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
}

const sortedIds = (docs: readonly Doc[]): string[] => docs.map((d) => d._id).sort();
const idsInOrder = (docs: readonly Doc[]): string[] => docs.map((d) => d._id);

async function seed(col: Collection, docs: readonly Doc[]): Promise<void> {
  for (const doc of docs) await col.put(structuredClone(doc));
}

async function expectDuplicateKey(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toSatisfy(isDuplicateKeyError);
}

export function docStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`DocStore contract: ${name}`, () => {
    let opened: OpenedStore;
    let phones: Collection;

    beforeEach(async () => {
      opened = await open();
      phones = opened.store.collection('phones');
    });
    afterEach(async () => {
      await opened.cleanup();
    });

    describe('get / put', () => {
      it('get answers null for a missing id', async () => {
        expect(await phones.get('nope')).toBeNull();
      });

      it('put inserts and get returns the document with its string _id', async () => {
        await phones.put({ _id: 'a', n: 1, nested: { list: [1, 'x', { y: true }] } });
        expect(await phones.get('a')).toEqual({ _id: 'a', n: 1, nested: { list: [1, 'x', { y: true }] } });
      });

      it('put replaces the whole document', async () => {
        await phones.put({ _id: 'a', keep: 1, drop: 2 });
        await phones.put({ _id: 'a', keep: 3 });
        expect(await phones.get('a')).toEqual({ _id: 'a', keep: 3 });
        expect(await phones.count()).toBe(1);
      });

      it('collections are separate namespaces', async () => {
        await phones.put({ _id: 'a', kind: 'phone' });
        const sellers = opened.store.collection('sellers');
        expect(await sellers.get('a')).toBeNull();
        await sellers.put({ _id: 'a', kind: 'seller' });
        expect(await phones.get('a')).toEqual({ _id: 'a', kind: 'phone' });
        expect(sellers.name).toBe('sellers');
      });
    });

    describe('update operators', () => {
      beforeEach(async () => {
        await phones.put({ _id: 'a', n: 10, name: 'x', spec: { ram: 8 }, tags: ['a', 'b'], scores: [1, 5, 7, 9], offers: [{ seller: 's1', price: 1 }, { seller: 's2', price: 2 }] });
      });
      const doc = async (): Promise<Doc> => (await phones.get('a')) as Doc;

      it('$set sets top-level and dotted fields, creating missing parents', async () => {
        expect(await phones.update('a', { $set: { name: 'y', 'spec.ram': 12, 'stats.views.today': 3 } })).toBe(true);
        expect(await doc()).toMatchObject({ name: 'y', spec: { ram: 12 }, stats: { views: { today: 3 } } });
      });

      it('$unset removes top-level and dotted fields and ignores missing ones', async () => {
        await phones.update('a', { $unset: { name: '', 'spec.ram': '', 'missing.path': '' } });
        const d = await doc();
        expect(d).not.toHaveProperty('name');
        expect(d['spec']).toEqual({});
        expect(d).not.toHaveProperty('missing');
      });

      it('$inc adds to numbers and creates missing (dotted) fields', async () => {
        await phones.update('a', { $inc: { n: 5, fresh: 2, 'stats.views': 1 } });
        await phones.update('a', { $inc: { n: -3 } });
        expect(await doc()).toMatchObject({ n: 12, fresh: 2, stats: { views: 1 } });
      });

      it('$push appends one value, or several with $each', async () => {
        await phones.update('a', { $push: { tags: 'c' } });
        await phones.update('a', { $push: { tags: { $each: ['d', 'e'] } } });
        expect((await doc())['tags']).toEqual(['a', 'b', 'c', 'd', 'e']);
      });

      it('$push with $each and $slice keeps the last (negative) or first (positive) elements', async () => {
        await phones.update('a', { $push: { tags: { $each: ['c', 'd'], $slice: -3 } } });
        expect((await doc())['tags']).toEqual(['b', 'c', 'd']);
        await phones.update('a', { $push: { tags: { $each: ['e'], $slice: 2 } } });
        expect((await doc())['tags']).toEqual(['b', 'c']);
      });

      it('$push creates a missing array and applies $slice to it', async () => {
        await phones.update('a', { $push: { recent: { $each: [1, 2, 3], $slice: -2 }, 'log.entries': 'x' } });
        expect(await doc()).toMatchObject({ recent: [2, 3], log: { entries: ['x'] } });
      });

      it('$pull removes equal values, values matching a condition, and sub-documents matching a query', async () => {
        await phones.update('a', { $pull: { tags: 'a', scores: { $gte: 6 }, offers: { seller: 's1' } } });
        expect(await doc()).toMatchObject({ tags: ['b'], scores: [1, 5], offers: [{ seller: 's2', price: 2 }] });
      });

      it('$addToSet adds only absent values, also with $each', async () => {
        await phones.update('a', { $addToSet: { tags: 'a' } });
        expect((await doc())['tags']).toEqual(['a', 'b']);
        await phones.update('a', { $addToSet: { tags: { $each: ['b', 'c', 'c', 'd'] }, fresh: { x: 1 } } });
        expect(await doc()).toMatchObject({ tags: ['a', 'b', 'c', 'd'], fresh: [{ x: 1 }] });
        await phones.update('a', { $addToSet: { fresh: { x: 1 } } });
        expect((await doc())['fresh']).toEqual([{ x: 1 }]);
      });

      it('$addToSet with $each creates a missing array with each value once', async () => {
        await phones.update('a', { $addToSet: { fresh: { $each: ['x', 'y', 'x'] } } });
        expect((await doc())['fresh']).toEqual(['x', 'y']);
      });

      it('$max and $min only move a value in their direction and set missing fields', async () => {
        await phones.update('a', { $max: { n: 5, hi: 1 }, $min: { 'spec.ram': 16, lo: 2 } });
        expect(await doc()).toMatchObject({ n: 10, hi: 1, spec: { ram: 8 }, lo: 2 });
        await phones.update('a', { $max: { n: 11 }, $min: { 'spec.ram': 4 } });
        expect(await doc()).toMatchObject({ n: 11, spec: { ram: 4 } });
      });

      it('applies several operators in one update', async () => {
        await phones.update('a', { $set: { name: 'z' }, $inc: { n: 1 }, $push: { tags: 'c' }, $unset: { spec: '' } });
        expect(await doc()).toEqual({ _id: 'a', n: 11, name: 'z', tags: ['a', 'b', 'c'], scores: [1, 5, 7, 9], offers: [{ seller: 's1', price: 1 }, { seller: 's2', price: 2 }] });
      });

      it('$setOnInsert does nothing to an existing document', async () => {
        expect(await phones.update('a', { $setOnInsert: { name: 'ignored' }, $inc: { n: 1 } }, { upsert: true })).toBe(true);
        expect(await doc()).toMatchObject({ name: 'x', n: 11 });
      });

      it('update of a missing id answers false and creates nothing', async () => {
        expect(await phones.update('nope', { $set: { x: 1 } })).toBe(false);
        expect(await phones.get('nope')).toBeNull();
        expect(await phones.count()).toBe(1);
      });

      it('rejects an unknown operator and leaves the document unchanged', async () => {
        const before = await doc();
        await expect(phones.update('a', { $set: { name: 'changed' }, $bogus: { n: 1 } })).rejects.toThrow();
        expect(await doc()).toEqual(before);
      });

      it('is atomic per document: a failing operator rolls back the whole update', async () => {
        const before = await doc();
        await expect(phones.update('a', { $set: { n: 0 }, $inc: { 'spec.ram': 1, name: 1 } })).rejects.toThrow();
        await expect(phones.update('a', { $set: { n: 0 }, $push: { name: 'v' } })).rejects.toThrow();
        expect(await doc()).toEqual(before);
      });

      it('$addToSet and $pull refuse a field that is not an array', async () => {
        const before = await doc();
        await expect(phones.update('a', { $addToSet: { name: 'v' } })).rejects.toThrow();
        await expect(phones.update('a', { $pull: { 'spec.ram': 8 } })).rejects.toThrow();
        expect(await doc()).toEqual(before);
      });

      it('rejects changing _id', async () => {
        await expect(phones.update('a', { $set: { _id: 'b' } })).rejects.toThrow();
        expect(await phones.get('b')).toBeNull();
        expect(await doc()).toMatchObject({ _id: 'a' });
      });
    });

    describe('conditional update (where)', () => {
      it('applies only when the stored document also matches `where`', async () => {
        await phones.put({ _id: 'a', n: 1, _pos: 5 });
        expect(await phones.update('a', { $inc: { n: 1 }, $set: { _pos: 6 } }, { where: { _pos: { $lt: 6 } } })).toBe(true);
        expect(await phones.update('a', { $inc: { n: 1 }, $set: { _pos: 6 } }, { where: { _pos: { $lt: 6 } } })).toBe(false);
        expect(await phones.get('a')).toEqual({ _id: 'a', n: 2, _pos: 6 });
      });

      it('a later version keeps unchanged sub-documents intact (no shared mutation)', async () => {
        await phones.put({ _id: 'a', spec: { ram: 8 }, tags: ['x'], n: 0 });
        const before = await phones.get('a');
        await phones.update('a', { $inc: { n: 1 } });
        await phones.update('a', { $push: { tags: 'y' }, $set: { 'spec.ram': 12 } });
        expect(before).toEqual({ _id: 'a', spec: { ram: 8 }, tags: ['x'], n: 0 });
        expect(await phones.get('a')).toEqual({ _id: 'a', spec: { ram: 12 }, tags: ['x', 'y'], n: 1 });
      });
    });

    describe('upsert', () => {
      it('creates the document from _id plus the operators, $setOnInsert included', async () => {
        const created = await phones.update('u', { $set: { a: 1, 'b.c': 2 }, $inc: { n: 1 }, $push: { log: 'first' }, $setOnInsert: { createdAt: 't0' } }, { upsert: true });
        expect(created).toBe(true);
        expect(await phones.get('u')).toEqual({ _id: 'u', a: 1, b: { c: 2 }, n: 1, log: ['first'], createdAt: 't0' });
      });

      it('a second upsert updates and leaves $setOnInsert fields alone', async () => {
        await phones.update('u', { $inc: { n: 1 }, $setOnInsert: { createdAt: 't0' } }, { upsert: true });
        expect(await phones.update('u', { $inc: { n: 1 }, $setOnInsert: { createdAt: 't1' } }, { upsert: true })).toBe(true);
        expect(await phones.get('u')).toEqual({ _id: 'u', n: 2, createdAt: 't0' });
      });
    });

    describe('updateMany / delete / deleteMany', () => {
      beforeEach(() => seed(phones, PHONES));

      it('updateMany updates every match, answers the matched count, leaves others alone', async () => {
        expect(await phones.updateMany({ brand: 'Samsung' }, { $set: { hot: true }, $inc: { price: 10 } })).toBe(2);
        expect(await phones.updateMany({ brand: 'Samsung' }, { $set: { hot: true } })).toBe(2); // matched, even though unchanged
        expect(sortedIds(await phones.find({ hot: true }))).toEqual(['p1', 'p2']);
        expect((await phones.get('p1'))?.['price']).toBe(1210);
        expect((await phones.get('p3'))?.['price']).toBe(1100);
        expect(await phones.updateMany({ brand: 'Nokia' }, { $set: { hot: true } })).toBe(0);
      });

      it('delete removes one document and answers whether it existed', async () => {
        expect(await phones.delete('p1')).toBe(true);
        expect(await phones.delete('p1')).toBe(false);
        expect(await phones.get('p1')).toBeNull();
        expect(await phones.count()).toBe(4);
      });

      it('deleteMany removes the matches and answers their count; without filter it removes all', async () => {
        expect(await phones.deleteMany({ tags: '5g' })).toBe(3);
        expect(sortedIds(await phones.find())).toEqual(['p2', 'p4']);
        expect(await phones.deleteMany({ brand: 'Nokia' })).toBe(0);
        expect(await phones.deleteMany()).toBe(2);
        expect(await phones.count()).toBe(0);
      });
    });

    describe('find filters', () => {
      beforeEach(() => seed(phones, PHONES));
      const cases = FILTER_CASES;
      for (const [title, filter, expected] of cases) {
        it(`${title}: ${JSON.stringify(filter)}`, async () => {
          expect(sortedIds(await phones.find(filter))).toEqual(expected);
          expect(await phones.count(filter)).toBe(expected.length);
        });
      }
    });

    describe('find filters answered through indexes', () => {
      // The embedded store reads an indexed equality or $in through its index: the same answers, in the same order.
      beforeEach(async () => {
        for (const field of ['brand', 'tags', 'price', 'spec.storage', 'offers.seller']) await phones.createIndex({ [field]: 1, model: 1 });
        await seed(phones, PHONES);
      });
      for (const [title, filter, expected] of FILTER_CASES) {
        it(`${title}: ${JSON.stringify(filter)}`, async () => {
          expect(sortedIds(await phones.find(filter))).toEqual(expected);
          expect(await phones.count(filter)).toBe(expected.length);
        });
      }
      it('follows puts, updates and deletes', async () => {
        await phones.update('p1', { $set: { brand: 'Google' } });
        await phones.put({ ...structuredClone(PHONES[1]!), tags: ['5g'] });
        await phones.delete('p3');
        await phones.updateMany({ brand: 'Google' }, { $push: { tags: 'pixel' } });
        expect(sortedIds(await phones.find({ brand: 'Google' }))).toEqual(['p1', 'p5']);
        expect(sortedIds(await phones.find({ brand: 'Samsung' }))).toEqual(['p2']);
        expect(sortedIds(await phones.find({ tags: '5g' }))).toEqual(['p1', 'p2', 'p5']);
        expect(sortedIds(await phones.find({ tags: 'pixel' }))).toEqual(['p1', 'p5']);
        expect(await phones.count({ 'offers.seller': 's2' })).toBe(1);
        expect(await phones.find({ brand: 'Google' }, { sort: { price: 1 } }).then(idsInOrder)).toEqual(['p5', 'p1']);
        await phones.put({ ...structuredClone(PHONES[2]!) });
        expect(await phones.find({ tags: { $in: ['flagship', 'budget', '5g'] } }).then(sortedIds)).toEqual(['p1', 'p2', 'p3', 'p5']);
      });
      it('an equality on the first field of an index, a range on its second, sorted on it (as a chat transcript: sessionId, seq)', async () => {
        await phones.createIndex({ brand: 1, price: 1 });
        expect(idsInOrder(await phones.find({ brand: 'Samsung', price: { $lt: 1500 } }, { sort: { price: 1 } }))).toEqual(['p2', 'p1']);
        expect(idsInOrder(await phones.find({ brand: 'Samsung', price: { $lt: 1200 } }, { sort: { price: 1 } }))).toEqual(['p2']);
        expect(idsInOrder(await phones.find({ brand: 'Samsung', price: { $lt: 1500 } }, { sort: { price: -1 } }))).toEqual(['p1', 'p2']);
      });
    });

    describe('sort / skip / limit / count', () => {
      it('sorts ascending and descending with missing fields lowest, numbers numerically', async () => {
        await seed(phones, PHONES);
        expect(idsInOrder(await phones.find({}, { sort: { price: 1 } }))).toEqual(['p5', 'p2', 'p4', 'p3', 'p1']);
        expect(idsInOrder(await phones.find({}, { sort: { price: -1 } }))).toEqual(['p1', 'p3', 'p4', 'p2', 'p5']);
      });

      it('sorts on several keys, strings in binary order (upper case before lower case)', async () => {
        await seed(phones, PHONES);
        expect(idsInOrder(await phones.find({}, { sort: { brand: 1, price: -1 } }))).toEqual(['p3', 'p5', 'p1', 'p2', 'p4']);
        expect(idsInOrder(await phones.find({}, { sort: { 'spec.storage': -1, _id: 1 } }))).toEqual(['p1', 'p2', 'p3', 'p5', 'p4']);
        expect(idsInOrder(await phones.find({ tags: '5g' }, { sort: { 'spec.storage': 1, _id: -1 } }))).toEqual(['p5', 'p3', 'p1']);
      });

      it('orders mixed types like MongoDB: null/missing < numbers < strings < objects < booleans < dates', async () => {
        const values: Array<[string, unknown]> = [
          ['k01', undefined],
          ['k02', null],
          ['k03', 3],
          ['k04', 20],
          ['k05', 'B'],
          ['k06', 'a'],
          ['k07', '갤럭시'],
          ['k08', '\uff21'], // fullwidth A (U+FF21) sorts before U+1F600 by code point, after it by UTF-16 unit
          ['k09', '\u{1f600}'],
          ['k10', { x: 1 }],
          ['k11', false],
          ['k12', true],
          ['k13', new Date('2024-01-01T00:00:00Z')],
        ];
        const shuffled = [...values].reverse();
        for (const [_id, v] of shuffled) await phones.put(v === undefined ? { _id } : { _id, v });
        const asc = idsInOrder(await phones.find({}, { sort: { v: 1, _id: 1 } }));
        expect(asc).toEqual(values.map(([id]) => id));
        const desc = idsInOrder(await phones.find({}, { sort: { v: -1, _id: 1 } }));
        expect(desc).toEqual(['k13', 'k12', 'k11', 'k10', 'k09', 'k08', 'k07', 'k06', 'k05', 'k04', 'k03', 'k01', 'k02']);
      });

      it('sorts an array field by its smallest element ascending and its largest descending', async () => {
        await seed(phones, [
          { _id: 'a', scores: [5, 1] },
          { _id: 'b', scores: [3] },
          { _id: 'c', scores: [2, 4] },
        ]);
        expect(idsInOrder(await phones.find({}, { sort: { scores: 1 } }))).toEqual(['a', 'c', 'b']);
        expect(idsInOrder(await phones.find({}, { sort: { scores: -1 } }))).toEqual(['a', 'c', 'b']);
        await phones.put({ _id: 'c', scores: [2, 6] });
        expect(idsInOrder(await phones.find({}, { sort: { scores: -1 } }))).toEqual(['c', 'a', 'b']);
      });

      it('pages with skip/limit without overlap or gaps', async () => {
        const docs = Array.from({ length: 10 }, (_, n) => ({ _id: `d${n}`, n: 9 - n }));
        await seed(phones, docs);
        const pages: string[][] = [];
        for (let skip = 0; skip < 12; skip += 3) pages.push(idsInOrder(await phones.find({}, { sort: { n: 1 }, skip, limit: 3 })));
        expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
        expect(pages.flat()).toEqual(docs.map((d) => d._id).reverse());
        expect(await phones.find({}, { sort: { n: 1 }, skip: 10 })).toEqual([]);
      });

      it('limit and skip without sort still return distinct documents of the right count', async () => {
        await seed(phones, PHONES);
        const first = await phones.find({}, { limit: 2 });
        const rest = await phones.find({}, { skip: 2 });
        expect(first).toHaveLength(2);
        expect(rest).toHaveLength(3);
        expect([...sortedIds(first), ...sortedIds(rest)].sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect(await phones.find({ tags: '5g' }, { limit: 10 })).toHaveLength(3);
        expect(await phones.find({ tags: '5g' }, { skip: 1, limit: 1 })).toHaveLength(1);
      });

      it('count answers with and without a filter', async () => {
        expect(await phones.count()).toBe(0);
        await seed(phones, PHONES);
        expect(await phones.count()).toBe(5);
        expect(await phones.count({ 'spec.storage': { $lte: 128 } })).toBe(4);
      });
    });

    describe('indexes', () => {
      it('a unique index rejects a duplicate put, update and upsert, leaving the store unchanged', async () => {
        await phones.createIndex({ sku: 1 }, { unique: true });
        await phones.put({ _id: 'a', sku: 'X' });
        await phones.put({ _id: 'b', sku: 'Y' });
        await expectDuplicateKey(phones.put({ _id: 'c', sku: 'X' }));
        await expectDuplicateKey(phones.update('b', { $set: { sku: 'X' } }));
        await expectDuplicateKey(phones.update('c', { $set: { sku: 'X' } }, { upsert: true }));
        expect(await phones.get('c')).toBeNull();
        expect(await phones.get('b')).toEqual({ _id: 'b', sku: 'Y' });
        expect(await phones.count()).toBe(2);
      });

      it('a unique key can be kept by its owner and reused once released', async () => {
        await phones.createIndex({ sku: 1 }, { unique: true, name: 'sku_unique' });
        await phones.put({ _id: 'a', sku: 'X', n: 1 });
        await phones.put({ _id: 'a', sku: 'X', n: 2 });
        await phones.update('a', { $inc: { n: 1 } });
        await phones.update('a', { $set: { sku: 'Z' } });
        await phones.put({ _id: 'b', sku: 'X' });
        await phones.delete('a');
        await phones.put({ _id: 'c', sku: 'Z' });
        expect(sortedIds(await phones.find({ sku: { $in: ['X', 'Z'] } }))).toEqual(['b', 'c']);
      });

      it('a compound unique index constrains the combination', async () => {
        await phones.createIndex({ brand: 1, model: 1 }, { unique: true });
        await phones.put({ _id: 'a', brand: 'S', model: 'A' });
        await phones.put({ _id: 'b', brand: 'S', model: 'B' });
        await phones.put({ _id: 'c', brand: 'T', model: 'A' });
        await expectDuplicateKey(phones.put({ _id: 'd', brand: 'S', model: 'A' }));
        expect(await phones.count()).toBe(3);
      });

      it('creating a unique index over existing duplicates fails', async () => {
        await phones.put({ _id: 'a', sku: 'X' });
        await phones.put({ _id: 'b', sku: 'X' });
        await expectDuplicateKey(phones.createIndex({ sku: 1 }, { unique: true }));
        await phones.put({ _id: 'c', sku: 'X' }); // no index was left behind
        expect(await phones.count({ sku: 'X' })).toBe(3);
      });

      it('a non-unique index allows duplicates and createIndex is idempotent', async () => {
        await phones.createIndex({ brand: 1, price: -1 });
        await phones.createIndex({ brand: 1, price: -1 });
        await phones.createIndex({ _id: 1 });
        await seed(phones, PHONES);
        expect(await phones.count({ brand: 'Samsung' })).toBe(2);
        await phones.createIndex({ model: 1 }, { unique: true });
        await phones.createIndex({ model: 1 }, { unique: true });
        await expectDuplicateKey(phones.put({ _id: 'p9', model: 'Pixel 8' }));
      });

      it('a unique index treats a missing field as null: only one document may lack it', async () => {
        await phones.createIndex({ sku: 1 }, { unique: true });
        await phones.put({ _id: 'a', sku: 'X' });
        await phones.put({ _id: 'b' });
        await expectDuplicateKey(phones.put({ _id: 'c' }));
        await expectDuplicateKey(phones.put({ _id: 'd', sku: null }));
      });

      it('a unique index on an array field makes every element a key', async () => {
        await phones.createIndex({ codes: 1 }, { unique: true });
        await phones.put({ _id: 'a', codes: ['x', 'y'] });
        await phones.put({ _id: 'b', codes: ['z'] });
        await expectDuplicateKey(phones.put({ _id: 'c', codes: ['q', 'y'] }));
        await phones.put({ _id: 'a', codes: ['x', 'x'] }); // repeats within one document are fine
        expect(await phones.count()).toBe(2);
      });
    });

    describe('dropAll', () => {
      it('empties every collection, drops indexes, and keeps handles usable', async () => {
        const sellers = opened.store.collection('sellers');
        await seed(phones, PHONES);
        await sellers.put({ _id: 's1', name: 'shop' });
        await sellers.createIndex({ name: 1 }, { unique: true });
        await opened.store.dropAll();
        expect(await phones.count()).toBe(0);
        expect(await sellers.count()).toBe(0);
        expect(await phones.get('p1')).toBeNull();
        expect(await opened.store.collection('phones').find()).toEqual([]);
        await sellers.put({ _id: 's2', name: 'shop' });
        await sellers.put({ _id: 's3', name: 'shop' });
        expect(await sellers.count({ name: 'shop' })).toBe(2);
      });
    });

    // MongoDB hands out copies; the embedded store hands out its frozen documents, where a change throws (strict mode).
    describe('isolation', () => {
      it('mutating a document returned by get or find does not change the store', async () => {
        await phones.put({ _id: 'a', n: 1, nested: { list: [1, 2] } });
        const got = (await phones.get('a')) as Doc & { nested: { list: number[] } };
        tryToMutate(() => { got['n'] = 99; });
        tryToMutate(() => got.nested.list.push(3));
        const [found] = (await phones.find({ _id: 'a' })) as Array<Doc & { nested: { list: number[] } }>;
        tryToMutate(() => { found!.nested.list.length = 0; });
        const [scanned] = (await phones.find({ n: 1 }, { sort: { n: 1 } })) as Array<Doc & { nested: { list: number[] } }>;
        tryToMutate(() => scanned!.nested.list.push(4));
        tryToMutate(() => { delete (scanned as Partial<Doc> & { n?: number }).n; });
        expect(await phones.get('a')).toEqual({ _id: 'a', n: 1, nested: { list: [1, 2] } });
      });

      it('mutating an object after put or update does not change the store', async () => {
        const input = { _id: 'a', nested: { list: [1] } };
        await phones.put(input);
        tryToMutate(() => input.nested.list.push(2));
        const value = { deep: { x: 1 } };
        const item = { k: 'v' };
        await phones.update('a', { $set: { value }, $push: { items: { $each: [item] } } });
        tryToMutate(() => { value.deep.x = 2; });
        tryToMutate(() => { item.k = 'changed'; });
        expect(await phones.get('a')).toEqual({ _id: 'a', nested: { list: [1] }, value: { deep: { x: 1 } }, items: [{ k: 'v' }] });
      });

      it('a document read before an update keeps its values', async () => {
        await phones.put({ _id: 'a', n: 1, spec: { ram: 8 }, tags: ['x'] });
        const before = await phones.get('a');
        await phones.update('a', { $inc: { n: 1 }, $set: { 'spec.ram': 12 }, $push: { tags: 'y' } });
        await phones.updateMany({ _id: 'a' }, { $inc: { n: 1 } });
        expect(before).toEqual({ _id: 'a', n: 1, spec: { ram: 8 }, tags: ['x'] });
        expect(await phones.get('a')).toEqual({ _id: 'a', n: 3, spec: { ram: 12 }, tags: ['x', 'y'] });
      });
    });
  });
}
