import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventCatalogue, openSqliteEventStore, toNewEvent } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, createProjector, rebuildReadModels, snapshotReadModels, type ReadModel } from '@phonemarket/projector';
import { seedCatalogue } from '@phonemarket/command-api/seedCatalogue.ts';
import { registerAccount } from '@phonemarket/command-api/features/accounts/accountService.ts';
import { appendLog, everyEventLog } from './support/everyEventLog.ts';

describe('projections:rebuild', () => {
  it('the rebuilt read models equal the incrementally built ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-'));
    const store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
    let seq = 0;
    const newId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
    let now = Date.parse('2026-11-20T08:00:00Z');
    const clock = () => new Date(now);
    try {
      // Incremental: the projector runs live while events arrive.
      const live = createMemoryDocStore();
      const projector = createProjector({ store, docs: live, readModels: allReadModels });
      await projector.start();
      await seedCatalogue(store, clock, newId);
      await registerAccount(store, { userId: 'u1', email: 'a@example.kr', firstName: '가', lastName: '나', role: 'user', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false },
        { actor: { userId: null, role: 'guest' }, correlationId: 'c', clock, newId });
      // Views are of models (issue 10: the product page and the ranking are of models).
      const products = ['galaxy-s25', 'iphone-17', 'pixel-10'];
      for (let i = 0; i < 300; i++) {
        now += 7 * 60_000; // spans periods, hours and the 24-hour window
        const productId = products[i % 3 === 0 ? 0 : i % 5 === 0 ? 2 : 1]!;
        const event = toNewEvent({ type: 'ProductViewed', data: { productId, visitorKey: `visitor-${i}` } }, newId(), { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: clock().toISOString() });
        await store.append(`productVisitor-${productId}.visitor-${i}`, [event], { expectedRevision: 'no_stream' });
        if (i % 50 === 0) await projector.caughtUp();
      }
      await projector.caughtUp();
      await projector.stop();
      const incremental = await snapshotReadModels(live, allReadModels);

      const rebuilt = createMemoryDocStore();
      const result = await rebuildReadModels(store, rebuilt, allReadModels);
      expect(result.events).toBeGreaterThan(300);
      expect(await snapshotReadModels(rebuilt, allReadModels)).toEqual(incremental);
      // and the ranking really moved: the most viewed model leads
      expect((incremental.rankings?.[0] as { entries: { productId: string }[] }).entries[0]?.productId).toBe('iphone-17');

      // Rebuilding in place (drop + replay) gives the same again.
      await rebuildReadModels(store, live, allReadModels);
      expect(await snapshotReadModels(live, allReadModels)).toEqual(incremental);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A seeded shuffle (mulberry32), so a failing order can be named and replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('read models only listen', () => {
  it('every event type: a rebuild in any order of read models, or of each read model alone, gives the same documents', async () => {
    const log = everyEventLog();
    const logged = new Set(log.map((e) => e.event.type));
    expect(Object.keys(eventCatalogue).filter((type) => !logged.has(type)), 'event types missing from tests/support/everyEventLog.ts').toEqual([]);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-order-'));
    const store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
    try {
      await appendLog(store, log);
      const docs = createMemoryDocStore();
      await rebuildReadModels(store, docs, allReadModels);
      const expected = await snapshotReadModels(docs, allReadModels);

      // What the models keep of other streams reaches their documents (so the comparisons below compare something).
      const doc = (collection: string, id: string) => expected[collection]?.find((d) => (d as { _id: string })._id === id);
      expect(doc('orders', 'ord-1')).toMatchObject({
        buyerName: '김민준',
        items: [{ image: '/images/phones/galaxy-s25.svg', sellerName: '폰마켓' }, { image: '/images/phones/galaxy-s25.svg', sellerName: '김판매', reviewed: true }],
      });
      expect(doc('reviews', 'rv-1')).toMatchObject({ authorName: '김민준', option: '블랙 · 256GB · SKT', answer: { storeName: '판매네 폰가게' } });
      expect(doc('questions', 'q-1')).toMatchObject({ authorName: '김서연' });
      expect(doc('sellerApplications', 'app-1')).toMatchObject({ reviewerName: '김관리', reviewNotes: '서류 확인 완료' });
      expect(doc('carts', 'u-buyer')).toMatchObject({ items: [{ itemId: 'i-4', name: '갤럭시 S25', brand: 'Samsung', modelId: 'galaxy-s25' }] });
      // The store was renamed after it answered the review: the answer keeps the name it was given under, lists the new one.
      expect(doc('marketSellers', 'u-seller')).toMatchObject({ name: '김판매', storeName: '판매네 폰가게 본점', storeId: 'store-1', status: 'suspended' });
      expect(doc('stores', 'u-seller')).toMatchObject({ id: 'store-1', name: '판매네 폰가게 본점', logoImageId: 'img-1', theme: 'blue', business: { businessNumber: '220-81-62517' } });
      expect(doc('storeReviews', 'rv-1')).toMatchObject({ sellerId: 'u-seller', rating: 5 });
      expect(doc('storeAnswers', 'r:rv-1')).toMatchObject({ sellerId: 'u-seller' });
      expect(doc('offers', 'o-seller')).toMatchObject({ name: '갤럭시 S25', price: 1_150_000 });
      expect(doc('offers', 'o-ghost')).toBeUndefined();
      const notes = (expected.notifications ?? []) as { userId: string; title: string; message: string; read: boolean }[];
      expect(notes.filter((n) => n.userId === 'u-fan').map((n) => n.title).sort()).toEqual(['상품 문의에 답변이 등록되었습니다', '찜한 상품의 가격이 내려갔습니다', '판매자 신청이 반려되었습니다']);
      expect(notes.find((n) => n.title === '찜한 상품의 가격이 내려갔습니다')).toMatchObject({ message: expect.stringMatching(/^갤럭시 S25 [\d,]+원 → [\d,]+원$/), read: true });
      expect(notes.find((n) => n.userId === 'u-seller' && n.title === '판매자 신청이 승인되었습니다')).toMatchObject({ message: '검토 의견: 서류 확인 완료' });
      // The seller of a line is told of the order (issue 30), and of the 반품 asked for.
      expect(notes.filter((n) => n.userId === 'u-seller').map((n) => n.title)).toEqual(expect.arrayContaining(['새 주문이 들어왔습니다', '반품 신청이 들어왔습니다']));
      expect(notes.filter((n) => n.userId === 'u-buyer').map((n) => [n.title, n.read])).toEqual(expect.arrayContaining([
        ['주문이 완료되었습니다', true], ['배송이 완료되었습니다', true], ['상품이 발송되었습니다', false], ['주문이 취소되었습니다', false],
        ['문의에 답변이 등록되었습니다', false], ['작성하신 리뷰에 답변이 등록되었습니다', false],
      ]));

      const orders: [string, readonly ReadModel[]][] = [['reversed', [...allReadModels].reverse()]];
      for (const seed of [1, 2, 3, 4, 5]) orders.push([`shuffled (seed ${seed})`, shuffled(allReadModels, seed)]);
      for (const [label, order] of orders) {
        const rebuilt = createMemoryDocStore();
        await rebuildReadModels(store, rebuilt, order);
        expect(await snapshotReadModels(rebuilt, allReadModels), `${label}: ${order.map((m) => m.name).join(', ')}`).toEqual(expected);
      }
      // Alone, each read model builds the same documents: it needs no other read model's collection.
      for (const model of allReadModels) {
        const alone = createMemoryDocStore();
        await rebuildReadModels(store, alone, [model]);
        const mine = Object.fromEntries(model.collections.map((name) => [name, expected[name]]));
        expect(await snapshotReadModels(alone, [model]), model.name).toEqual(mine);
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
