import { describe, expect, it } from 'vitest';
import { streams, type StoredEvent } from '@phonemarket/events';
import { createMemoryDocStore } from '../../docstore/index.ts';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { actor, offerListed, offerPriceChanged, orderLine, orderPlaced, phoneModelDefined, userRegistered } from '../../testing/sampleEvents.ts';
import type { ApplyContext } from '../types.ts';
import { HISTORIES, HISTORY_ENTRIES, historyEntryId, historyReadModel, type HistoryDoc, type HistoryEntryRecord } from './historyReadModel.ts';

const given = ProjectionSpecification.for(historyReadModel);

const event = (type: string, data: Record<string, unknown>, position: number, stream: string, actor = { userId: 'u1', role: 'user' }) => ({
  id: `e${position}`, type, data, stream, revision: BigInt(position), position: BigInt(position),
  metadata: { actor, correlationId: 'c', causationId: null, at: `2026-11-20T08:00:0${position}.000Z` },
}) as unknown as StoredEvent;

describe('histories read model', () => {
  it('keeps every event of a stream in order with its time and actor, never the password hash, and applies each event once', async () => {
    const docs = createMemoryDocStore();
    const apply = (e: StoredEvent) => historyReadModel.apply(e, { docs, position: Number(e.position), changed: () => {}, push: () => {} } satisfies ApplyContext);
    const registered = event('UserRegistered', { userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김', role: 'user', passwordHash: '$argon2id$secret', demo: false }, 1, 'user-u1');
    await apply(registered);
    await apply(event('SellerApplicationSubmitted', { applicationId: 'a1', applicantId: 'u1', storeName: '민준폰' }, 2, 'sellerApplication-a1'));
    await apply(event('UserSellerApplicationFiled', { userId: 'u1', applicationId: 'a1' }, 3, 'user-u1'));
    await apply(event('UserSuspended', { userId: 'u1', reason: '사기 의심' }, 4, 'user-u1', { userId: 'admin-1', role: 'admin' }));
    await apply(registered); // a replay after a crash changes nothing
    await apply(event('CartItemRemoved', { itemId: 'i1' }, 5, 'cart-u1')); // not audited here

    // One head per stream, one document per entry: reading the entries 1..count gives the history.
    const entriesOf = async (stream: string) => {
      const head = await docs.collection<HistoryDoc>(HISTORIES).get(stream);
      const found = await docs.collection<HistoryEntryRecord>(HISTORY_ENTRIES).find({ stream }, { sort: { seq: 1 } });
      expect(found.map((e) => e.seq)).toEqual(Array.from({ length: head?.count ?? 0 }, (_, i) => i + 1));
      return found.map(({ type, at, actor, data }) => ({ type, at, actor, data }));
    };
    const user = await docs.collection<HistoryDoc>(HISTORIES).get('user-u1');
    expect(user).toMatchObject({ stream: 'user-u1', count: 3, actorIds: ['u1', 'admin-1'], _pos: 4 });
    expect(await entriesOf('user-u1')).toEqual([
      { type: 'UserRegistered', at: '2026-11-20T08:00:01.000Z', actor: { userId: 'u1', role: 'user' }, data: { userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김', role: 'user', demo: false } },
      { type: 'UserSellerApplicationFiled', at: '2026-11-20T08:00:03.000Z', actor: { userId: 'u1', role: 'user' }, data: { userId: 'u1', applicationId: 'a1' } },
      { type: 'UserSuspended', at: '2026-11-20T08:00:04.000Z', actor: { userId: 'admin-1', role: 'admin' }, data: { userId: 'u1', reason: '사기 의심' } },
    ]);
    expect((await entriesOf('sellerApplication-a1')).map((e) => e.type)).toEqual(['SellerApplicationSubmitted']);
    expect(await docs.collection(HISTORIES).get('cart-u1')).toBeNull();
    expect(await docs.collection(HISTORY_ENTRIES).count({ stream: 'cart-u1' })).toBe(0);
  });
});

describe('histories read model (spec)', () => {
  it("keeps an order's events as its history, each with its actor, and nothing of other streams", async () => {
    const order = orderPlaced('ord-1', 'u-buyer');
    await given([order, userRegistered('u-buyer', '민준')])
      .when({ type: 'OrderCancelled', stream: streams.order('ord-1'), actor: actor('u-buyer'), data: { orderId: 'ord-1', reason: '단순 변심' } })
      .then(
        expectDocuments.fromCollection(HISTORIES).withId(streams.order('ord-1')).toBeEqual({ stream: 'order-ord-1', count: 2, actorIds: ['u-buyer'] }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId('order-ord-1', 2)).toBeEqual({
          stream: 'order-ord-1', seq: 2, type: 'OrderCancelled', at: '2026-11-20T10:03:00.000Z', actor: { userId: 'u-buyer', role: 'user' }, data: { orderId: 'ord-1', reason: '단순 변심' },
        }),
      );
  });
});

describe("histories read model: a seller's history tells what it sold (issue 30)", () => {
  const sellerStream = streams.seller('s-1');
  it('files its offers, their price changes and availability, and its lines of each order under the seller, never the buyer or the address', async () => {
    const order = orderPlaced('ord-1', 'u-buyer', [orderLine({ itemId: 'i-1', productId: 'o-1', sellerId: 's-1', name: '갤럭시 S25' }), orderLine({ itemId: 'i-2', productId: 'o-9', sellerId: 's-2', name: '아이폰 17' })]);
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1', { sellerId: 's-1', price: 1_200_000, extraSubsidy: 50_000 }), offerPriceChanged('o-1', 1_200_000, 80_000)])
      .when([
        { type: 'OfferDeactivated', stream: streams.offer('o-1'), actor: actor('s-1', 'seller'), data: { offerId: 'o-1' } },
        order,
      ])
      .then(
        expectDocuments.fromCollection(HISTORIES).withId(sellerStream).toMatch({ stream: sellerStream, count: 4 }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).matching({ stream: sellerStream }).toBeTheSame([
          { stream: sellerStream, seq: 1, type: 'OfferListed', at: expect.any(String), actor: expect.any(Object), data: { offerId: 'o-1', name: '갤럭시 S25 256GB', modelId: 'galaxy-s25', storage: 256, condition: 'new', grade: null, carrier: 'SKT', joinType: '번호이동', price: 1_200_000, extraSubsidy: 50_000, stock: 5 } },
          { stream: sellerStream, seq: 2, type: 'OfferPriceChanged', at: expect.any(String), actor: expect.any(Object), data: { offerId: 'o-1', price: 1_200_000, extraSubsidy: 80_000, effectiveAt: '2026-11-21T09:00:00.000Z', name: '갤럭시 S25 256GB' } },
          { stream: sellerStream, seq: 3, type: 'OfferDeactivated', at: expect.any(String), actor: { userId: 's-1', role: 'seller' }, data: { offerId: 'o-1', name: '갤럭시 S25 256GB' } },
          { stream: sellerStream, seq: 4, type: 'OrderPlaced', at: expect.any(String), actor: { userId: 'u-buyer', role: 'user' }, data: { orderId: 'ord-1', items: [{ productId: 'o-1', name: '갤럭시 S25', storage: 256, carrier: 'SKT', quantity: 1, unitPrice: 700_000 }] } },
        ]),
        // the other seller gets its own line only; the order's own history keeps the whole order
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId(streams.seller('s-2'), 1)).toMatch({ type: 'OrderPlaced', data: { orderId: 'ord-1', items: [{ productId: 'o-9', name: '아이폰 17' }] } }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId(streams.order('ord-1'), 1)).toMatch({ type: 'OrderPlaced', data: { orderId: 'ord-1', buyerId: 'u-buyer' } }),
      );
  });
});

describe('histories read model: process failures (issue 36)', () => {
  it("keeps a failure's audit history: the runner's failure, the admin's 재시도 (with the admin) and the outcome", async () => {
    const stream = streams.processFailure('pf-1');
    const work = { process: 'checkout', triggerId: 'ev-1', triggerStream: 'checkout-c1', triggerType: 'CheckoutStarted', step: '0' };
    await given([{ type: 'ProcessFailed', stream, data: { ...work, failureId: 'pf-1', error: 'SQLITE_BUSY', attempts: 5, timerKey: null } }])
      .when([
        { type: 'ProcessRetryRequested', stream, actor: actor('admin-7', 'admin'), data: { failureId: 'pf-1' } },
        { type: 'ProcessFailureResolved', stream, data: { failureId: 'pf-1' } },
      ])
      .then(
        expectDocuments.fromCollection(HISTORIES).withId(stream).toBeEqual({ stream, count: 3, actorIds: ['admin-7'] }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId(stream, 1)).toMatch({ type: 'ProcessFailed', data: { ...work, failureId: 'pf-1', error: 'SQLITE_BUSY', attempts: 5 } }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId(stream, 2)).toBeEqual({
          stream, seq: 2, type: 'ProcessRetryRequested', at: '2026-11-20T10:02:00.000Z', actor: { userId: 'admin-7', role: 'admin' }, data: { failureId: 'pf-1' },
        }),
        expectDocuments.fromCollection(HISTORY_ENTRIES).withId(historyEntryId(stream, 3)).toMatch({ type: 'ProcessFailureResolved', actor: { userId: null, role: 'guest' } }),
      );
  });
});
