import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { QUOTE_REQUESTS, quotesReadModel } from './quotesReadModel.ts';

/** Issue 27: a change of the carrier terms under an open quote offer flags it '조건 변경됨'; the seller's revision clears it. */
const given = ProjectionSpecification.for(quotesReadModel);
const q1 = streams.quoteRequest('q-1');
const request = {
  requestId: 'q-1', buyerId: 'u-buyer', modelId: 'galaxy-s25', modelName: '갤럭시 S25', brand: 'Samsung', storage: 256, color: null, carrier: 'SKT' as const,
  joinType: '번호이동' as const, plan: 'premium' as const, budget: '100-150' as const, discount: 'any' as const, name: '김민준', phone_number: '010-1234-5678',
  email: null, region: '서울', openHours: 24 as const, createdAt: '2026-11-20T10:00:00.000Z', closesAt: '2026-11-21T10:00:00.000Z', decideBy: '2026-11-23T10:00:00.000Z',
};
const figures = { discount: 'subsidy' as const, months: 24, devicePrice: 1_200_000, subsidy: 400_000, extraSubsidy: 100_000, principal: 700_000, monthlyDevice: 31_000, planFee: 89_000, planDiscount: 0, monthlyPlan: 89_000, monthlyTotal: 120_000, totalCost: 2_880_000 };
const terms = (planId: string) => ({
  storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId, planName: '5G', discount: 'subsidy' as const, months: 24 as const, extraSubsidy: 100_000,
  planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false, note: null, figures, cost24: 2_880_000, addOnCost: 0, totalCost: 2_880_000, sourceOfferId: 'o-cat',
  conditions: { ...NO_CONDITIONS, planKeep: { planId, months: 6 } },
});
const offer = (offerId: string, planId: string) => ({
  type: 'QuoteOfferSubmitted' as const, stream: q1,
  data: { requestId: 'q-1', offerId, seller: { id: `s-${offerId}`, storeName: '셀러폰', rating: 0, deals: 0 }, terms: terms(planId), validUntil: '2026-11-23T10:00:00.000Z', buyerId: 'u-buyer', modelName: '갤럭시 S25', first: false, best: false, offerCount: 1, bestTotalCost: 2_880_000 },
});
const subsidySet = (planId: string) => ({
  type: 'SubsidySet' as const,
  data: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId, subsidy: 450_000, previous: 400_000, validFrom: null, validUntil: null, source: { kind: 'admin' as const, ref: null } },
});

describe('quotes read model: 조건 변경됨 (issue 27)', () => {
  it("flags the open offers on the changed plan's terms only; a revision clears the flag", async () => {
    await given([{ type: 'QuoteRequestOpened', stream: q1, data: request }, offer('qo-1', 'skt-5g'), offer('qo-2', 'skt-lte')])
      .when([subsidySet('skt-5g')])
      .then(expectDocuments.fromCollection(QUOTE_REQUESTS).withId('q-1').toMatch({ offers: [{ id: 'qo-1', termsChanged: true }, { id: 'qo-2', termsChanged: false }] }));
    await given([{ type: 'QuoteRequestOpened', stream: q1, data: request }, offer('qo-1', 'skt-5g'), subsidySet('skt-5g')])
      .when([{ type: 'QuoteOfferRevised', stream: q1, data: { requestId: 'q-1', offerId: 'qo-1', sellerId: 's-qo-1', revision: 1, terms: terms('skt-5g'), validUntil: '2026-11-23T10:00:00.000Z', buyerId: 'u-buyer', modelName: '갤럭시 S25', first: false, best: true, offerCount: 1, bestTotalCost: 2_880_000 } }])
      .then(expectDocuments.fromCollection(QUOTE_REQUESTS).withId('q-1').toMatch({ offers: [{ id: 'qo-1', termsChanged: false, revisions: 1 }] }));
  });

  it('a 출고가 change flags every open offer of that storage', async () => {
    await given([{ type: 'QuoteRequestOpened', stream: q1, data: request }, offer('qo-1', 'skt-5g'), offer('qo-2', 'skt-lte')])
      .when([{ type: 'ReleasePriceSet', data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'admin', ref: null } } }])
      .then(expectDocuments.fromCollection(QUOTE_REQUESTS).withId('q-1').toMatch({ offers: [{ id: 'qo-1', termsChanged: true }, { id: 'qo-2', termsChanged: true }] }));
  });
});
