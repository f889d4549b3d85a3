import { describe, expect, it } from 'vitest';
import { docStoreContract } from './contract.ts';
import { createMemoryDocStore } from './memory.ts';

docStoreContract('memory', async () => ({ store: createMemoryDocStore(), cleanup: async () => {} }));

/** Issue 37: documents are shared, not copied, on every get and put; they are frozen so nobody changes them. */
describe('memory store: shared frozen documents', () => {
  it('get answers the stored document itself (no copy), frozen all the way down', async () => {
    const col = createMemoryDocStore().collection('c');
    await col.put({ _id: 'a', nested: { list: [1, { x: 1 }] } });
    const first = await col.get('a');
    expect(await col.get('a')).toBe(first);
    expect((await col.find({}))[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const nested = first!['nested'] as { list: [number, { x: number }] };
    expect(Object.isFrozen(nested.list)).toBe(true);
    expect(Object.isFrozen(nested.list[1])).toBe(true);
  });

  it('a caller can change a stored document neither through a get result nor through the object it put', async () => {
    const col = createMemoryDocStore().collection('c');
    const input = { _id: 'a', n: 1, nested: { list: [1] as number[] } };
    await col.put(input);
    expect(() => { input.n = 2; }).toThrow(TypeError);
    expect(() => input.nested.list.push(2)).toThrow(TypeError);
    const got = (await col.get('a')) as typeof input;
    expect(() => { got.nested.list[0] = 9; }).toThrow(TypeError);
    expect(() => { (got as { extra?: number }).extra = 1; }).toThrow(TypeError);
    expect(await col.get('a')).toEqual({ _id: 'a', n: 1, nested: { list: [1] } });
  });

  it('an update shares the untouched sub-documents of the previous version and leaves that version as it was', async () => {
    const col = createMemoryDocStore().collection('c');
    await col.put({ _id: 'a', big: { a: [1, 2, 3] }, n: 1 });
    const before = await col.get('a');
    await col.update('a', { $inc: { n: 1 } });
    const after = await col.get('a');
    expect(after).not.toBe(before);
    expect(after!['big']).toBe(before!['big']);
    expect(before).toEqual({ _id: 'a', big: { a: [1, 2, 3] }, n: 1 });
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('drops undefined fields without changing the caller\'s object, as the MongoDB adapter does', async () => {
    const col = createMemoryDocStore().collection('c');
    const input = { _id: 'a', gone: undefined, list: [undefined, 1] };
    await col.put(input);
    expect(await col.get('a')).toStrictEqual({ _id: 'a', list: [null, 1] });
    expect(Object.hasOwn(input, 'gone')).toBe(true);
  });

  it('a capture keeps its image while the store moves on (snapshots, ADR 015)', async () => {
    const store = createMemoryDocStore();
    const col = store.collection('c');
    await col.put({ _id: 'a', n: 1 });
    const [image] = store.capture(['c']);
    await col.update('a', { $inc: { n: 1 } });
    await col.put({ _id: 'b', n: 5 });
    expect(image!.docs).toEqual([{ _id: 'a', n: 1 }]);
    const copy = createMemoryDocStore();
    copy.restore([image!]);
    expect(await copy.collection('c').get('a')).toEqual({ _id: 'a', n: 1 });
  });
});
