import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { offerListed } from '../../testing/sampleEvents.ts';
import { QUOTE_LOOKUPS, quoteLookupKey, quotesReadModel } from './quotesReadModel.ts';

/** Issue 37: the market's terms of a model (quotes' offer form) grow with its term combinations, never with its offers. */
const given = ProjectionSpecification.for(quotesReadModel);
const term = (carrier: string, planId: string, subsidy: number) => ({ storage: 256, carrier, joinType: '번호이동', planId, subsidy });

describe('quotes read model: the market terms of a model', () => {
  it('keeps one entry per storage × carrier × 가입유형 × plan, with the first listing\'s 공시지원금, however many offers share it', async () => {
    const many = Array.from({ length: 300 }, (_, i) => offerListed(`o-${i}`, { sellerId: `s-${i}`, extraSubsidy: i * 1_000, plans: [{ planId: 'skt-5g', subsidy: 500_000 + i }] }));
    await given(many)
      .when([
        offerListed('o-kt', { carrier: 'KT', plans: [{ planId: 'kt-5g', subsidy: 300_000 }, { planId: 'kt-lte', subsidy: 100_000 }] }),
        offerListed('o-used', { condition: 'used', grade: 'A', plans: [{ planId: 'skt-lte', subsidy: 0 }] }),
        offerListed('o-more', { plans: [{ planId: 'skt-5g', subsidy: 1 }] }),
      ])
      .then(expectDocuments.fromCollection(QUOTE_LOOKUPS).withId(quoteLookupKey.terms('galaxy-s25')).toBeEqual({
        terms: {
          '256|SKT|번호이동|skt-5g': term('SKT', 'skt-5g', 500_000),
          '256|KT|번호이동|kt-5g': term('KT', 'kt-5g', 300_000),
          '256|KT|번호이동|kt-lte': term('KT', 'kt-lte', 100_000),
        },
      }));
  });
});
