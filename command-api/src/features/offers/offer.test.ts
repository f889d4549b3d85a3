import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, OfferListed } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { offerDecider } from './offer.ts';

const given = DeciderSpecification.for(offerDecider);
const offer: OfferListed = {
  offerId: 'o1', modelId: 'galaxy-s26', sellerId: 's1', storage: 256, condition: 'new', grade: null, carrier: 'KT', joinType: '번호이동',
  plans: [{ planId: 'kt-5g-special', subsidy: 400_000 }], requiredMonths: 6, price: 1_254_000, extraSubsidy: 100_000, stock: 3, score: 90, badges: [], conditions: NO_CONDITIONS,
  listedAt: '2026-09-01T00:00:00.000Z',
};
const listed: DomainEvent = { type: 'OfferListed', data: offer };

describe('offer (given/when/then)', () => {
  it('lists an offer with its back-dated price changes, skipping ones that change nothing', () => {
    given([]).when({
      type: 'ListOffer', offer, history: [
        { price: 1_254_000, extraSubsidy: 150_000, effectiveAt: '2026-09-10T10:00:00.000Z' },
        { price: 1_254_000, extraSubsidy: 150_000, effectiveAt: '2026-09-11T10:00:00.000Z' },
      ],
    }).then([listed, { type: 'OfferPriceChanged', data: { offerId: 'o1', price: 1_254_000, extraSubsidy: 150_000, effectiveAt: '2026-09-10T10:00:00.000Z' } }]);
  });
  it('refuses to list the same offer twice', () => {
    given([listed]).when({ type: 'ListOffer', offer }).thenThrows('이미 등록된 판매 조건입니다. 상품 관리에서 재고를 수정해주세요.');
  });
  it('a price change is effective now (the decision context’s time)', () => {
    const now = new Date('2026-11-20T09:30:00.000Z');
    given([listed]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 1_200_000, extraSubsidy: 100_000 }, { now })
      .then([{ type: 'OfferPriceChanged', data: { offerId: 'o1', price: 1_200_000, extraSubsidy: 100_000, effectiveAt: now.toISOString() } }]);
  });
  it('the same price again changes nothing; a 추가지원금 above the price is refused; an unknown offer is 404', () => {
    given([listed]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 1_254_000, extraSubsidy: 100_000 }).thenNothing();
    given([listed]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 100_000, extraSubsidy: 200_000 }).thenThrows('추가지원금은 판매가를 넘을 수 없습니다.');
    given([]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 1, extraSubsidy: 0 }).thenThrows('판매 조건을 찾을 수 없습니다.');
  });
  it('a back-dated change before the last one is refused', () => {
    given([listed]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 1, extraSubsidy: 0, effectiveAt: '2026-08-01T00:00:00.000Z' })
      .thenThrows('가격 변경 시각은 이전 변경보다 뒤여야 합니다.');
  });
  it('a seller takes an offer off sale (비활성) and puts it back (활성); asking for the state it is in changes nothing', () => {
    const deactivated: DomainEvent = { type: 'OfferDeactivated', data: { offerId: 'o1' } };
    given([listed]).when({ type: 'SetOfferActive', offerId: 'o1', active: false }).then([deactivated]);
    given([listed, deactivated]).when({ type: 'SetOfferActive', offerId: 'o1', active: false }).thenNothing();
    given([listed, deactivated]).when({ type: 'SetOfferActive', offerId: 'o1', active: true }).then([{ type: 'OfferReactivated', data: { offerId: 'o1' } }]);
    given([listed]).when({ type: 'SetOfferActive', offerId: 'o1', active: true }).thenNothing();
    given([]).when({ type: 'SetOfferActive', offerId: 'o1', active: false }).thenThrows('판매 조건을 찾을 수 없습니다.');
  });
  it('an inactive offer keeps its price and can still be repriced; the state says whether it is on sale', () => {
    const now = new Date('2026-11-20T09:30:00.000Z');
    given([listed, { type: 'OfferDeactivated', data: { offerId: 'o1' } }]).when({ type: 'ChangeOfferPrice', offerId: 'o1', price: 1_200_000, extraSubsidy: 0 }, { now })
      .then([{ type: 'OfferPriceChanged', data: { offerId: 'o1', price: 1_200_000, extraSubsidy: 0, effectiveAt: now.toISOString() } }]);
    given([listed, { type: 'OfferDeactivated', data: { offerId: 'o1' } }]).when({ type: 'SetOfferActive', offerId: 'o1', active: false })
      .thenState((s) => expect(s).toMatchObject({ status: 'listed', active: false, offer: { price: 1_254_000 } }));
  });

  describe('stock (issue 23)', () => {
    const reserved = (orderId: string, quantity: number): DomainEvent => ({ type: 'OfferStockReserved', data: { offerId: 'o1', orderId, quantity } });
    it('an order takes units while enough are left; more than is left is refused with the units left', () => {
      given([listed]).when({ type: 'ReserveStock', orderId: 'ord-1', quantity: 2 }).then([reserved('ord-1', 2)]);
      given([listed, reserved('ord-1', 2)]).when({ type: 'ReserveStock', orderId: 'ord-2', quantity: 2 }).thenThrows('재고가 부족합니다. (남은 수량 1개)');
      given([listed, reserved('ord-1', 3)]).when({ type: 'ReserveStock', orderId: 'ord-2', quantity: 1 }).thenThrows('재고가 부족합니다. (남은 수량 0개)');
    });
    it('an order that already holds its units takes nothing more (a retried checkout)', () => {
      given([listed, reserved('ord-1', 2)]).when({ type: 'ReserveStock', orderId: 'ord-1', quantity: 2 }).thenNothing();
    });
    it('a release puts back exactly what the order held, once; an order holding nothing releases nothing', () => {
      given([listed, reserved('ord-1', 2)]).when({ type: 'ReleaseStock', orderId: 'ord-1', reason: 'order_cancelled' })
        .then([{ type: 'OfferStockReleased', data: { offerId: 'o1', orderId: 'ord-1', quantity: 2, reason: 'order_cancelled' } }]);
      const released: DomainEvent = { type: 'OfferStockReleased', data: { offerId: 'o1', orderId: 'ord-1', quantity: 2, reason: 'order_cancelled' } };
      given([listed, reserved('ord-1', 2), released]).when({ type: 'ReleaseStock', orderId: 'ord-1', reason: 'order_cancelled' }).thenNothing();
      given([listed]).when({ type: 'ReleaseStock', orderId: 'ord-9', reason: 'checkout_abandoned' }).thenNothing();
      given([listed, reserved('ord-1', 2), released]).when({ type: 'ReserveStock', orderId: 'ord-2', quantity: 3 }).then([reserved('ord-2', 3)]);
    });
    it('the state counts the units left, never below 0', () => {
      given([listed, reserved('ord-1', 1), reserved('ord-2', 2)]).when({ type: 'ReleaseStock', orderId: 'none', reason: 'order_cancelled' })
        .thenState((s) => expect(s).toMatchObject({ stockLeft: 0, reservations: { 'ord-1': 1, 'ord-2': 2 } }));
      given([listed, reserved('ord-1', 5)]).when({ type: 'ReleaseStock', orderId: 'none', reason: 'order_cancelled' })
        .thenState((s) => expect(s).toMatchObject({ stockLeft: 0 }));
    });
  });

  describe('재고 수정 (SetOfferStock)', () => {
    const reserved = (orderId: string, quantity: number): DomainEvent => ({ type: 'OfferStockReserved', data: { offerId: 'o1', orderId, quantity } });
    const restocked = (stock: number): DomainEvent => ({ type: 'OfferRestocked', data: { offerId: 'o1', stock } });
    it('a sold-out offer is restocked: the units are on sale again and an order may take them', () => {
      given([listed, reserved('ord-1', 3)]).when({ type: 'SetOfferStock', offerId: 'o1', stock: 5 }).then([restocked(5)]);
      given([listed, reserved('ord-1', 3), restocked(5)]).when({ type: 'ReserveStock', orderId: 'ord-2', quantity: 5 }).then([reserved('ord-2', 5)]);
      given([listed, reserved('ord-1', 3), restocked(5)]).when({ type: 'ReserveStock', orderId: 'ord-2', quantity: 6 }).thenThrows('재고가 부족합니다. (남은 수량 5개)');
    });
    it('the units held by orders and open checkouts stay theirs: a release later comes back on top of the units set', () => {
      given([listed, reserved('ord-1', 2), restocked(4)]).when({ type: 'ReleaseStock', orderId: 'ord-1', reason: 'checkout_abandoned' })
        .thenState((s) => expect(s).toMatchObject({ stockLeft: 6, reservations: {} }));
      // The order's retry takes nothing twice after a restock.
      given([listed, reserved('ord-1', 2), restocked(4)]).when({ type: 'ReserveStock', orderId: 'ord-1', quantity: 2 }).thenNothing();
    });
    it('0 marks it 품절; the same number writes nothing; an unknown offer is 404', () => {
      given([listed]).when({ type: 'SetOfferStock', offerId: 'o1', stock: 0 }).then([restocked(0)]);
      given([listed, restocked(0)]).when({ type: 'ReserveStock', orderId: 'ord-1', quantity: 1 }).thenThrows('재고가 부족합니다. (남은 수량 0개)');
      given([listed]).when({ type: 'SetOfferStock', offerId: 'o1', stock: 3 }).thenNothing();
      given([]).when({ type: 'SetOfferStock', offerId: 'o1', stock: 3 }).thenThrows('판매 조건을 찾을 수 없습니다.');
    });
  });
});
