import { describe, it } from 'vitest';
import { quoteOffer } from '@phonemarket/contracts';
import { ProjectionSpecification, expectChanged, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { offerListed, phoneModelDefined, planDefined, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { OFFERS, PRICE_HISTORY, offersReadModel } from './offersReadModel.ts';

/** Issue 27: a change of the carrier terms re-prices every offer on them, with a price-history point. */
const given = ProjectionSpecification.for(offersReadModel);
/** The headline 할부원금 of a 1,200,000원 offer on the 89,000원 plan with this 공시지원금 (the pricing module's). */
const headline = (subsidy: number, price = 1_200_000) => quoteOffer({ price, extraSubsidy: 0, plans: [{ planId: 'skt-5g', subsidy }] }, () => 89_000)!.quote.principal;
const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const subsidySet = (subsidy: number, previous: number) => ({
  type: 'SubsidySet' as const, at: '2026-11-25T09:00:00.000Z',
  data: { ...table, planId: 'skt-5g', subsidy, previous, validFrom: null, validUntil: null, source: { kind: 'admin' as const, ref: null } },
});

describe('offers read model: carrier terms', () => {
  it('a 공시지원금 change re-prices the offers of that table and plan only, with the model’s lowest of the day; a seed equal to the offers changes nothing', async () => {
    await given([
      planDefined('skt-5g', 89_000), sellerProfileDefined('s-1', '폰마켓'), phoneModelDefined('galaxy-s25', '갤럭시 S25'),
      offerListed('o-mnp'), offerListed('o-chg', { joinType: '기기변경' }), offerListed('o-128', { storage: 128 }), offerListed('o-used', { condition: 'used', grade: 'A', plans: [], carrier: '자급제', joinType: null, price: 600_000 }),
      { type: 'SubsidyTableSeeded', data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } },
    ]).when(subsidySet(600_000, 500_000)).then(
      expectDocuments.fromCollection(OFFERS).withId('o-mnp').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 600_000 }], maxSubsidy: 600_000, headline: { quote: { principal: headline(600_000) } } }),
      expectDocuments.fromCollection(OFFERS).withId('o-chg').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 500_000 }], headline: { quote: { principal: headline(500_000) } } }),
      expectDocuments.fromCollection(OFFERS).withId('o-128').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }),
      // The model's lowest on the change's day: o-mnp, now the cheapest new unit on sale.
      expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-25').toMatch({ lowest: Math.min(headline(600_000), 600_000) }),
      expectChanged(['catalogue']),
      // An open product page of the model reads its offers again.
      expectPushes([{ topic: 'modelOffersChanged', room: 'model:galaxy-s25', payload: { modelId: 'galaxy-s25' } }]),
    );
  });

  it('an offer listed after the change takes the terms in force; a 출고가 change re-prices every new unit of the variant', async () => {
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1'), subsidySet(550_000, 500_000)])
      .when([
        offerListed('o-later', { sellerId: 's-2' }),
        { type: 'ReleasePriceSet', at: '2026-11-26T09:00:00.000Z', data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'admin', ref: null } } },
      ])
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-later').toMatch({ price: 1_150_000, plans: [{ planId: 'skt-5g', subsidy: 550_000 }], headline: { quote: { principal: headline(550_000, 1_150_000) } } }),
        expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({ price: 1_150_000, headline: { quote: { devicePrice: 1_150_000, principal: headline(550_000, 1_150_000) } } }),
      );
  });
});
