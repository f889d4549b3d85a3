import { describe, expect, it } from 'vitest';
import { buybackGradeOf, declaredDeductions, parseBuybackCsv } from '@phonemarket/contracts/buyback.ts';
import type { BuybackOrderPlacedData, DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { maskAccountNumber } from '@phonemarket/contracts/buyback.ts';
import { buybackOrderDecider, counterOffer } from './order.ts';
import { buybackPricesDecider, rankShops, shopTerms } from './prices.ts';
import { walletDecider } from '../orders/public.ts';
import { buybackOrderProcess, buybackQuoteProcess } from './processes.ts';
import { buybackQuoteDecider, type BuybackQuotedData } from './quote.ts';

const NOW = new Date('2026-11-20T10:00:00.000Z'); // a Friday
const row = (modelId: string, grade: 'S' | 'A' | 'B' | 'C' | 'D', price: number, storage = 256) => ({ modelId, storage, grade, price });
const replaced = (shopId: string, items: ReturnType<typeof row>[], deductions: { code: 'touch' | 'battery' | 'camera'; amount: number }[] = []): DomainEvent => ({
  type: 'BuybackPricesReplaced', data: { shopId, items, deductions, added: items.length, removed: 0, changed: 0, deductionsChanged: deductions.length > 0 },
});

describe('the published grade rule (contracts)', () => {
  it('is computed from the answers, worst first; battery below 80 % declares the battery deduction', () => {
    expect(buybackGradeOf({})).toBe('S');
    expect(buybackGradeOf({ microScratches: true })).toBe('A');
    expect(buybackGradeOf({ scratches: true, microScratches: true })).toBe('B');
    expect(buybackGradeOf({ burnIn: true, scratches: true })).toBe('C');
    expect(buybackGradeOf({ dents: true })).toBe('C');
    expect(buybackGradeOf({ screenCracked: true, burnIn: true })).toBe('D');
    expect(declaredDeductions({ touch: true, camera: false }, 79)).toEqual(['touch', 'battery']);
    expect(declaredDeductions({}, 80)).toEqual([]);
  });
  it('a pasted CSV: rows, a header, and a Korean error per bad line', () => {
    const { items, errors, lines } = parseBuybackCsv('modelId,storage,grade,price\ngalaxy-s24,256,a,500000\ngalaxy-s24,256GB,B,"x"\ngalaxy-s24,256,A,1\nonly,two\n\ngalaxy-s24\t512\tC\t300,000');
    expect(items).toEqual([row('galaxy-s24', 'A', 500000), row('galaxy-s24', 'C', 300000, 512)]);
    // each row's own line in the text (the header and the blank line skipped): what the server's row errors are told by
    expect(lines).toEqual([2, 7]);
    expect(errors).toEqual([
      { line: 3, message: '3번째 줄: 매입가는 0원 이상의 정수로 입력해주세요.' },
      { line: 4, message: '4번째 줄: 2번째 줄과 모델·용량·등급이 같습니다.' },
      { line: 5, message: '5번째 줄: 모델 코드, 용량, 등급, 매입가 네 칸이 필요합니다.' },
    ]);
  });
});

describe('shops’ price grids (given/when/then)', () => {
  const given = DeciderSpecification.for(buybackPricesDecider);
  it('a save replaces the shop’s grid whole and says what changed; the same grid again records nothing', () => {
    given([replaced('s1', [row('m', 'A', 100), row('m', 'B', 80)])])
      .when({ type: 'ReplaceBuybackPrices', shopId: 's1', items: [row('m', 'A', 110), row('m', 'C', 50)], deductions: [{ code: 'touch', amount: 10 }] })
      .then([{ type: 'BuybackPricesReplaced', data: { shopId: 's1', items: [row('m', 'A', 110), row('m', 'C', 50)], deductions: [{ code: 'touch', amount: 10 }], added: 1, removed: 1, changed: 1, deductionsChanged: true } }]);
    given([replaced('s1', [row('m', 'A', 100)])]).when({ type: 'ReplaceBuybackPrices', shopId: 's1', items: [row('m', 'A', 100)], deductions: [] }).thenNothing();
  });
  it('ranks shops by grid price less their own deductions for the declared faults (ties by shop id)', () => {
    const state = [replaced('s1', [row('m', 'A', 500_000)], [{ code: 'touch', amount: 100_000 }]), replaced('s2', [row('m', 'A', 450_000)], [{ code: 'touch', amount: 20_000 }]), replaced('s3', [row('m', 'B', 900_000)])]
      .reduce((s, e, i) => buybackPricesDecider.evolve(s, { ...e, id: `e${i}`, stream: 'x', revision: BigInt(i), position: BigInt(i + 1), metadata: { actor: { userId: null, role: 'admin' }, correlationId: 'c', causationId: null, at: NOW.toISOString(), schemaVersion: 1 } } as never), buybackPricesDecider.initialState());
    expect(rankShops(state, { modelId: 'm', storage: 256, grade: 'A', declared: [] })).toEqual([{ shopId: 's1', price: 500_000 }, { shopId: 's2', price: 450_000 }]);
    expect(rankShops(state, { modelId: 'm', storage: 256, grade: 'A', declared: ['touch'] })).toEqual([{ shopId: 's2', price: 430_000 }, { shopId: 's1', price: 400_000 }]);
    expect(rankShops(state, { modelId: 'm', storage: 128, grade: 'A', declared: [] })).toEqual([]);
    expect(shopTerms(state.shops.get('s1')!, 'm', 256)).toEqual({ prices: { S: null, A: 500_000, B: null, C: null, D: null }, deductions: [{ code: 'touch', amount: 100_000 }] });
  });
});

const quote: BuybackQuotedData = {
  quoteId: 'q1', userId: 'u1', sellerName: '김민수', modelId: 'galaxy-s24', modelName: '갤럭시 S24', storage: 256, answers: { scratches: true, touch: true },
  batteryHealth: 90, imeiLast4: '1234', grade: 'B', declared: ['touch'],
  best: { shopId: 's1', storeName: '매입왕', price: 380_000 }, runnerUp: { shopId: 's2', storeName: '폰사요', price: 350_000 },
  terms: { prices: { S: 500_000, A: 450_000, B: 400_000, C: 250_000, D: 100_000 }, deductions: [{ code: 'touch', amount: 20_000 }, { code: 'camera', amount: 50_000 }] },
  refused: null, validUntil: '2026-11-27T10:00:00.000Z',
};

describe('the quote (given/when/then)', () => {
  const given = DeciderSpecification.for(buybackQuoteDecider);
  const accept = { type: 'AcceptBuybackQuote' as const, userId: 'u1', orderId: 'o1', handover: 'parcel' as const, payout: 'points' as const, bank: null };
  it('accepted by its owner within 7 days', () => {
    given([{ type: 'BuybackQuoted', data: quote }]).when(accept, { now: NOW })
      .then([{ type: 'BuybackQuoteAccepted', data: { quoteId: 'q1', orderId: 'o1', handover: 'parcel', payout: 'points', bank: null } }]);
  });
  it('expired (by time or by the scheduler) → 409; someone else’s → 404; accepted again with another order → 409; the same again → nothing', () => {
    given([{ type: 'BuybackQuoted', data: quote }]).when(accept, { now: new Date('2026-11-27T10:00:01.000Z') }).thenThrows('견적 유효기간');
    given([{ type: 'BuybackQuoted', data: quote }, { type: 'BuybackQuoteExpired', data: { quoteId: 'q1' } }]).when(accept, { now: NOW }).thenThrows('견적 유효기간');
    given([{ type: 'BuybackQuoted', data: quote }]).when({ ...accept, userId: 'u2' }).thenThrows('견적을 찾을 수 없습니다');
    const acceptedOnce: DomainEvent[] = [{ type: 'BuybackQuoted', data: quote }, { type: 'BuybackQuoteAccepted', data: { quoteId: 'q1', orderId: 'o1', handover: 'parcel', payout: 'points', bank: null } }];
    given(acceptedOnce).when({ ...accept, orderId: 'o2' }, { now: NOW }).thenThrows('이미 판매를 신청한');
    given(acceptedOnce).when(accept, { now: NOW }).thenNothing();
  });
  it('no shop buys it → cannot be accepted', () => {
    given([{ type: 'BuybackQuoted', data: { ...quote, best: null, runnerUp: null, terms: null } }]).when(accept, { now: NOW }).thenThrows('매입하는 매장이 없는');
  });
  it('expiry by the scheduler: once, and never after acceptance', () => {
    given([{ type: 'BuybackQuoted', data: quote }]).when({ type: 'ExpireBuybackQuote' }).then([{ type: 'BuybackQuoteExpired', data: { quoteId: 'q1' } }]);
    given([{ type: 'BuybackQuoted', data: quote }, { type: 'BuybackQuoteAccepted', data: { quoteId: 'q1', orderId: 'o1', handover: 'parcel', payout: 'points', bank: null } }]).when({ type: 'ExpireBuybackQuote' }).thenNothing();
  });
});

const placed: BuybackOrderPlacedData = {
  orderId: 'o1', quoteId: 'q1', userId: 'u1', sellerName: '김민수', shopId: 's1', storeName: '매입왕', modelId: 'galaxy-s24', modelName: '갤럭시 S24', storage: 256,
  grade: 'B', declared: ['touch'], quotedPrice: 380_000, terms: quote.terms!, handover: 'parcel', payout: 'bank',
  bank: { bankName: '국민은행', accountMasked: '***-***-**9012', accountSealed: 'v1.sealed', holder: '김민수' }, handoverDueAt: '2026-11-27T10:00:00.000Z', imeiLast4: '1234',
};
const placedEvent: DomainEvent = { type: 'BuybackOrderPlaced', data: placed };
const received: DomainEvent = { type: 'BuybackPhoneReceived', data: { orderId: 'o1', inspectionDueAt: '2026-11-24T10:00:00.000Z' } };

const matched: DomainEvent = {
  type: 'BuybackInspected',
  data: { orderId: 'o1', grade: 'B', findings: [], gradePhotoIds: [], note: '', late: false, outcome: 'match', price: 380_000, cut: 0, reasons: [], payoutDueAt: '2026-11-24T10:00:00.000Z', imeiLast4: '1234', imeiMismatch: false },
};

describe('the buyback order (given/when/then)', () => {
  const given = DeciderSpecification.for(buybackOrderDecider);
  it('received: inspection due 2 business days later (Friday → Tuesday)', () => {
    given([placedEvent]).when({ type: 'ReceiveBuybackPhone' }, { now: NOW }).then([received]);
    given([placedEvent, received]).when({ type: 'ReceiveBuybackPhone' }).thenNothing();
  });
  it('expires only if not received by then', () => {
    given([placedEvent]).when({ type: 'ExpireBuybackOrder' }).then([{ type: 'BuybackOrderExpired', data: { orderId: 'o1' } }]);
    given([placedEvent, received]).when({ type: 'ExpireBuybackOrder' }).thenNothing();
    given([placedEvent, { type: 'BuybackOrderExpired', data: { orderId: 'o1' } }]).when({ type: 'ReceiveBuybackPhone' }).thenThrows("'기한 만료' 상태의 매입 주문은 입고 처리할 수 없습니다.");
  });
  it('overdue inspection flagged once, only while it waits', () => {
    given([placedEvent, received]).when({ type: 'FlagBuybackInspectionOverdue' }).then([{ type: 'BuybackInspectionOverdue', data: { orderId: 'o1' } }]);
    given([placedEvent, received, { type: 'BuybackInspectionOverdue', data: { orderId: 'o1' } }]).when({ type: 'FlagBuybackInspectionOverdue' }).thenNothing();
    given([placedEvent]).when({ type: 'FlagBuybackInspectionOverdue' }).thenNothing();
  });
  it('an inspection that matches the quote: the quoted price stands, payout due in 2 business days; late if after its due time', () => {
    given([placedEvent, received]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'A', findings: [], gradePhotoIds: [], note: '' } }, { now: NOW }).then([{
      type: 'BuybackInspected',
      data: { orderId: 'o1', grade: 'A', findings: [], gradePhotoIds: [], note: '', late: false, outcome: 'match', price: 380_000, cut: 0, reasons: [], payoutDueAt: '2026-11-24T10:00:00.000Z', imeiLast4: '1234', imeiMismatch: false },
    }]);
    given([placedEvent, received]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'B', findings: [], gradePhotoIds: [], note: '' } }, { now: new Date('2026-11-25T10:00:00.000Z') })
      .thenState((s) => expect(s.status).toBe('payout_pending'));
  });
  it('a worse grade and an undeclared fault: the counter price from the shop’s own terms, with reasons', () => {
    given([placedEvent, received]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'C', findings: [{ code: 'camera', photoId: 'p1' }], gradePhotoIds: ['p2'], note: '모서리 찍힘' } }, { now: NOW }).then([{
      type: 'BuybackInspected',
      data: {
        orderId: 'o1', grade: 'C', findings: [{ code: 'camera', photoId: 'p1' }], gradePhotoIds: ['p2'], note: '모서리 찍힘', late: false, outcome: 'counter',
        // C 250,000 − touch (declared) 20,000 − camera 50,000
        price: 180_000, cut: 200_000, reasons: ['검수 등급 B → C (C급 매입가 250,000원)', '카메라 불량 확인 −50,000원'], payoutDueAt: null, imeiLast4: '1234', imeiMismatch: false,
      },
    }]);
  });
  it('a finding may not name a fault the seller declared; a worse grade needs photos', () => {
    given([placedEvent, received]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'B', findings: [{ code: 'touch', photoId: 'p1' }], gradePhotoIds: [], note: '' } }).thenThrows('검수 결과를 확인해주세요.');
    given([placedEvent, received]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'D', findings: [], gradePhotoIds: [], note: '' } }).thenThrows('검수 결과를 확인해주세요.');
    given([placedEvent]).when({ type: 'InspectBuybackPhone', inspection: { imeiLast4: '1234', grade: 'B', findings: [], gradePhotoIds: [], note: '' } }).thenThrows('검수할 수 없습니다');
  });
  it('the counter is never above the quote and never below 0', () => {
    expect(counterOffer(placed, { grade: 'S', findings: [{ code: 'camera', photoId: 'p' }] }).price).toBe(330_000);
    expect(counterOffer({ ...placed, terms: { ...placed.terms, prices: { ...placed.terms.prices, D: null } } }, { grade: 'D', findings: [] }).price).toBe(0);
  });
  const counter: DomainEvent = {
    type: 'BuybackInspected',
    data: { orderId: 'o1', grade: 'C', findings: [{ code: 'camera', photoId: 'p1' }], gradePhotoIds: ['p2'], note: '', late: false, outcome: 'counter', price: 180_000, cut: 200_000, reasons: [], payoutDueAt: null, imeiLast4: '1234', imeiMismatch: false },
  };
  it('the seller accepts the counter (payout pending at its price) or declines (free return, then returned)', () => {
    given([placedEvent, received, counter]).when({ type: 'DecideBuybackCounter', accept: true }, { now: NOW })
      .then([{ type: 'BuybackCounterAccepted', data: { orderId: 'o1', price: 180_000, payoutDueAt: '2026-11-24T10:00:00.000Z' } }]);
    given([placedEvent, received, counter]).when({ type: 'DecideBuybackCounter', accept: false }).then([{ type: 'BuybackCounterDeclined', data: { orderId: 'o1' } }]);
    given([placedEvent, received, counter, { type: 'BuybackCounterDeclined', data: { orderId: 'o1' } }])
      .when({ type: 'ShipBuybackReturn', courier: 'CJ대한통운', trackingNumber: '123456789' }).then([{ type: 'BuybackReturnShipped', data: { orderId: 'o1', courier: 'CJ대한통운', trackingNumber: '123456789' } }]);
    given([placedEvent, received]).when({ type: 'DecideBuybackCounter', accept: true }).thenThrows('재견적 수락할 수 없습니다');
    given([placedEvent, received, { ...counter, data: { ...counter.data, price: 0 } } as DomainEvent]).when({ type: 'DecideBuybackCounter', accept: true }).thenThrows('0원인 재견적');
  });
  it('issue 39: an IMEI read at inspection that differs from the one declared is recorded as a mismatch (never passed silently); the 삭제 확인서 must name the inspected phone', () => {
    const inspect = (imeiLast4: string) => ({ type: 'InspectBuybackPhone' as const, inspection: { imeiLast4, grade: 'B' as const, findings: [], gradePhotoIds: [], note: '' } });
    given([placedEvent, received]).when(inspect('9999'), { now: NOW }).then([{
      type: 'BuybackInspected',
      data: { orderId: 'o1', grade: 'B', findings: [], gradePhotoIds: [], note: '', late: false, outcome: 'match', price: 380_000, cut: 0, reasons: [], payoutDueAt: '2026-11-24T10:00:00.000Z', imeiLast4: '9999', imeiMismatch: true },
    }]);
    // Nothing declared (an order from before): nothing to compare, no flag.
    given([{ type: 'BuybackOrderPlaced', data: { ...placed, imeiLast4: null } }, received]).when(inspect('9999'), { now: NOW })
      .thenState((s) => expect(s.inspectedImei).toBe('9999'));
    const inspected9999: DomainEvent = { ...matched, data: { ...(matched.data as object), imeiLast4: '9999', imeiMismatch: true } } as DomainEvent;
    given([placedEvent, { event: received, at: new Date('2026-11-20T08:00:00.000Z') }, inspected9999]).when({ type: 'RecordBuybackErasure', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '1234' }, { now: NOW })
      .thenThrows('검수 때 확인한 단말기 식별번호 뒤 4자리(9999)와 다릅니다');
    given([placedEvent, { event: received, at: new Date('2026-11-20T08:00:00.000Z') }, inspected9999]).when({ type: 'RecordBuybackErasure', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '9999' }, { now: NOW })
      .thenState((s) => expect(s.erased).toBe(true));
  });
  it('issue 39: the person selling gives the 송장 (parcel only, before receipt; again replaces) and may cancel until the 매입처 has the phone', () => {
    const ship = { type: 'RecordBuybackShipment' as const, courier: 'CJ대한통운', trackingNumber: '123456789012', shopHasAddress: true };
    given([placedEvent]).when(ship).then([{ type: 'BuybackPhoneShipped', data: { orderId: 'o1', courier: 'CJ대한통운', trackingNumber: '123456789012' } }]);
    // Nowhere to send it yet: the 매입처 has no address.
    given([placedEvent]).when({ ...ship, shopHasAddress: false }).thenThrows('매입처가 아직 주소를 등록하지 않아 송장을 등록할 수 없습니다.');
    given([{ type: 'BuybackOrderPlaced', data: { ...placed, handover: 'visit' } }]).when(ship).thenThrows('매장 방문으로 신청한 판매에는 송장을 입력하지 않습니다');
    given([placedEvent, received]).when(ship).thenThrows("'입고·검수 중' 상태의 매입 주문은 송장 입력할 수 없습니다.");
    const cancelled: DomainEvent = { type: 'BuybackOrderCancelled', data: { orderId: 'o1' } };
    given([placedEvent, { type: 'BuybackPhoneShipped', data: { orderId: 'o1', courier: 'CJ대한통운', trackingNumber: '123456789012' } }]).when({ type: 'CancelBuybackOrder' }).then([cancelled]);
    given([placedEvent, cancelled]).when({ type: 'CancelBuybackOrder' }).thenNothing();
    given([placedEvent, received]).when({ type: 'CancelBuybackOrder' }).thenThrows("'입고·검수 중' 상태의 매입 주문은 취소할 수 없습니다.");
    // A cancelled order is not expired later, nor received.
    given([placedEvent, cancelled]).when({ type: 'ExpireBuybackOrder' }).thenNothing();
    given([placedEvent, cancelled]).when({ type: 'ReceiveBuybackPhone' }).thenThrows("'판매 취소' 상태의 매입 주문은 입고 처리할 수 없습니다.");
  });
  it('overdue payout flagged once, only while it waits; a payout after its due time is recorded late', () => {
    given([placedEvent, received, matched]).when({ type: 'FlagBuybackPayoutOverdue' }).then([{ type: 'BuybackPayoutOverdue', data: { orderId: 'o1' } }]);
    given([placedEvent, received, matched, { type: 'BuybackPayoutOverdue', data: { orderId: 'o1' } }]).when({ type: 'FlagBuybackPayoutOverdue' }).thenNothing();
    given([placedEvent, received]).when({ type: 'FlagBuybackPayoutOverdue' }).thenNothing();
    const erased: DomainEvent = { type: 'BuybackDataErased', data: { orderId: 'o1', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '1234' } };
    given([placedEvent, received, matched, erased]).when({ type: 'PayBuyback', reference: 'BB-1' }, { now: new Date('2026-11-25T00:00:00.000Z') })
      .then([{ type: 'BuybackPaid', data: { orderId: 'o1', amount: 380_000, payout: 'bank', late: true, bankRecord: { bankName: '국민은행', accountMasked: '***-***-**9012', holder: '김민수', reference: 'BB-1' } } }]);
  });
  it('payout: the 개인정보 삭제 확인서 first, then a bank payout record with the account masked', () => {
    given([placedEvent, received, matched]).when({ type: 'PayBuyback', reference: 'BB-1' }).thenThrows('개인정보 삭제 확인서를 먼저');
    const receivedAt8 = { event: received, at: new Date('2026-11-20T08:00:00.000Z') };
    given([placedEvent, receivedAt8, matched]).when({ type: 'RecordBuybackErasure', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '1234' }, { now: NOW })
      .then([{ type: 'BuybackDataErased', data: { orderId: 'o1', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '1234' } }]);
    // Issue 35: the erasure lies between the phone's receipt and now — not 1970, not before the shop had the phone, not later than now.
    for (const at of ['1970-01-01T00:00:00.000Z', '2026-11-20T07:59:59.999Z', '2026-11-20T10:00:00.001Z']) {
      given([placedEvent, receivedAt8, matched]).when({ type: 'RecordBuybackErasure', method: 'factory_reset', at, imeiLast4: '1234' }, { now: NOW }).thenThrows('삭제 일시를 확인해주세요.');
    }
    given([placedEvent, receivedAt8, matched]).when({ type: 'RecordBuybackErasure', method: 'factory_reset', at: '2026-11-20T08:00:00.000Z', imeiLast4: '1234' }, { now: NOW })
      .thenState((s) => expect(s.erased).toBe(true));
    // Entered to the minute: the minute the phone arrived in counts (a form's default is the current minute).
    given([placedEvent, { event: received, at: new Date('2026-11-20T08:00:30.000Z') }, matched])
      .when({ type: 'RecordBuybackErasure', method: 'factory_reset', at: '2026-11-20T08:00:00.000Z', imeiLast4: '1234' }, { now: NOW }).thenState((s) => expect(s.erased).toBe(true));
    const erased: DomainEvent = { type: 'BuybackDataErased', data: { orderId: 'o1', method: 'factory_reset', at: '2026-11-20T09:00:00.000Z', imeiLast4: '1234' } };
    given([placedEvent, received, matched, erased]).when({ type: 'PayBuyback', reference: 'BB-1' }, { now: NOW }).then([{
      type: 'BuybackPaid', data: { orderId: 'o1', amount: 380_000, payout: 'bank', late: false, bankRecord: { bankName: '국민은행', accountMasked: '***-***-**9012', holder: '김민수', reference: 'BB-1' } },
    }]);
    given([placedEvent, received, matched, erased]).when({ type: 'PayBuyback', reference: 'BB-1' }, { now: new Date('2026-11-25T00:00:00.000Z') }).thenState((s) => expect(s.status).toBe('paid'));
    expect(maskAccountNumber('1234567890')).toBe('******7890');
    expect(maskAccountNumber('123-456-789012')).toBe('***-***-**9012');
  });
});

describe('buyback processes (given/when/then, scheduler timers)', () => {
  it('an accepted quote opens the order with the best shop and its terms; a quote expires at validUntil', () => {
    const given = ProcessSpecification.for(buybackQuoteProcess.definition);
    given([{ type: 'BuybackQuoted', data: quote }]).when({ type: 'BuybackQuoteAccepted', data: { quoteId: 'q1', orderId: 'o1', handover: 'parcel', payout: 'bank', bank: placed.bank } }, '2026-11-20T10:00:00.000Z')
      .then([{ stream: 'buybackOrder-o1', command: { type: 'PlaceBuybackOrder', order: placed } }]);
    given([]).when({ type: 'BuybackQuoted', data: quote }).thenSchedules([{ dueAt: '2026-11-27T10:00:00.000Z', stream: 'given', command: { type: 'ExpireBuybackQuote' } }]);
  });
  it('handover due, inspection due, payout due; points paid to the wallet', () => {
    const given = ProcessSpecification.for(buybackOrderProcess.definition);
    given([]).when(placedEvent).thenSchedules([{ dueAt: '2026-11-27T10:00:00.000Z', stream: 'given', command: { type: 'ExpireBuybackOrder' } }]);
    given([placedEvent]).when(received as Extract<DomainEvent, { type: 'BuybackPhoneReceived' }>).thenSchedules([{ dueAt: '2026-11-24T10:00:00.000Z', stream: 'given', command: { type: 'FlagBuybackInspectionOverdue' } }]);
    given([placedEvent, received]).when(matched as Extract<DomainEvent, { type: 'BuybackInspected' }>).thenSchedules([{ dueAt: '2026-11-24T10:00:00.000Z', stream: 'given', command: { type: 'FlagBuybackPayoutOverdue' } }]);
    const points = { ...placed, payout: 'points' as const, bank: null };
    given([{ type: 'BuybackOrderPlaced', data: points }]).when({ type: 'BuybackPaid', data: { orderId: 'o1', amount: 380_000, payout: 'points', late: false, bankRecord: null } })
      .then([{ stream: 'wallet-u1', command: { type: 'PayBuybackPoints', orderId: 'o1', amount: 380_000 } }]);
    given([placedEvent]).when({ type: 'BuybackPaid', data: { orderId: 'o1', amount: 380_000, payout: 'bank', late: false, bankRecord: null } }).thenNothing();
  });
  it('the wallet gets the points once per order (the wallet’s own PointsEarned)', () => {
    const given = DeciderSpecification.for(walletDecider);
    given([]).when({ type: 'PayBuybackPoints', orderId: 'o1', amount: 380_000 }).then([{ type: 'PointsEarned', data: { orderId: 'o1', amount: 380_000, source: 'buyback' } }]);
    given([{ type: 'PointsEarned', data: { orderId: 'o1', amount: 380_000 } }]).when({ type: 'PayBuybackPoints', orderId: 'o1', amount: 380_000 }).thenNothing();
  });
});
