import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, expect, it } from 'vitest';
import { priceQuoteOffer } from '@phonemarket/contracts/quotes.ts';
import type { DomainEvent, QuoteOfferTerms, QuoteRequestData } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { quoteBuyerDecider } from './quoteBuyer.ts';
import { quoteOfferDecider } from './quoteOffer.ts';
import { quoteFilingProcess, quoteRequestProcess } from './quoteProcesses.ts';
import { orderOfOffer, quoteRequestDecider } from './quoteRequest.ts';

const request: QuoteRequestData = {
  requestId: 'q1', buyerId: 'u1', modelId: 'galaxy-s26', modelName: '갤럭시 S26', brand: 'Samsung', storage: 256, color: null,
  carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any',
  name: '김민수', phone_number: '010-1234-5678', email: null, region: '서울', openHours: 24,
  createdAt: '2026-11-20T10:00:00.000Z', closesAt: '2026-11-21T10:00:00.000Z', decideBy: '2026-11-23T10:00:00.000Z',
};
const market = { devicePrice: 1_200_000, subsidy: 400_000, planFee: 89_000 };
function terms(extraSubsidy: number, addOns: { name: string; monthlyFee: number; months: number }[] = []): QuoteOfferTerms {
  const priced = priceQuoteOffer(market, { discount: 'subsidy', months: 24, extraSubsidy, conditions: { addOns } });
  return {
    storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5gx-prime', planName: '5GX 프라임', discount: 'subsidy', months: 24,
    extraSubsidy, planKeepMonths: 6, addOns, cardRequired: false, tradeInRequired: false, note: null,
    figures: priced.quote, cost24: priced.cost24, addOnCost: priced.addOnCost, totalCost: priced.totalCost, sourceOfferId: 'galaxy-s26-256-skt-mnp-gangnam',
    conditions: { ...NO_CONDITIONS, planKeep: { planId: 'skt-5gx-prime', months: 6 }, addOns },
  };
}
const seller = (id: string) => ({ id, storeName: `${id} 가게`, rating: 4.5, deals: 10 });
const opened: Extract<DomainEvent, { type: 'QuoteRequestOpened' }> = { type: 'QuoteRequestOpened', data: request };
const submitted = (offerId: string, sellerId: string, extra: number, notice: Partial<{ first: boolean; best: boolean; offerCount: number; bestTotalCost: number }> = {}): Extract<DomainEvent, { type: 'QuoteOfferSubmitted' }> => ({
  type: 'QuoteOfferSubmitted',
  data: {
    requestId: 'q1', offerId, seller: seller(sellerId), terms: terms(extra), validUntil: request.decideBy,
    buyerId: 'u1', modelName: '갤럭시 S26', first: false, best: false, offerCount: 1, bestTotalCost: terms(extra).totalCost, ...notice,
  },
});

describe('pricing an offer: 24개월 실부담 = the module\'s 24개월 총비용 + each add-on\'s fee × min(months, 24)', () => {
  it('adds the add-ons to the module\'s figure; a 36-month offer is compared on the same terms over 24 months', () => {
    const plain = priceQuoteOffer(market, { discount: 'subsidy', months: 24, extraSubsidy: 100_000, conditions: {} });
    expect(plain.totalCost).toBe(plain.quote.totalCost);
    const withAddOns = priceQuoteOffer(market, { discount: 'subsidy', months: 24, extraSubsidy: 100_000, conditions: { addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 6 }, { name: '보험', monthlyFee: 5_000, months: 30 }] } });
    expect(withAddOns.addOnCost).toBe(3_300 * 6 + 5_000 * 24);
    expect(withAddOns.totalCost).toBe(plain.totalCost + withAddOns.addOnCost);
    const long = priceQuoteOffer(market, { discount: 'subsidy', months: 36, extraSubsidy: 100_000, conditions: {} });
    expect(long.quote.months).toBe(36);
    expect(long.cost24).toBe(plain.cost24);
  });
});

describe('quote buyer (given/when/then): at most 3 requests in progress', () => {
  const given = DeciderSpecification.for(quoteBuyerDecider);
  const filed = (id: string): DomainEvent => ({ type: 'QuoteRequestFiled', data: { request: { ...request, requestId: id } } });
  it('files a request; the fourth in progress is a 409; a freed place takes one again; the same request twice is nothing', () => {
    given([]).when({ type: 'FileQuoteRequest', request }).then([{ type: 'QuoteRequestFiled', data: { request } }]);
    given([filed('a'), filed('b'), filed('c')]).when({ type: 'FileQuoteRequest', request }).thenThrows('진행 중인 견적 요청은 최대 3개입니다.');
    given([filed('a'), filed('b'), filed('c'), { type: 'QuoteRequestSlotFreed', data: { requestId: 'b' } }]).when({ type: 'FileQuoteRequest', request })
      .then([{ type: 'QuoteRequestFiled', data: { request } }]);
    given([filed('q1')]).when({ type: 'FileQuoteRequest', request }).thenNothing();
    given([filed('a')]).when({ type: 'FreeQuoteRequestSlot', requestId: 'zz' }).thenNothing();
  });
});

describe('quote request (given/when/then)', () => {
  const given = DeciderSpecification.for(quoteRequestDecider);
  const end = (offerCount: number) => ({ requestId: 'q1', buyerId: 'u1', modelName: '갤럭시 S26', offerCount });
  it('opens once; cancels only while open', () => {
    given([]).when({ type: 'OpenQuoteRequest', request }).then([opened]);
    given([opened]).when({ type: 'OpenQuoteRequest', request }).thenNothing();
    given([opened]).when({ type: 'CancelQuoteRequest' }).then([{ type: 'QuoteRequestCancelled', data: end(0) }]);
    given([opened, { type: 'QuoteRequestClosed', data: end(0) }]).when({ type: 'CancelQuoteRequest' }).thenThrows('접수 중인 견적 요청만 취소할 수 있습니다.');
    given([]).when({ type: 'CancelQuoteRequest' }).thenThrows('견적 요청을 찾을 수 없습니다.');
  });
  it('closes at closesAt (closed_no_offers without offers), not before; expires at decideBy unless accepted', () => {
    const at = (iso: string) => ({ now: new Date(iso) });
    given([opened]).when({ type: 'CloseQuoteRequest' }, at('2026-11-21T09:59:59.000Z')).thenNothing();
    given([opened]).when({ type: 'CloseQuoteRequest' }, at(request.closesAt)).then([{ type: 'QuoteRequestClosed', data: end(0) }]);
    given([opened, { type: 'QuoteRequestClosed', data: end(0) }]).when({ type: 'ExpireQuoteRequest' }, at(request.decideBy)).thenNothing();
    given([opened, submitted('o1', 's1', 0)]).when({ type: 'CloseQuoteRequest' }, at(request.closesAt)).thenState((s) => expect(s.status).toBe('closed'));
    given([opened, submitted('o1', 's1', 0), { type: 'QuoteRequestClosed', data: end(1) }]).when({ type: 'ExpireQuoteRequest' }, at(request.decideBy))
      .thenState((s) => { expect(s.status).toBe('expired'); expect(s.offers.get('o1')!.status).toBe('expired'); });
    given([opened]).when({ type: 'WarnQuoteRequestClosing' }, at('2026-11-21T04:00:00.000Z')).then([{ type: 'QuoteRequestClosingSoon', data: end(0) }]);
    given([opened, { type: 'QuoteRequestCancelled', data: end(0) }]).when({ type: 'WarnQuoteRequestClosing' }).thenNothing();
  });
  it('accepting one offer: request and offer accepted, every other declined (with its rank), the order in the same event', () => {
    const shipping = { fulfilment: 'delivery' as const, recipient: '김민수', postcode: '06236', address: '서울 강남구', addressDetail: '101호' };
    const history = [opened, submitted('o1', 's1', 50_000), submitted('o2', 's2', 150_000), submitted('o3', 's3', 100_000)];
    const state = history.reduce((s, e, i) => quoteRequestDecider.evolve(s, { ...e, id: `e${i}`, stream: 's', revision: BigInt(i), position: BigInt(i), metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'c', causationId: null, at: `2026-11-20T10:0${i}:00.000Z`, schemaVersion: 1 } } as never), quoteRequestDecider.initialState());
    const order = orderOfOffer(request, state.offers.get('o3')!, 'ord1', shipping, null);
    expect(order.amounts).toMatchObject({ payNow: 0, total: 0, monthlyCarrier: terms(100_000).figures.monthlyTotal });
    expect(order.items[0]).toMatchObject({ payment: 'installment', sellerId: 's3', unitPrice: terms(100_000).figures.principal, joinType: '번호이동', planId: 'skt-5gx-prime' });
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'o3', orderId: 'ord1', shipping, activation: null }).then([{
      type: 'QuoteRequestAccepted',
      data: {
        requestId: 'q1', buyerId: 'u1', modelName: '갤럭시 S26', offerId: 'o3', winner: { sellerId: 's3', totalCost: terms(100_000).totalCost },
        declined: [{ offerId: 'o2', sellerId: 's2', rank: 1 }, { offerId: 'o1', sellerId: 's1', rank: 3 }], orderId: 'ord1', order: expect.objectContaining({ orderId: 'ord1' }),
      },
    }]);
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'o3', orderId: 'ord1', shipping, activation: null }).thenState((s) => {
      expect(s.status).toBe('accepted');
      expect([...s.offers.values()].map((o) => [o.offerId, o.status])).toEqual([['o1', 'declined'], ['o2', 'declined'], ['o3', 'accepted']]);
    });
    const accepted = { type: 'QuoteRequestAccepted', data: { requestId: 'q1', buyerId: 'u1', modelName: '', offerId: 'o3', winner: { sellerId: 's3', totalCost: 1 }, declined: [], orderId: 'ord1', order } } as DomainEvent;
    given([...history, accepted]).when({ type: 'AcceptQuoteOffer', offerId: 'o3', orderId: 'ord1', shipping, activation: null }).thenNothing();
    given([...history, accepted]).when({ type: 'AcceptQuoteOffer', offerId: 'o1', orderId: 'ord2', shipping, activation: null }).thenThrows('이미 결정된 견적 요청입니다.');
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'nope', orderId: 'ord1', shipping, activation: null }).thenThrows('견적을 찾을 수 없습니다.');
    given([...history, { type: 'QuoteOfferExpired', data: { requestId: 'q1', offerId: 'o1' } }]).when({ type: 'AcceptQuoteOffer', offerId: 'o1', orderId: 'ord1', shipping, activation: null })
      .thenThrows('유효기간이 지난 견적은 수락할 수 없습니다.');
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'o1', orderId: 'ord1', shipping, activation: null }, { now: new Date(request.decideBy) }).thenThrows('유효기간이 지난 견적은 수락할 수 없습니다.');
  });
  it('accepting with 개통 details: the order carries them (the 개통 path); without, the order has none', () => {
    const history = [opened, submitted('o1', 's1', 50_000), submitted('o2', 's2', 100_000)];
    const shipping = { fulfilment: 'visit' as const, recipient: null, postcode: null, address: null, addressDetail: null };
    const activation = {
      holderName: '김민수', holderBirthDate: '1990-05-17', holderIsFamily: false, currentCarrier: 'KT' as const, currentNumber: '010-2222-3333',
      sim: 'esim' as const, method: 'visit' as const, visitSlot: '2026-11-22 14:00',
    };
    const accepted = (order: Record<string, unknown>) => [expect.objectContaining({
      type: 'QuoteRequestAccepted', data: expect.objectContaining({ offerId: 'o2', orderId: 'ord1', order: expect.objectContaining(order) }),
    })];
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'o2', orderId: 'ord1', shipping, activation })
      .then(accepted({ orderId: 'ord1', activation, items: [expect.objectContaining({ carrier: 'SKT', joinType: '번호이동', sellerId: 's2' })] }));
    given(history).when({ type: 'AcceptQuoteOffer', offerId: 'o2', orderId: 'ord1', shipping, activation: null }).then(accepted({ activation: null }));
  });
});

describe('quote offers (given/when/then): sealed, one per seller, at most 10, revised twice', () => {
  const given = DeciderSpecification.for(quoteOfferDecider);
  const submit = (offerId: string, sellerId: string, extra: number, validHours?: number) =>
    ({ type: 'SubmitQuoteOffer' as const, offerId, seller: seller(sellerId), terms: terms(extra), ...(validHours ? { validHours } : {}) });
  it('the first offer: told as the first; validUntil never before decideBy', () => {
    given([opened]).when(submit('o1', 's1', 50_000)).then([submitted('o1', 's1', 50_000, { first: true, best: false, offerCount: 1 })]);
    given([opened]).when(submit('o1', 's1', 50_000, 120)).thenState((s) => expect(s.offers.get('o1')!.validUntil).toBe('2026-11-25T10:00:00.000Z'));
  });
  it('a new lowest figure is a new best; a dearer one is not', () => {
    given([opened, submitted('o1', 's1', 50_000)]).when(submit('o2', 's2', 100_000))
      .then([submitted('o2', 's2', 100_000, { best: true, offerCount: 2, bestTotalCost: terms(100_000).totalCost })]);
    given([opened, submitted('o1', 's1', 100_000)]).when(submit('o2', 's2', 50_000))
      .then([submitted('o2', 's2', 50_000, { best: false, offerCount: 2, bestTotalCost: terms(100_000).totalCost })]);
  });
  it('refuses a second offer of a seller, the 11th offer, and any offer after closesAt', () => {
    given([opened, submitted('o1', 's1', 0)]).when(submit('o2', 's1', 0)).thenThrows('이미 이 요청에 견적을 보냈습니다.');
    const ten = Array.from({ length: 10 }, (_, i) => submitted(`o${i}`, `s${i}`, 0));
    given([opened, ...ten]).when(submit('o11', 's11', 0)).thenThrows('견적이 모두 접수되었습니다.');
    given([opened]).when(submit('o1', 's1', 0), { now: new Date(request.closesAt) }).thenThrows('견적 접수가 마감되었습니다.');
    given([opened, { type: 'QuoteRequestCancelled', data: { requestId: 'q1', buyerId: 'u1', modelName: '', offerCount: 0 } }]).when(submit('o1', 's1', 0)).thenThrows('견적 접수가 마감되었습니다.');
    given([opened, submitted('o1', 's1', 0)]).when(submit('o1', 's1', 0)).thenNothing();
  });
  it('a revision by its own seller, at most twice; another seller\'s offer is not found', () => {
    const revise = (sellerId = 's1') => ({ type: 'ReviseQuoteOffer' as const, offerId: 'o1', sellerId, terms: terms(120_000) });
    given([opened, submitted('o1', 's1', 0)]).when(revise()).thenState((s) => { expect(s.offers.get('o1')!.revisions).toBe(1); expect(s.offers.get('o1')!.terms.extraSubsidy).toBe(120_000); });
    given([opened, submitted('o1', 's1', 0)]).when(revise('s2')).thenThrows('견적을 찾을 수 없습니다.');
    const revised = (n: number): DomainEvent => ({
      type: 'QuoteOfferRevised',
      data: { requestId: 'q1', offerId: 'o1', sellerId: 's1', terms: terms(0), validUntil: request.decideBy, revision: n, buyerId: 'u1', modelName: '', first: false, best: false, offerCount: 1, bestTotalCost: 1 },
    });
    given([opened, submitted('o1', 's1', 0), revised(1), revised(2)]).when(revise()).thenThrows('견적은 최대 2번까지 수정할 수 있습니다.');
  });
  it('an offer lapses at validUntil unless decided', () => {
    given([opened, submitted('o1', 's1', 0)]).when({ type: 'ExpireQuoteOffer', offerId: 'o1' }, { now: new Date(request.decideBy) })
      .then([{ type: 'QuoteOfferExpired', data: { requestId: 'q1', offerId: 'o1' } }]);
    given([opened, submitted('o1', 's1', 0)]).when({ type: 'ExpireQuoteOffer', offerId: 'o1' }).thenNothing();
  });
});

describe('quote processes (given/when/then)', () => {
  it('a filed request opens its own stream', () => {
    ProcessSpecification.for(quoteFilingProcess.definition)([]).when({ type: 'QuoteRequestFiled', data: { request } })
      .then([{ stream: 'quoteRequest-q1', command: { type: 'OpenQuoteRequest', request } }]);
  });
  const given = ProcessSpecification.for(quoteRequestProcess.definition);
  it('opened: told 6 h before closesAt, closed at closesAt, expired at decideBy', () => {
    given([]).when(opened).thenSchedules([
      { dueAt: '2026-11-21T04:00:00.000Z', stream: 'given', command: { type: 'WarnQuoteRequestClosing' } },
      { dueAt: request.closesAt, stream: 'given', command: { type: 'CloseQuoteRequest' } },
      { dueAt: request.decideBy, stream: 'given', command: { type: 'ExpireQuoteRequest' } },
    ]);
    const six: Extract<DomainEvent, { type: 'QuoteRequestOpened' }> = { type: 'QuoteRequestOpened', data: { ...request, openHours: 6, closesAt: '2026-11-20T16:00:00.000Z', decideBy: '2026-11-22T16:00:00.000Z' } };
    given([]).when(six).thenSchedules([
      { dueAt: '2026-11-20T16:00:00.000Z', stream: 'given', command: { type: 'CloseQuoteRequest' } },
      { dueAt: '2026-11-22T16:00:00.000Z', stream: 'given', command: { type: 'ExpireQuoteRequest' } },
    ]);
  });
  it('an offer lapses at its validUntil', () => {
    given([opened]).when(submitted('o1', 's1', 0)).thenSchedules([{ dueAt: request.decideBy, stream: 'given', command: { type: 'ExpireQuoteOffer', offerId: 'o1' } }]);
  });
  it('accepted: the order placed through the order path, and the buyer\'s place freed; no offers at close, expiry or cancel free it too', () => {
    const order = orderOfOffer(request, { offerId: 'o1', seller: seller('s1'), terms: terms(0), validUntil: request.decideBy, createdAt: request.createdAt, revisions: 0, status: 'submitted' }, 'ord1',
      { fulfilment: 'visit', recipient: null, postcode: null, address: null, addressDetail: null }, null);
    // 매장 방문 (issue 39): no parcel address (the order shows the store's), no ids in 배송 메모, one unit (one 개통).
    expect(order.shipping).toEqual({ recipient: '김민수', phone: '010-1234-5678', postcode: '', address: '', addressDetail: '', memo: null });
    expect(order.items.map((i) => i.quantity)).toEqual([1]);
    given([opened, submitted('o1', 's1', 0)]).when({
      type: 'QuoteRequestAccepted', data: { requestId: 'q1', buyerId: 'u1', modelName: '', offerId: 'o1', winner: { sellerId: 's1', totalCost: 1 }, declined: [], orderId: 'ord1', order },
    }).then([
      { stream: 'order-ord1', command: { type: 'PlaceOrder', order } },
      { stream: 'quoteBuyer-u1', command: { type: 'FreeQuoteRequestSlot', requestId: 'q1' } },
    ]);
    const end = (offerCount: number) => ({ requestId: 'q1', buyerId: 'u1', modelName: '', offerCount });
    given([opened]).when({ type: 'QuoteRequestClosed', data: end(0) }).then([{ stream: 'quoteBuyer-u1', command: { type: 'FreeQuoteRequestSlot', requestId: 'q1' } }]);
    given([opened, submitted('o1', 's1', 0)]).when({ type: 'QuoteRequestClosed', data: end(1) }).thenNothing();
    given([opened]).when({ type: 'QuoteRequestCancelled', data: end(0) }).then([{ stream: 'quoteBuyer-u1', command: { type: 'FreeQuoteRequestSlot', requestId: 'q1' } }]);
    given([opened, submitted('o1', 's1', 0)]).when({ type: 'QuoteRequestExpired', data: end(1) }).then([{ stream: 'quoteBuyer-u1', command: { type: 'FreeQuoteRequestSlot', requestId: 'q1' } }]);
  });
});
