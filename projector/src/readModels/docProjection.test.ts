import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@phonemarket/events';
import { createMemoryDocStore, type Doc } from '../docstore/index.ts';
import { docProjection } from './docProjection.ts';
import type { ApplyContext, PushMessage } from './types.ts';

interface CountDoc extends Doc { itemIds: string[]; _pos: number }

const event = (type: 'CartItemAdded' | 'CartItemRemoved' | 'ProductViewed', data: Record<string, unknown>, position: number, stream = 'cart-u1') => ({
  id: `e${position}`, type, data, stream, revision: BigInt(position), position: BigInt(position),
  metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'c', causationId: null, at: '2026-11-20T08:00:00.000Z' },
}) as unknown as StoredEvent;

const added = (itemId: string, position: number) => event('CartItemAdded', {
  itemId, productId: 'p', quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', unitPrice: 1000,
}, position);

function setup() {
  const docs = createMemoryDocStore();
  const pushed: PushMessage[] = [];
  let evolves = 0;
  const model = docProjection<CountDoc, 'CartItemAdded' | 'CartItemRemoved'>({
    collection: 'itemIds',
    canHandle: ['CartItemAdded', 'CartItemRemoved'],
    id: (e) => e.stream.slice('cart-'.length),
    evolve(doc, e) {
      evolves++;
      const ids = doc?.itemIds ?? [];
      return { itemIds: e.type === 'CartItemAdded' ? [...ids, e.data.itemId] : ids.filter((i) => i !== e.data.itemId) };
    },
    push: (doc) => [{ topic: 'cartUpdated', room: 'user:u1', payload: { count: doc.itemIds.length } }],
  });
  const apply = (e: StoredEvent) => {
    const ctx: ApplyContext = { docs, position: Number(e.position), changed: () => {}, push: (m) => void pushed.push(m) };
    return model.apply(e, ctx);
  };
  return { docs, pushed, model, apply, evolves: () => evolves };
}

describe('docProjection', () => {
  it('gets, evolves and puts one document per id with the position it last applied', async () => {
    const { docs, apply, model } = setup();
    await apply(added('i1', 1));
    await apply(added('i2', 2));
    await apply(event('CartItemRemoved', { itemId: 'i1' }, 3));
    expect(model.collections).toEqual(['itemIds']);
    expect(await docs.collection('itemIds').get('u1')).toEqual({ _id: 'u1', itemIds: ['i2'], _pos: 3 });
  });

  it('ignores events it cannot handle without reading', async () => {
    const { docs, apply, evolves } = setup();
    await apply(event('ProductViewed', { productId: 'p', visitorKey: 'visitor-1' }, 1, 'productVisitor-p.v'));
    expect(evolves()).toBe(0);
    expect(await docs.collection('itemIds').count()).toBe(0);
  });

  it('re-applied events (a crash before the checkpoint) change nothing and push nothing', async () => {
    const { docs, apply, pushed, evolves } = setup();
    await apply(added('i1', 1));
    await apply(added('i2', 2));
    const before = await docs.collection('itemIds').get('u1');
    expect(pushed).toHaveLength(2);

    await apply(added('i1', 1));
    await apply(added('i2', 2));
    expect(await docs.collection('itemIds').get('u1')).toEqual(before);
    expect(pushed).toHaveLength(2);
    expect(evolves()).toBe(2);
  });

  it('pushes after the write, with the new document', async () => {
    const { apply, pushed } = setup();
    await apply(added('i1', 1));
    await apply(added('i2', 2));
    expect(pushed.map((m) => m.payload)).toEqual([{ count: 1 }, { count: 2 }]);
  });
});
