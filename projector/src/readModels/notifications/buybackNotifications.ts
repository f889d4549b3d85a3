import { josa } from 'es-hangul';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, type EventOf } from '../docProjection.ts';

/**
 * What a buyback order tells whom (issue 26, type `order`): the person selling — received, the
 * inspection's outcome or a counter-offer, returned, paid, expired; the shop — a new order, the
 * counter-offer's answer, late inspection or payout, expired. Written by the notifications read model,
 * which calls this for `BUYBACK_NOTIFIED` events and keeps, in its own lookups, each order's parties
 * (`buybackNotificationLookup`, from `BuybackOrderPlaced`).
 */
export const BUYBACK_NOTIFIED = [
  'BuybackOrderPlaced', 'BuybackPhoneReceived', 'BuybackInspected', 'BuybackCounterAccepted', 'BuybackCounterDeclined', 'BuybackReturnShipped',
  'BuybackPaid', 'BuybackOrderExpired', 'BuybackInspectionOverdue', 'BuybackPayoutOverdue', 'BuybackPhoneShipped', 'BuybackOrderCancelled',
] as const;
export type BuybackNotified = (typeof BUYBACK_NOTIFIED)[number];
export interface BuybackNotification { userId: string; type: 'order'; title: string; message: string; link: string }
export interface BuybackOrderFact extends Doc { userId: string; shopId: string; modelName: string; _pos: number }

export const buybackFactId = (orderId: string) => `buyback:${orderId}`;

/** The order's parties and model, kept in the notifications' own lookup collection. */
export const buybackNotificationLookup = (collection: string) => docProjection<BuybackOrderFact, 'BuybackOrderPlaced'>({
  name: 'notificationBuybackOrders',
  collection,
  canHandle: ['BuybackOrderPlaced'],
  id: (e) => buybackFactId(e.data.orderId),
  evolve: (_doc, { data }) => ({ userId: data.userId, shopId: data.shopId, modelName: data.modelName }),
});

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const SHOP_LINK = '/seller-dashboard?tab=buyback';

export function buybackNotifications(event: EventOf<BuybackNotified>, order: Pick<BuybackOrderFact, 'userId' | 'shopId' | 'modelName'> | null): BuybackNotification[] {
  const orderId = event.data.orderId;
  const fact = event.type === 'BuybackOrderPlaced' ? { userId: event.data.userId, shopId: event.data.shopId, modelName: event.data.modelName } : order;
  if (!fact) return [];
  const toSeller = (title: string, message: string): BuybackNotification => ({ userId: fact.userId, type: 'order', title, message, link: `/sell/orders/${orderId}` });
  const toShop = (title: string, message: string): BuybackNotification => ({ userId: fact.shopId, type: 'order', title, message, link: SHOP_LINK });
  const model = fact.modelName;
  switch (event.type) {
    case 'BuybackOrderPlaced':
      return [toShop('새 매입 신청이 들어왔습니다', `${model} ${won(event.data.quotedPrice)} 매입 신청입니다. 7일 안에 입고를 확인해주세요.`)];
    case 'BuybackPhoneReceived':
      return [toSeller('휴대폰이 매장에 도착했습니다', `${model} 검수를 영업일 2일 안에 마칩니다.`)];
    case 'BuybackPhoneShipped':
      return [toShop('판매하시는 분이 휴대폰을 보냈습니다', `${model} · ${event.data.courier} ${event.data.trackingNumber}. 도착하면 입고를 확인해주세요.`)];
    case 'BuybackOrderCancelled':
      return [toShop('매입 신청이 취소되었습니다', `판매하시는 분이 ${model} 판매 신청을 취소했습니다.`)];
    case 'BuybackInspected': {
      const d = event.data;
      const [title, outcome] = d.outcome === 'match'
        ? ['검수가 끝났습니다', `${model} 검수 결과가 견적과 같습니다. ${won(d.price)}을 지급합니다.`]
        : ['재견적이 도착했습니다', `${model} 재견적 ${won(d.price)} (−${won(d.cut)}). 수락하거나 거절(무료 반송)해주세요.`];
      if (!d.imeiMismatch) return [toSeller(title, outcome)];
      // Issue 39: a phone whose 단말기 식별번호 differs from the one declared is told to both sides (one message each per event; admins see it flagged in their list).
      return [
        toSeller('단말기 식별번호가 다릅니다', `검수에서 확인한 단말기 식별번호 뒤 4자리(${d.imeiLast4 ?? '-'})가 신청 때 알려주신 번호와 다릅니다. 보내신 휴대폰이 맞는지 확인해주세요. ${outcome}`),
        toShop('단말기 식별번호 불일치', `${model} 검수 번호 뒤 4자리(${d.imeiLast4 ?? '-'})가 판매하시는 분이 알린 번호와 다릅니다. 관리자에게 표시됩니다.`),
      ];
    }
    case 'BuybackCounterAccepted':
      return [toShop('재견적이 수락되었습니다', `${model} ${won(event.data.price)}. 개인정보 삭제 확인서를 등록하고 대금을 지급해주세요.`)];
    case 'BuybackCounterDeclined':
      return [toShop('재견적이 거절되었습니다', `${josa(model, '을/를')} 판매하시는 분께 무료로 돌려보내고 운송장을 입력해주세요.`)];
    case 'BuybackReturnShipped':
      return [toSeller('휴대폰을 돌려보냈습니다', `${model} · ${event.data.courier} ${event.data.trackingNumber}`)];
    case 'BuybackPaid':
      return [toSeller('판매 대금이 지급되었습니다', event.data.payout === 'points' ? `${model} ${event.data.amount.toLocaleString('ko-KR')} P가 적립되었습니다.` : `${model} ${won(event.data.amount)}이 입금되었습니다.`)];
    case 'BuybackOrderExpired':
      return [
        toSeller('판매 신청이 만료되었습니다', `${josa(model, '이/가')} 7일 안에 매장에 도착하지 않아 판매 신청이 만료되었습니다.`),
        toShop('매입 신청이 만료되었습니다', `${model} 매입 신청이 입고 기한(7일)이 지나 만료되었습니다.`),
      ];
    case 'BuybackInspectionOverdue':
      return [toShop('검수 기한이 지났습니다', `${model} 검수 기한(영업일 2일)이 지났습니다. 관리자에게 지연으로 표시됩니다.`)];
    case 'BuybackPayoutOverdue':
      return [toShop('대금 지급 기한이 지났습니다', `${model} 대금 지급 기한(영업일 2일)이 지났습니다. 관리자에게 지연으로 표시됩니다.`)];
  }
}
