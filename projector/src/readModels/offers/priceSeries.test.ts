import { describe, expect, it } from 'vitest';
import { quoteOffer } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, type ProjectionAssertion } from '../../testing/projectionSpecification.ts';
import { offerListed, phoneModelDefined, planDefined, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { ladderLowestPerDay, ladderState, offersReadModel, priceSeriesKey, SERIES_PRINCIPAL_LADDER, SERIES_TOTAL_LADDER } from './offersReadModel.ts';

/**
 * Issue 42: each series (model × storage × carrier × 가입유형) keeps its day's lowest 24개월 실부담 and
 * lowest 할부원금 from the events, through price changes, a policy applied and reverted, and stock
 * going to 0 and back.
 */
const given = ProjectionSpecification.for(offersReadModel);
const base = [planDefined('skt-5g', 89_000), sellerProfileDefined('s-1', '폰마켓'), sellerProfileDefined('s-2', '폰가게'), phoneModelDefined('galaxy-s25', '갤럭시 S25')];
/** The headline quote of a 1,200,000원 offer on the 89,000원 plan (공시지원금 500,000) with this 추가지원금: the pricing module's. */
const quoteWith = (extraSubsidy: number) => quoteOffer({ price: 1_200_000, extraSubsidy, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }, () => 89_000)!.quote;
const total = (extra: number) => quoteWith(extra).totalCost;
const principal = (extra: number) => quoteWith(extra).principal;
const skt = priceSeriesKey({ modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동' });
const day = (d: string, time = '09:00') => `2026-11-${d}T${time}:00.000Z`;
const priceChanged = (offerId: string, extraSubsidy: number, at: string) => ({
  type: 'OfferPriceChanged' as const, stream: streams.offer(offerId), data: { offerId, price: 1_200_000, extraSubsidy, effectiveAt: at }, at,
});
const historyIs = (ladder: typeof SERIES_TOTAL_LADDER, days: number, today: string, expected: { date: string; lowest: number }[]): ProjectionAssertion => async ({ docs }) => {
  expect(await ladderLowestPerDay(docs, ladder, skt, days, today)).toEqual(expected);
};

describe('price series history (issue 42)', () => {
  it('a policy applied lowers the day, its revert raises the next; another series and used units do not count', async () => {
    await given([
      ...base,
      offerListed('o-1', { extraSubsidy: 50_000 }),
      offerListed('o-kt', { carrier: 'KT', plans: [], extraSubsidy: 400_000 }),
      offerListed('o-used', { condition: 'used', grade: 'A', extraSubsidy: 600_000 }),
    ]).when([
      // A price policy applied (추가지원금 raised) and reverted the next day: both are OfferPriceChanged on the offer.
      priceChanged('o-1', 150_000, day('21')),
      priceChanged('o-1', 50_000, day('22')),
    ]).then(
      historyIs(SERIES_TOTAL_LADDER, 4, '2026-11-23', [
        { date: '2026-11-20', lowest: total(50_000) }, { date: '2026-11-21', lowest: total(150_000) },
        { date: '2026-11-22', lowest: total(50_000) }, { date: '2026-11-23', lowest: total(50_000) },
      ]),
      historyIs(SERIES_PRINCIPAL_LADDER, 3, '2026-11-22', [
        { date: '2026-11-20', lowest: principal(50_000) }, { date: '2026-11-21', lowest: principal(150_000) }, { date: '2026-11-22', lowest: principal(50_000) },
      ]),
      async ({ docs }) => expect(await ladderState(docs, SERIES_TOTAL_LADDER, skt)).toMatchObject({ firstDay: '2026-11-20', lowest: total(50_000) }),
    );
  });

  it('stock to 0 leaves a gap (the next offer is the lowest, or none); restocked, the offer counts again from that day', async () => {
    await given([...base, offerListed('o-1', { extraSubsidy: 100_000, stock: 1 }), offerListed('o-2', { sellerId: 's-2', extraSubsidy: 20_000 })])
      .when([
        { type: 'OfferStockReserved', stream: streams.offer('o-1'), data: { offerId: 'o-1', orderId: 'ord-1', quantity: 1 }, at: day('21') },
        { type: 'OfferDeactivated', stream: streams.offer('o-2'), data: { offerId: 'o-2' }, at: day('22') },
        { type: 'OfferRestocked', stream: streams.offer('o-1'), data: { offerId: 'o-1', stock: 3 }, at: day('24') },
      ])
      .then(
        // 11-22 and 11-23: nothing on sale, no point; 11-24 the restocked offer again.
        historyIs(SERIES_TOTAL_LADDER, 5, '2026-11-24', [
          { date: '2026-11-20', lowest: total(100_000) }, { date: '2026-11-21', lowest: total(20_000) }, { date: '2026-11-24', lowest: total(100_000) },
        ]),
        async ({ docs }) => expect(await ladderState(docs, SERIES_TOTAL_LADDER, skt)).toMatchObject({ lowest: total(100_000), lastDay: '2026-11-24' }),
      );
  });

  it('a 공시지원금 change re-prices the series at the change’s time', async () => {
    const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
    await given([...base, offerListed('o-1'), { type: 'SubsidyTableSeeded', data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } }])
      .when({
        type: 'SubsidySet', at: day('25'),
        data: { ...table, planId: 'skt-5g', subsidy: 600_000, previous: 500_000, validFrom: null, validUntil: null, source: { kind: 'admin', ref: null } },
      })
      .then(historyIs(SERIES_TOTAL_LADDER, 1, '2026-11-25', [{
        date: '2026-11-25', lowest: quoteOffer({ price: 1_200_000, extraSubsidy: 0, plans: [{ planId: 'skt-5g', subsidy: 600_000 }] }, () => 89_000)!.quote.totalCost,
      }]));
  });
});
