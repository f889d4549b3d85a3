import { describe, it } from 'vitest';
import { NO_CONDITIONS } from '@phonemarket/contracts';
import type { DomainEvent, OfferListed } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { restockAlertProcess } from './priceAlertProcesses.ts';
import { restockAlertsDecider } from './restockAlerts.ts';

/** Issue 42 §3: 재입고 알림 — waiting in order, told once when units come back, then ended. */
const given = DeciderSpecification.for(restockAlertsDecider);
const asked = (userId: string): DomainEvent => ({ type: 'RestockAlertRequested', data: { userId, modelId: 'galaxy-s25', offerId: 'o-1' } });
const request = (userId: string, soldOut = true) => ({ type: 'RequestRestockAlert' as const, userId, modelId: 'galaxy-s25', offerId: 'o-1', soldOut });
const send = { type: 'SendRestockAlerts' as const, modelId: 'galaxy-s25', offerId: 'o-1' };

describe('restock alerts', () => {
  it('a buyer asks once on a sold-out offer; asking again is nothing; an offer with units is refused in Korean', () => {
    given([]).when(request('u1')).then([asked('u1')]);
    given([asked('u1')]).when(request('u1')).thenNothing();
    given([]).when(request('u1', false)).thenThrows('재고가 있는 상품입니다. 지금 바로 구매할 수 있어요.');
  });
  it('units back: everyone waiting, in the order they asked, once; then nobody', () => {
    given([asked('u2'), asked('u1'), asked('u3')]).when(send).then([{ type: 'RestockAlertsSent', data: { userIds: ['u2', 'u1', 'u3'], modelId: 'galaxy-s25', offerId: 'o-1' } }]);
    given([asked('u2'), { type: 'RestockAlertsSent', data: { userIds: ['u2'], modelId: 'galaxy-s25', offerId: 'o-1' } }]).when(send).thenNothing();
  });
});

describe('restock alert process', () => {
  const spec = ProcessSpecification.for(restockAlertProcess.definition);
  const listed: OfferListed = {
    offerId: 'o-1', modelId: 'galaxy-s25', sellerId: 's-1', storage: 256, condition: 'new', grade: null, carrier: 'SKT', joinType: '번호이동',
    plans: [], requiredMonths: 0, price: 1_000_000, extraSubsidy: 0, stock: 0, score: 80, badges: [], listedAt: '2026-11-20T00:00:00.000Z', conditions: NO_CONDITIONS,
  };
  it('sold out → restocked tells those waiting for the offer and for its model', () => {
    spec([{ type: 'OfferListed', data: listed }]).when({ type: 'OfferRestocked', data: { offerId: 'o-1', stock: 3 } }).then([
      { stream: 'restockAlerts-offer:o-1', command: send },
      { stream: 'restockAlerts-model:galaxy-s25', command: send },
    ]);
  });
  it('more units on an offer that had some, or units while off sale: nothing', () => {
    spec([{ type: 'OfferListed', data: { ...listed, stock: 2 } }]).when({ type: 'OfferRestocked', data: { offerId: 'o-1', stock: 5 } }).thenNothing();
    spec([{ type: 'OfferListed', data: listed }, { type: 'OfferDeactivated', data: { offerId: 'o-1' } }]).when({ type: 'OfferRestocked', data: { offerId: 'o-1', stock: 5 } }).thenNothing();
  });
  it('a new listing with units tells those waiting for its model', () => {
    spec([]).when({ type: 'OfferListed', data: { ...listed, stock: 1 } }).then([{ stream: 'restockAlerts-model:galaxy-s25', command: send }]);
  });
});
