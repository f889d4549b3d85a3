import { describe, expect, it } from 'vitest';
import { appendedEvent, streams, toNewEvent, type DomainEvent } from '@phonemarket/events';
import { createMemoryDocStore } from '../../docstore/memory.ts';
import type { DocStore } from '../../docstore/types.ts';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { actor, orderLine, orderPlaced, userRegistered } from '../../testing/sampleEvents.ts';
import { NAEGUJE_ACCOUNTS, PRE_APPROVALS, REPORTS, SAFE_TRADES, SHOP_REVIEWS, SHOP_TRUST, shopTrustReadModel } from './shopTrustReadModel.ts';

const given = ProjectionSpecification.for(shopTrustReadModel);
const written = (orderId: string, stars: { kindness: number; speed: number; conditions: number }, sellerId = 'shop-1') => ({
  type: 'ShopReviewWritten' as const, stream: streams.shopReviews('order', orderId), actor: actor('u-buyer'),
  data: { reviewId: `order~${orderId}~${sellerId}`, kind: 'order' as const, orderId, sellerId, authorId: 'u-buyer', stars, content: '친절했어요' },
});

describe('shop trust read model', () => {
  it("keeps each review with the reviewer's name, the shop's answer and an admin's hide", async () => {
    await given([userRegistered('u-buyer', '민준'), written('o1', { kindness: 5, speed: 4, conditions: 3 })])
      .when([
        { type: 'ShopReviewAnswered', stream: streams.shopReviews('order', 'o1'), data: { reviewId: 'order~o1~shop-1', sellerId: 'shop-1', content: '감사합니다' } },
        {
          type: 'ShopReviewHidden', stream: streams.shopReviews('order', 'o1'), actor: actor('u-admin', 'admin'),
          data: { reviewId: 'order~o1~shop-1', sellerId: 'shop-1', authorId: 'u-buyer', stars: { kindness: 5, speed: 4, conditions: 3 }, reason: '개인정보 포함' },
        },
      ])
      .then(expectDocuments.fromCollection(SHOP_REVIEWS).withId('order~o1~shop-1').toBeEqual({
        id: 'order~o1~shop-1', kind: 'order', orderId: 'o1', sellerId: 'shop-1', authorId: 'u-buyer', authorName: '김민준',
        stars: { kindness: 5, speed: 4, conditions: 3 }, content: '친절했어요', createdAt: '2026-11-20T10:02:00.000Z',
        answer: { content: '감사합니다', at: '2026-11-20T10:03:00.000Z' },
        hidden: { reason: '개인정보 포함', at: '2026-11-20T10:04:00.000Z', adminId: 'u-admin' },
      }));
  });

  it('keeps running sums per shop: a review adds its stars and 조건 준수 (≥ 4) count, a hide takes them away; the lists are told', async () => {
    await given([written('o1', { kindness: 5, speed: 4, conditions: 5 }), written('o2', { kindness: 3, speed: 2, conditions: 1 })])
      .when([
        written('o3', { kindness: 4, speed: 4, conditions: 4 }),
        {
          type: 'ShopReviewHidden', stream: streams.shopReviews('order', 'o2'),
          data: { reviewId: 'order~o2~shop-1', sellerId: 'shop-1', authorId: 'u-buyer', stars: { kindness: 3, speed: 2, conditions: 1 }, reason: '허위' },
        },
      ])
      .then(
        expectDocuments.fromCollection(SHOP_TRUST).withId('shop-1').toBeEqual({ sellerId: 'shop-1', count: 2, kindness: 9, speed: 8, conditions: 9, conditionsKept: 2, deals: 0 }),
        ({ changed }) => expect(changed.has('catalogue')).toBe(true),
      );
  });

  it("counts a shop's deals ('거래 N건'): each order of it confirmed (구매확정) adds one, whatever its units; placed, delivered or cancelled orders add none", async () => {
    const confirmed = (orderId: string) => ({ type: 'OrderConfirmed' as const, stream: streams.order(orderId), data: { orderId, automatic: false } });
    await given([
      written('o1', { kindness: 5, speed: 5, conditions: 5 }),
      // One order of two shops (two lines of shop-1): a deal of each shop.
      orderPlaced('o1', 'u-buyer', [orderLine({ sellerId: 'shop-1', quantity: 2 }), orderLine({ itemId: 'i-2', sellerId: 'shop-1' }), orderLine({ itemId: 'i-3', sellerId: 'shop-2' })]),
      orderPlaced('o2', 'u-buyer', [orderLine({ sellerId: 'shop-1' })]),
      orderPlaced('o3', 'u-buyer', [orderLine({ sellerId: 'shop-1' })]),
    ])
      .when([
        confirmed('o1'),
        confirmed('o2'),
        { type: 'OrderDelivered', stream: streams.order('o3'), data: { orderId: 'o3' } },
        { type: 'OrderCancelled', stream: streams.order('o3'), data: { orderId: 'o3', reason: '단순 변심' } },
      ])
      .then(
        expectDocuments.fromCollection(SHOP_TRUST).withId('shop-1').toBeEqual({ sellerId: 'shop-1', count: 1, kindness: 5, speed: 5, conditions: 5, conditionsKept: 1, deals: 2 }),
        expectDocuments.fromCollection(SHOP_TRUST).withId('shop-2').toBeEqual({ sellerId: 'shop-2', count: 0, kindness: 0, speed: 0, conditions: 0, conditionsKept: 0, deals: 1 }),
        ({ changed }) => expect(changed.has('catalogue')).toBe(true),
      );
  });

  it("a deal's cost does not grow with the shop's deals: the same document reads and writes after 3 and after 60 confirmed orders, and no scan", async () => {
    const costAfter = async (orders: number) => {
      const docs = createMemoryDocStore();
      await shopTrustReadModel.setup?.(docs);
      const calls: string[] = [];
      const counting: DocStore = {
        ...docs,
        collection: (name) => new Proxy(docs.collection(name), {
          get: (target, op, receiver) => {
            const value = Reflect.get(target, op, receiver) as unknown;
            return typeof value === 'function' ? (...args: unknown[]) => { calls.push(`${name}.${String(op)}`); return (value as (...a: unknown[]) => unknown).apply(target, args); } : value;
          },
        }),
      } as DocStore;
      let position = 0;
      const apply = async (e: { type: string; stream?: string; data: unknown }, store: DocStore = docs) => {
        if (e.stream === undefined) throw new Error('every event here is on a stream');
        position += 1;
        const made = toNewEvent({ type: e.type, data: e.data } as DomainEvent, `e-${position}`, { actor: actor('u-buyer'), correlationId: 'c', causationId: null, at: '2026-11-20T10:00:00.000Z' });
        await shopTrustReadModel.apply(appendedEvent(made, { stream: e.stream, revision: 0n, position: BigInt(position) }), { docs: store, position, changed: () => {}, push: () => {} });
      };
      const confirm = (orderId: string) => ({ type: 'OrderConfirmed', stream: streams.order(orderId), data: { orderId, automatic: true } });
      for (let i = 1; i <= orders; i++) {
        await apply(orderPlaced(`o${i}`, 'u-buyer', [orderLine({ sellerId: 'shop-1' })]));
        await apply(confirm(`o${i}`));
      }
      await apply(orderPlaced('last', 'u-buyer', [orderLine({ sellerId: 'shop-1' })]));
      await apply(confirm('last'), counting);
      expect(await docs.collection(SHOP_TRUST).get('shop-1')).toMatchObject({ deals: orders + 1 });
      return calls;
    };
    const few = await costAfter(3);
    expect(await costAfter(60)).toEqual(few);
    expect(few).toEqual(['shopTrustLookups.get', 'shopTrust.get', 'shopTrust.put']);
  });

  it("an event's cost does not grow with the shop's reviews: the same document reads and writes after 3 and after 60 reviews, and no scan", async () => {
    const costAfter = async (reviews: number) => {
      const docs = createMemoryDocStore();
      await shopTrustReadModel.setup?.(docs);
      const calls: string[] = [];
      const counting: DocStore = {
        ...docs,
        collection: (name) => new Proxy(docs.collection(name), {
          get: (target, op, receiver) => {
            const value = Reflect.get(target, op, receiver) as unknown;
            return typeof value === 'function' ? (...args: unknown[]) => { calls.push(`${name}.${String(op)}`); return (value as (...a: unknown[]) => unknown).apply(target, args); } : value;
          },
        }),
      } as DocStore;
      const apply = async (e: ReturnType<typeof written>, position: number, store: DocStore) => {
        const { stream, actor: by, ...domain } = e;
        const made = toNewEvent(domain as DomainEvent, `e-${position}`, { actor: by, correlationId: 'c', causationId: null, at: '2026-11-20T10:00:00.000Z' });
        await shopTrustReadModel.apply(appendedEvent(made, { stream, revision: 0n, position: BigInt(position) }), { docs: store, position, changed: () => {}, push: () => {} });
      };
      for (let i = 1; i <= reviews; i++) await apply(written(`o${i}`, { kindness: 5, speed: 5, conditions: 5 }), i, docs);
      await apply(written('last', { kindness: 1, speed: 2, conditions: 3 }), reviews + 1, counting);
      return calls;
    };
    const few = await costAfter(3);
    expect(await costAfter(60)).toEqual(few);
    expect(few.length).toBeGreaterThan(0);
    expect(few.some((c) => c.endsWith('.find') || c.endsWith('.count'))).toBe(false);
  });
});

describe('reports (신고) read model', () => {
  const target = { kind: 'offer' as const, id: 'off-1', parentId: null, sellerId: 'shop-1', label: '판매 상품 galaxy 256GB SKT' };
  it("keeps the queue with the reporter's name, then the outcome; each change is pushed to the admins", async () => {
    await given([userRegistered('u-buyer', '민준')])
      .when([
        { type: 'ReportFiled', stream: streams.report('r1'), data: { reportId: 'r1', reporterId: 'u-buyer', target, reason: 'payback', text: '현금 페이백 약속' } },
        { type: 'ReportResolved', stream: streams.report('r1'), data: { reportId: 'r1', reporterId: 'u-buyer', target, outcome: 'listingSuspended', note: '확인함' } },
      ])
      .then(
        expectDocuments.fromCollection(REPORTS).withId('r1').toBeEqual({
          id: 'r1', target, reason: 'payback', text: '현금 페이백 약속', reporterId: 'u-buyer', reporterName: '김민준', createdAt: '2026-11-20T10:02:00.000Z',
          status: 'resolved', outcome: 'listingSuspended', note: '확인함', resolvedAt: '2026-11-20T10:03:00.000Z',
        }),
        ({ pushed }) => expect(pushed).toEqual([
          { topic: 'reportsChanged', room: 'admins', payload: { reportId: 'r1', status: 'open' } },
          { topic: 'reportsChanged', room: 'admins', payload: { reportId: 'r1', status: 'resolved' } },
        ]),
      );
  });
});

describe('accounts past the 내구제 limit (the admins\' list)', () => {
  const lines = (orderId: string, recentLines: number, openedAt: string) => ({
    type: 'BuyerLinesOpened' as const, stream: streams.buyerLines('u-many'), actor: actor('u-many'),
    data: { buyerId: 'u-many', orderId, lines: 1, openedAt, recentLines },
  });
  it('an account within 2 lines in 30 days has no document', async () => {
    await given([userRegistered('u-many', '서준')])
      .when([lines('o1', 1, '2026-11-01T00:00:00.000Z'), lines('o2', 2, '2026-11-02T00:00:00.000Z')])
      .then(expectDocuments.fromCollection(NAEGUJE_ACCOUNTS).withId('u-many').notToExist());
  });
  it('past the limit the account is listed with its name, its peak, how often it confirmed the warning and its last order', async () => {
    await given([userRegistered('u-many', '서준'), lines('o1', 1, '2026-11-01T00:00:00.000Z'), lines('o2', 2, '2026-11-02T00:00:00.000Z')])
      .when([lines('o3', 3, '2026-11-03T00:00:00.000Z'), lines('o4', 4, '2026-11-04T00:00:00.000Z'), lines('o5', 1, '2026-12-20T00:00:00.000Z')])
      .then(expectDocuments.fromCollection(NAEGUJE_ACCOUNTS).withId('u-many').toBeEqual({
        userId: 'u-many', name: '김서준', peakLines: 4, confirmations: 2, lastOrderId: 'o4', lastAt: '2026-11-04T00:00:00.000Z',
      }));
  });
});

describe('사전승낙서 (the badge the lists read)', () => {
  const stream = streams.preApproval('shop-1');
  const fields = { number: 'KT-2026-0100', carrier: 'KT' as const, parentDealer: '수원대리점', validUntil: '2027-06-30' };
  const submitted = (submissionId: string) => ({ type: 'PreApprovalSubmitted' as const, stream, data: { sellerId: 'shop-1', submissionId, ...fields, documentId: 'd1' } });
  it('waiting, then verified: the badge (and the lists told); a rejection keeps its reason', async () => {
    await given([submitted('p1')])
      .when([
        { type: 'PreApprovalRejected', stream, data: { sellerId: 'shop-1', submissionId: 'p1', reason: '번호 불일치' } },
        submitted('p2'),
        { type: 'PreApprovalVerified', stream, data: { sellerId: 'shop-1', submissionId: 'p2', ...fields } },
      ])
      .then(
        expectDocuments.fromCollection(PRE_APPROVALS).withId('shop-1').toBeEqual({
          sellerId: 'shop-1', pending: null,
          badge: { number: 'KT-2026-0100', carrier: 'KT', parentDealer: '수원대리점', validUntil: '2027-06-30', verifiedAt: '2026-11-20T10:04:00.000Z' },
          last: { outcome: 'rejected', reason: '번호 불일치', at: '2026-11-20T10:02:00.000Z' },
        }),
        ({ changed }) => expect(changed.has('catalogue')).toBe(true),
      );
  });
  it('run out: the badge goes', async () => {
    await given([submitted('p1'), { type: 'PreApprovalVerified', stream, data: { sellerId: 'shop-1', submissionId: 'p1', ...fields } }])
      .when([{ type: 'PreApprovalExpired', stream, data: { sellerId: 'shop-1', submissionId: 'p1', validUntil: '2027-06-30' } }])
      .then(expectDocuments.fromCollection(PRE_APPROVALS).withId('shop-1').toMatch({ badge: null, last: { outcome: 'expired', reason: null } }));
  });
});

describe('안심거래 (the badge buyback answers read)', () => {
  const stream = streams.safeTrade('shop-1');
  const fields = { number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01' };
  const submitted = (submissionId: string) => ({ type: 'SafeTradeSubmitted' as const, stream, data: { sellerId: 'shop-1', submissionId, ...fields, documentId: 'd1' } });
  it('waiting, rejected with its reason, sent again, then verified: the badge', async () => {
    await given([submitted('t1')])
      .when([
        { type: 'SafeTradeRejected', stream, data: { sellerId: 'shop-1', submissionId: 't1', reason: '인증 번호 불일치' } },
        submitted('t2'),
        { type: 'SafeTradeVerified', stream, data: { sellerId: 'shop-1', submissionId: 't2', ...fields } },
      ])
      .then(expectDocuments.fromCollection(SAFE_TRADES).withId('shop-1').toBeEqual({
        sellerId: 'shop-1', pending: null,
        badge: { number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01', verifiedAt: '2026-11-20T10:04:00.000Z' },
        last: { outcome: 'rejected', reason: '인증 번호 불일치', at: '2026-11-20T10:02:00.000Z' },
      }));
  });
  it('waiting: the submission with its picture; run out: the badge goes', async () => {
    await given([])
      .when([submitted('t1')])
      .then(expectDocuments.fromCollection(SAFE_TRADES).withId('shop-1').toMatch({ pending: { number: 'KAIT-2025-0007', documentId: 'd1' }, badge: null }));
    await given([submitted('t1'), { type: 'SafeTradeVerified', stream, data: { sellerId: 'shop-1', submissionId: 't1', ...fields } }])
      .when([{ type: 'SafeTradeExpired', stream, data: { sellerId: 'shop-1', submissionId: 't1', validUntil: '2027-06-01' } }])
      .then(expectDocuments.fromCollection(SAFE_TRADES).withId('shop-1').toMatch({ badge: null, last: { outcome: 'expired', reason: null } }));
  });
});
