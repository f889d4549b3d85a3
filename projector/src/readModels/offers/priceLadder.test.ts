import { describe, expect, it } from 'vitest';
import { quoteOffer } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments, type ProjectionAssertion } from '../../testing/projectionSpecification.ts';
import { offerListed, offerPriceChanged, phoneModelDefined, planDefined, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { lowestPerDay, offersReadModel, PRICE_HISTORY, PRICE_LADDER } from './offersReadModel.ts';
import { createMemoryDocStore } from '../../docstore/memory.ts';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { ladderModelId, moveOnLadders, writeLadders, type LadderOffer } from './priceLadder.ts';

/** Issue 37: the model's lowest on sale, kept incrementally; its history one document per model × day. */
const given = ProjectionSpecification.for(offersReadModel);
const base = [planDefined('skt-5g', 89_000), sellerProfileDefined('s-1', '폰마켓'), sellerProfileDefined('s-2', '폰가게'), phoneModelDefined('galaxy-s25', '갤럭시 S25')];
/** The headline 할부원금 of a 1,200,000원 offer on the 89,000원 plan (공시지원금 500,000) with this 추가지원금 (the pricing module's). */
const p = (extraSubsidy: number, price = 1_200_000) => quoteOffer({ price, extraSubsidy, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }, () => 89_000)!.quote.principal;
const listed = (id: string, extraSubsidy: number, over: Parameters<typeof offerListed>[1] = {}) => offerListed(id, { extraSubsidy, ...over });
const at = (iso: string) => ({ at: iso });
const lowestIs = (lowest: number | null) => expectDocuments.fromCollection(PRICE_LADDER).withId(ladderModelId('galaxy-s25')).toMatch({ lowest });
const historyIs = (days: number, today: string, expected: { date: string; lowest: number }[]): ProjectionAssertion => async ({ docs }) => {
  expect(await lowestPerDay(docs, 'galaxy-s25', days, today)).toEqual(expected);
};

describe('price ladder and history', () => {
  it('the cheapest offer going up hands the lowest to the next; a new cheaper offer takes it', async () => {
    await given([...base, listed('o-1', 100_000), listed('o-2', 50_000, { sellerId: 's-2' })])
      .when([offerPriceChanged('o-1', 1_200_000, 0), listed('o-3', 80_000, { listedAt: '2026-11-22T10:00:00.000Z' })])
      .then(
        lowestIs(p(80_000)),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-20').toMatch({ lowest: p(100_000) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-21').toMatch({ lowest: p(50_000) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-22').toMatch({ lowest: p(80_000) }),
        // Days without a change carry the day before; days before the first record have no point.
        historyIs(5, '2026-11-23', [
          { date: '2026-11-20', lowest: p(100_000) }, { date: '2026-11-21', lowest: p(50_000) }, { date: '2026-11-22', lowest: p(80_000) }, { date: '2026-11-23', lowest: p(80_000) },
        ]),
        // A window after the last record carries it; 365 days read one document per day at most.
        historyIs(2, '2027-06-01', [{ date: '2027-05-31', lowest: p(80_000) }, { date: '2027-06-01', lowest: p(80_000) }]),
        historyIs(365, '2027-06-01', expect.any(Array) as never),
      );
  });

  it('an offer taken off sale, sold out or of a suspended seller leaves the lowest; back on sale it counts again', async () => {
    const offer = streams.offer('o-1');
    await given([...base, listed('o-1', 100_000), listed('o-2', 50_000, { sellerId: 's-2', stock: 1 })])
      .when([
        { type: 'OfferDeactivated', stream: offer, data: { offerId: 'o-1' }, ...at('2026-11-21T01:00:00.000Z') },
        { type: 'OfferStockReserved', stream: streams.offer('o-2'), data: { offerId: 'o-2', orderId: 'ord-1', quantity: 1 }, ...at('2026-11-22T01:00:00.000Z') },
      ])
      .then(
        lowestIs(null),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-21').toMatch({ lowest: p(50_000) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-22').toMatch({ lowest: null }),
        historyIs(3, '2026-11-22', [{ date: '2026-11-20', lowest: p(100_000) }, { date: '2026-11-21', lowest: p(50_000) }]),
      );
    await given([...base, listed('o-1', 100_000), listed('o-2', 50_000, { sellerId: 's-2', stock: 1 })])
      .when([
        { type: 'SellerStatusChanged', stream: streams.seller('s-1'), data: { sellerId: 's-1', from: 'approved', to: 'suspended', reason: null }, ...at('2026-11-21T01:00:00.000Z') },
        { type: 'OfferStockReserved', stream: streams.offer('o-2'), data: { offerId: 'o-2', orderId: 'ord-1', quantity: 1 }, ...at('2026-11-22T01:00:00.000Z') },
        { type: 'OfferStockReleased', stream: streams.offer('o-2'), data: { offerId: 'o-2', orderId: 'ord-1', quantity: 1, reason: 'order_cancelled' }, ...at('2026-11-22T02:00:00.000Z') },
        { type: 'SellerStatusChanged', stream: streams.seller('s-1'), data: { sellerId: 's-1', from: 'suspended', to: 'approved', reason: null }, ...at('2026-11-23T01:00:00.000Z') },
      ])
      .then(
        lowestIs(p(100_000)),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-21').toMatch({ lowest: p(50_000) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-22').toMatch({ lowest: p(50_000) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-23').toMatch({ lowest: p(100_000) }),
      );
  });

  it('no document grows with the offers: 300 offers at a few prices keep one bucket per 10,000원', async () => {
    const many = Array.from({ length: 300 }, (_, i) => listed(`o-${i}`, 100_000 + (i % 3) * 1_000));
    await given(base)
      .when([...many, offerPriceChanged('o-0', 1_200_000, 0)])
      .then(
        lowestIs(p(102_000)),
        // 할부원금 1,098,000 and 1,099,000 (100 offers each), 1,100,000 (99), and o-0 now at 1,200,000.
        expectDocuments.fromCollection(PRICE_LADDER).withId(ladderModelId('galaxy-s25')).toMatch({ buckets: [109, 110, 120] }),
        expectDocuments.fromCollection(PRICE_LADDER).withId('b:galaxy-s25|109').toBeEqual({ counts: { 1098000: 100, 1099000: 100 } }),
        expectDocuments.fromCollection(PRICE_LADDER).withId('b:galaxy-s25|120').toBeEqual({ counts: { 1200000: 1 } }),
        async ({ docs }) => {
          for (const doc of await docs.collection(PRICE_LADDER).find({})) expect(JSON.stringify(doc).length).toBeLessThan(300);
        },
      );
  });

  it('a move within the market that leaves the lowest where it was writes the buckets it touched only', async () => {
    const many = Array.from({ length: 300 }, (_, i) => listed(`o-${i}`, 100_000 + (i % 3) * 1_000));
    // Positions: base 1–4, the listings 5–304; the lowest (o-2, 1,098,000) and the buckets were last moved at 7.
    await given([...base, ...many])
      .when([listed('o-new', 101_000), listed('o-new-2', 100_000)])
      .then(
        lowestIs(p(102_000)),
        async ({ docs }) => {
          expect(await docs.collection(PRICE_LADDER).get(ladderModelId('galaxy-s25'))).toMatchObject({ buckets: [109, 110], _pos: 7 });
          expect(await docs.collection(PRICE_HISTORY).get('galaxy-s25|2026-11-20')).toMatchObject({ lowest: p(102_000), _pos: 7 });
          expect(await docs.collection(PRICE_LADDER).get('b:galaxy-s25|109')).toMatchObject({ counts: { 1098000: 100, 1099000: 101 }, _pos: 305 });
          expect(await docs.collection(PRICE_LADDER).get('b:galaxy-s25|110')).toMatchObject({ counts: { 1100000: 101 }, _pos: 306 });
        },
      );
  });
});

describe('price ladder batches', () => {
  it('a batch reads and writes each ladder document once: nothing is stored before its flush, each document once at it', async () => {
    const docs = createMemoryDocStore();
    const puts = new Map<string, number>();
    const counted: DocStore = {
      ...docs,
      collection: <T extends Doc>(name: string) => {
        const col = docs.collection<T>(name);
        return { ...col, put: async (doc: T) => { puts.set(`${name}/${doc._id}`, (puts.get(`${name}/${doc._id}`) ?? 0) + 1); await col.put(doc); } } as typeof col;
      },
    };
    const offer = (i: number): LadderOffer => ({
      id: `o-${i}`, sellerId: 's-1', modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', condition: 'new', stock: 1,
      headline: { quote: { principal: 1_000_000 + (i % 3) * 1_000, totalCost: 2_000_000 + (i % 3) * 1_000 } },
    });
    for (let i = 0; i < 300; i++) await moveOnLadders(counted, [{ offer: offer(i), onSale: true }], `2026-11-2${i % 2}T10:00:00.000Z`, i + 1);
    expect(await docs.collection(PRICE_LADDER).count({}), 'nothing stored before the batch is written').toBe(0);
    await writeLadders(counted);
    expect([...puts.values()].every((n) => n === 1), 'each document written once').toBe(true);
    // One entry per offer (its three ladders in one document), one bucket and one key document per ladder.
    expect(await docs.collection(PRICE_LADDER).count({})).toBe(300 + 3 + 3);
    expect(await docs.collection(PRICE_LADDER).get('o:o-7')).toMatchObject({ model: { key: 'galaxy-s25', price: 1_001_000 }, total: { price: 2_001_000 }, principal: { price: 1_001_000 } });
    expect(await docs.collection(PRICE_LADDER).get(ladderModelId('galaxy-s25'))).toMatchObject({ lowest: 1_000_000, buckets: [100], firstDay: '2026-11-20', lastDay: '2026-11-21' });
    expect(await docs.collection(PRICE_LADDER).get('b:galaxy-s25|100')).toEqual({ _id: 'b:galaxy-s25|100', counts: { 1000000: 100, 1001000: 100, 1002000: 100 }, _pos: 300 });
    // Each day's lowest once per batch (the last change of that day).
    expect(await docs.collection(PRICE_HISTORY).count({})).toBe(2);
  });
});
