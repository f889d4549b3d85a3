import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectChanged, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { actor } from '../../testing/sampleEvents.ts';
import { BUYBACK_GRIDS, BUYBACK_MARKET, BUYBACK_ORDERS, BUYBACK_QUOTES, BUYBACK_SHOPS, buybackReadModel } from './buybackReadModel.ts';

const given = ProjectionSpecification.for(buybackReadModel);
const terms = { prices: { S: 520_000, A: 480_000, B: 420_000, C: 300_000, D: 120_000 }, deductions: [{ code: 'camera' as const, amount: 60_000 }] };
const quoted = (quoteId: string, price: number | null) => ({
  type: 'BuybackQuoted', stream: streams.buybackQuote(quoteId), actor: actor('u-1'),
  data: {
    quoteId, userId: 'u-1', sellerName: '김민수', modelId: 'galaxy-s24', modelName: '갤럭시 S24', storage: 256, answers: { scratches: true }, batteryHealth: null, imeiLast4: null,
    grade: 'B', declared: [], best: price === null ? null : { shopId: 's-1', storeName: '매입왕', price }, runnerUp: null, terms: price === null ? null : terms, refused: null,
    validUntil: '2026-11-27T10:00:00.000Z',
  },
}) as const;
const order = streams.buybackOrder('o-1');
const placed = {
  type: 'BuybackOrderPlaced', stream: order, actor: actor('u-1'),
  data: {
    orderId: 'o-1', quoteId: 'q-1', userId: 'u-1', sellerName: '김민수', shopId: 's-1', storeName: '매입왕', modelId: 'galaxy-s24', modelName: '갤럭시 S24', storage: 256,
    grade: 'B', declared: [], quotedPrice: 420_000, terms, handover: 'parcel', payout: 'points', bank: null, handoverDueAt: '2026-11-27T10:00:00.000Z', imeiLast4: '1234',
  },
} as const;

describe('buyback read model', () => {
  it('each step of an order is pushed to the phone\'s seller, the shop and the admins (buyback:order)', async () => {
    await given([placed])
      .when([{ type: 'BuybackInspectionOverdue', stream: order, data: { orderId: 'o-1' } }])
      .then(expectPushes(['user:u-1', 'user:s-1', 'admins'].map((room) => ({ topic: 'buybackOrder', room, payload: { orderId: 'o-1', status: 'accepted', overdue: true } }))));
  });

  it('a shop’s grid with its history, latest first', async () => {
    const rows = [{ modelId: 'galaxy-s24', storage: 256, grade: 'B' as const, price: 420_000 }];
    await given([{ type: 'BuybackPricesReplaced', stream: streams.buybackPrices(), data: { shopId: 's-1', items: rows, deductions: [], added: 1, removed: 0, changed: 0, deductionsChanged: false } }])
      .when([{ type: 'BuybackPricesReplaced', stream: streams.buybackPrices(), data: { shopId: 's-1', items: [], deductions: [], added: 0, removed: 1, changed: 0, deductionsChanged: false } }])
      .then(expectDocuments.fromCollection(BUYBACK_GRIDS).withId('s-1').toMatch({
        items: [], history: [{ rows: 0, added: 0, removed: 1 }, { rows: 1, added: 1, removed: 0 }],
      }));
  });

  it('quotes: the quote, its acceptance; the market keeps each model/grade’s best prices and moves the ranking broadcast', async () => {
    await given([])
      .when([quoted('q-1', 420_000), quoted('q-2', null), { type: 'BuybackQuoteAccepted', stream: streams.buybackQuote('q-1'), data: { quoteId: 'q-1', orderId: 'o-1', handover: 'parcel', payout: 'points', bank: null } }])
      .then(
        expectDocuments.fromCollection(BUYBACK_QUOTES).withId('q-1').toMatch({ grade: 'B', best: { price: 420_000 }, orderId: 'o-1', expired: false }),
        expectDocuments.fromCollection(BUYBACK_MARKET).withId('galaxy-s24|B').toMatch({ modelName: '갤럭시 S24', quotes: [{ price: 420_000 }, { price: null }] }),
        expectChanged(['ranking']),
      );
  });

  it('an order’s timeline names each actor; a counter-offer, its decision; the shop’s figures count inspections, cuts and payments', async () => {
    await given([placed])
      .when([
        { type: 'BuybackPhoneReceived', stream: order, actor: actor('s-1', 'seller'), data: { orderId: 'o-1', inspectionDueAt: '2026-11-24T10:00:00.000Z' } },
        { type: 'BuybackInspectionOverdue', stream: order, data: { orderId: 'o-1' } },
        {
          type: 'BuybackInspected', stream: order, actor: actor('s-1', 'seller'),
          data: { orderId: 'o-1', grade: 'C', findings: [], gradePhotoIds: ['p-1'], note: '', late: true, outcome: 'counter', price: 300_000, cut: 120_000, reasons: ['검수 등급 B → C'], payoutDueAt: null, imeiLast4: '1234', imeiMismatch: false },
        },
        { type: 'BuybackCounterAccepted', stream: order, actor: actor('u-1'), data: { orderId: 'o-1', price: 300_000, payoutDueAt: '2026-11-26T10:00:00.000Z' } },
        { type: 'BuybackDataErased', stream: order, actor: actor('s-1', 'seller'), data: { orderId: 'o-1', method: 'factory_reset', at: '2026-11-21T10:00:00.000Z', imeiLast4: '1234' } },
        { type: 'BuybackPaid', stream: order, actor: actor('s-1', 'seller'), at: '2026-11-22T22:00:00.000Z', data: { orderId: 'o-1', amount: 300_000, payout: 'points', late: false, bankRecord: null } },
      ])
      .then(
        expectDocuments.fromCollection(BUYBACK_ORDERS).withId('o-1').toMatch({
          status: 'paid', finalPrice: 300_000, inspectionOverdue: true, counter: { price: 300_000, cut: 120_000, decision: 'accepted' },
          timeline: [
            { label: '판매 신청', actor: 'customer', actorName: '김민수' }, { label: '입고 확인', actor: 'shop', actorName: '매입왕' }, { label: '검수 지연', actor: 'system' },
            { label: '재견적 제안', actor: 'shop' }, { label: '재견적 수락', actor: 'customer' }, { label: '개인정보 삭제 확인서', actor: 'shop' }, { label: '대금 지급', actor: 'shop', detail: '300,000 P 적립' },
          ],
        }),
        expectDocuments.fromCollection(BUYBACK_SHOPS).withId('s-1').toMatch({ storeName: '매입왕', deals: 1, inspected: 1, counterOffered: 1, cutTotal: 120_000, daysToPay: [2.5] }),
      );
  });
});
