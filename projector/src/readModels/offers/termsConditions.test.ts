import { describe, it } from 'vitest';
import { NO_CONDITIONS, quoteOffer, type OfferConditions } from '@phonemarket/contracts';
import { ProjectionSpecification, expectChanged, expectDocuments } from '../../testing/projectionSpecification.ts';
import { offerListed, phoneModelDefined, planDefined, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { OFFERS, offersReadModel } from './offersReadModel.ts';

/**
 * Issue 40, part 5: a 공시지원금 that requires its plan kept for months re-prices every offer of that table and plan
 * with the condition counted (the one pricing function); a change of the figure or the 출고가 alone keeps it; the
 * figure set again without it (an expiry, an admin) takes it off.
 */
const given = ProjectionSpecification.for(offersReadModel);
const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const keep6: OfferConditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 } };
const subsidySet = (subsidy: number, previous: number, conditions?: OfferConditions, previousConditions: OfferConditions = NO_CONDITIONS) => ({
  type: 'SubsidySet' as const, at: '2026-11-25T09:00:00.000Z',
  data: { ...table, planId: 'skt-5g', subsidy, previous, validFrom: null, validUntil: null, source: { kind: 'admin' as const, ref: null }, ...(conditions ? { conditions, previousConditions } : {}) },
});
const plans = [planDefined('skt-5g', 89_000), planDefined('skt-5g-slim', 55_000)];
/**
 * The headline 실부담 of the 1,200,000원 offer on the 89,000원 plan, after 요금제 유지 on the carrier's cheapest 5G plan
 * (55,000원): with 6 months kept it is 18 × 34,000 = 612,000원 below the same without (the plan counted every month).
 */
const total = (subsidy: number, conditions: OfferConditions | undefined) => quoteOffer(
  { price: 1_200_000, extraSubsidy: 0, plans: [{ planId: 'skt-5g', subsidy, ...(conditions ? { conditions } : {}) }], conditions: NO_CONDITIONS },
  (id) => ({ 'skt-5g': 89_000, 'skt-5g-slim': 55_000 })[id], {}, () => 55_000,
)!.quote.totalCost;

describe('offers read model: carrier terms with conditions', () => {
  it('a 공시지원금 requiring 6 months of the plan puts the condition on the plan and counts it in the headline; other tables are untouched', async () => {
    await given([...plans, sellerProfileDefined('s-1', '폰마켓'), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-mnp'), offerListed('o-chg', { joinType: '기기변경' })])
      .when(subsidySet(600_000, 500_000, keep6))
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-mnp').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 600_000, conditions: keep6 }], headline: { quote: { keepMonths: 6, totalCost: total(600_000, keep6) } } }),
        expectDocuments.fromCollection(OFFERS).withId('o-chg').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 500_000 }], headline: { quote: { keepMonths: 0 } } }),
      );
  });
  it('the 출고가 or the figure changing alone keeps the condition; an offer listed later takes it; set again with none, it is gone', async () => {
    const history = [...plans, phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1'), subsidySet(600_000, 500_000, keep6)];
    await given(history)
      .when([
        { type: 'ReleasePriceSet', at: '2026-11-26T09:00:00.000Z', data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'csv', ref: null } } },
        subsidySet(650_000, 600_000),
        offerListed('o-later', { sellerId: 's-2' }),
      ])
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({ price: 1_150_000, plans: [{ planId: 'skt-5g', subsidy: 650_000, conditions: keep6 }], headline: { quote: { keepMonths: 6 } } }),
        expectDocuments.fromCollection(OFFERS).withId('o-later').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 650_000, conditions: keep6 }], headline: { quote: { keepMonths: 6 } } }),
      );
    await given(history).when(subsidySet(500_000, 600_000, NO_CONDITIONS, keep6)).then(
      expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 500_000 }], headline: { quote: { keepMonths: 0, totalCost: total(500_000, undefined) } } }),
    );
  });
  it('the condition alone (same figure, the plan already the cheapest: no figure moves) still tells the catalogue', async () => {
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1'), { type: 'SubsidyTableSeeded', data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } }])
      .when(subsidySet(500_000, 500_000, keep6))
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({ plans: [{ planId: 'skt-5g', subsidy: 500_000, conditions: keep6 }], headline: { quote: { keepMonths: 6 } } }),
        expectChanged(['catalogue']),
      );
  });
});
