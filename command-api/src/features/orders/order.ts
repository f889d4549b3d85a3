import {
  CANCELLABLE_ORDER_STATUSES, CARD_PAYMENT_LIMIT, ORDER_STATUS_LABELS, RETURN_WINDOW_DAYS,
  type OrderStatus, type OrderStatusUpdate, type PaymentMethod, type ReturnKind,
} from '@phonemarket/contracts';
import type { DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';

/**
 * The order aggregate (stream `order-<orderId>`): placed and paid (simulated), then 배송준비 → 배송중 →
 * 배송완료 → 구매확정; with carrier lines (개통) 개통 준비 → 개통 완료 → 배송중; 취소됨 before shipping (and before
 * 개통 완료); after delivery a 교환/반품 request, decided by the seller (issue 30).
 */
export type OrderPlacedData = EventDataOf<'OrderPlaced'>;
export interface OrderReturnState { kind: ReturnKind; status: 'requested' | 'approved' | 'rejected' }
export interface OrderState {
  status: OrderStatus | 'none';
  placed: OrderPlacedData | null;
  /** When it was (last) delivered: the 교환/반품 window and 구매확정 count from it. */
  deliveredAt: string | null;
  returns: ReadonlyMap<string, OrderReturnState>;
  refunded: boolean;
}

export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'ChangeOrderStatus'; status: OrderStatusUpdate; courier?: string; trackingNumber?: string; activatedOn?: string; numberLast4?: string }
  | { type: 'CancelOrder'; reason: string }
  /** 구매확정: by the buyer, or by the scheduler `AUTO_CONFIRM_AFTER_DAYS` after delivery (then nothing if it moved on). */
  | { type: 'ConfirmOrder'; automatic: boolean }
  | { type: 'RequestReturn'; returnId: string; kind: ReturnKind; reason: string; defective: boolean; photos: string[] }
  | { type: 'DecideReturn'; returnId: string; decision: 'approved' | 'rejected'; note: string | null }
  /** A 반품 approved: what was charged today goes back through the order's payment. */
  | { type: 'RefundPayment' };

export const ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';
const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which statuses each update may come from: an order with 개통 goes 개통 준비 → 개통 완료 instead of 배송준비. */
function allowedFrom(update: OrderStatusUpdate, withActivation: boolean): readonly OrderStatus[] {
  switch (update) {
    case 'preparing': return withActivation ? [] : ['paid'];
    case 'activating': return withActivation ? ['paid'] : [];
    case 'activated': return ['activating'];
    case 'shipped': return [withActivation ? 'activated' : 'preparing', 'exchanging'];
    case 'delivered': return ['shipped'];
  }
}

function decide(command: OrderCommand, state: OrderState, ctx: DecisionContext): DomainEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      // Placing the same order again (a retried checkout) changes nothing.
      if (state.status !== 'none') return [];
      const { order } = command;
      return [{ type: 'OrderPlaced', data: order }, paymentOutcome(order.orderId, order.paymentMethod, order.amounts.total, ctx)];
    }
    case 'ChangeOrderStatus': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      if (!allowedFrom(command.status, state.placed.activation !== null).includes(state.status)) {
        const why = command.status === 'preparing' && state.placed.activation ? ' 개통이 필요한 주문은 개통 준비로 진행해주세요.' : '';
        throw new DomainError('conflict', `'${label(state.status)}' 상태의 주문은 '${label(command.status)}' 상태로 변경할 수 없습니다.${why}`);
      }
      const orderId = state.placed.orderId;
      switch (command.status) {
        case 'preparing':
          return [{ type: 'OrderPreparationStarted', data: { orderId } }];
        case 'activating':
          return [{ type: 'OrderActivationStarted', data: { orderId } }];
        case 'activated': {
          const errors: Record<string, string> = {};
          if (!command.activatedOn) errors.activatedOn = '개통일을 입력해주세요.';
          if (!command.numberLast4) errors.numberLast4 = '개통 번호 뒤 4자리를 입력해주세요.';
          if (!command.activatedOn || !command.numberLast4) throw new DomainError('invalid', '개통 완료로 바꾸려면 개통일과 번호 뒤 4자리가 필요합니다.', errors);
          return [{ type: 'OrderActivated', data: { orderId, activatedOn: command.activatedOn, numberLast4: command.numberLast4 } }];
        }
        case 'shipped': {
          const errors: Record<string, string> = {};
          if (!command.courier) errors.courier = '택배사를 입력해주세요.';
          if (!command.trackingNumber) errors.trackingNumber = '송장번호를 입력해주세요.';
          if (!command.courier || !command.trackingNumber) throw new DomainError('invalid', '배송중으로 바꾸려면 택배사와 송장번호가 필요합니다.', errors);
          return [{ type: 'OrderShipped', data: { orderId, courier: command.courier, trackingNumber: command.trackingNumber } }];
        }
        case 'delivered':
          return [{ type: 'OrderDelivered', data: { orderId } }];
        default:
          return unhandled(command.status);
      }
    }
    case 'CancelOrder': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      if (!CANCELLABLE_ORDER_STATUSES.includes(state.status)) {
        const why: Partial<Record<OrderStatus, string>> = {
          shipped: '배송이 시작된 주문은 취소할 수 없습니다.',
          delivered: '배송이 완료된 주문은 취소할 수 없습니다. 교환/반품을 신청해주세요.',
          activated: '개통이 완료된 주문은 취소할 수 없습니다. 판매자에게 문의해주세요.',
          cancelled: '이미 취소된 주문입니다.',
          payment_failed: '결제되지 않은 주문은 취소할 수 없습니다.',
        };
        throw new DomainError('conflict', why[state.status] ?? `'${label(state.status)}' 상태의 주문은 취소할 수 없습니다.`);
      }
      return [{ type: 'OrderCancelled', data: { orderId: state.placed.orderId, reason: command.reason } }];
    }
    case 'ConfirmOrder': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      // The scheduler's 구매확정 finds an order that moved on (a 교환/반품 asked for, confirmed already): nothing.
      if (state.status !== 'delivered') {
        if (command.automatic) return [];
        throw new DomainError('conflict', state.status === 'confirmed' ? '이미 구매확정된 주문입니다.' : '배송완료된 주문만 구매확정할 수 있습니다.');
      }
      return [{ type: 'OrderConfirmed', data: { orderId: state.placed.orderId, automatic: command.automatic } }];
    }
    case 'RequestReturn': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      if (state.returns.has(command.returnId)) return [];
      if (state.status === 'confirmed') throw new DomainError('conflict', '구매확정된 주문은 교환/반품을 신청할 수 없습니다.');
      if (state.status === 'return_requested') throw new DomainError('conflict', '이미 교환/반품을 신청한 주문입니다.');
      if (state.status !== 'delivered' || !state.deliveredAt) throw new DomainError('conflict', '배송완료된 주문만 교환/반품을 신청할 수 있습니다.');
      if (ctx.now.getTime() - Date.parse(state.deliveredAt) > RETURN_WINDOW_DAYS * DAY_MS) {
        throw new DomainError('conflict', `배송완료 후 ${RETURN_WINDOW_DAYS}일이 지나 교환/반품을 신청할 수 없습니다. 판매자에게 문의해주세요.`);
      }
      const { type: _t, ...request } = command;
      return [{ type: 'OrderReturnRequested', data: { orderId: state.placed.orderId, ...request } }];
    }
    case 'DecideReturn': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      const request = state.returns.get(command.returnId);
      if (!request) throw new DomainError('not_found', '교환/반품 신청을 찾을 수 없습니다.');
      if (request.status !== 'requested') {
        if (request.status === command.decision) return [];
        throw new DomainError('conflict', '이미 처리된 교환/반품 신청입니다.');
      }
      const orderId = state.placed.orderId;
      if (command.decision === 'rejected') {
        if (!command.note) throw new DomainError('invalid', '거절 사유를 입력해주세요.', { note: '거절 사유를 입력해주세요.' });
        return [{ type: 'OrderReturnRejected', data: { orderId, returnId: command.returnId, note: command.note } }];
      }
      return [{ type: 'OrderReturnApproved', data: { orderId, returnId: command.returnId, note: command.note } }];
    }
    case 'RefundPayment': {
      if (!state.placed || state.refunded || state.status !== 'returned') return [];
      return [{ type: 'PaymentRefunded', data: { orderId: state.placed.orderId, amount: state.placed.amounts.payNow, method: state.placed.paymentMethod } }];
    }
    default:
      return unhandled(command);
  }
}

/** The simulated payment's outcome as an event: a card payment over the limit is refused with a Korean reason. */
export function paymentOutcome(orderId: string, method: PaymentMethod, amount: number, ctx: Pick<DecisionContext, 'newId'>): DomainEvent {
  if (method === 'card' && amount > CARD_PAYMENT_LIMIT) {
    return { type: 'PaymentFailed', data: { orderId, method, reason: `카드 결제 한도(${CARD_PAYMENT_LIMIT.toLocaleString('ko-KR')}원)를 초과했습니다. 다른 결제 수단을 선택해주세요.` } };
  }
  const approvalNumber = ctx.newId().replace(/[^0-9a-f]/gi, '').slice(0, 12).toUpperCase();
  return { type: 'PaymentCaptured', data: { orderId, method, amount, approvalNumber } };
}

function evolve(state: OrderState, event: StoredEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced': return { ...state, status: 'paid', placed: event.data };
    case 'PaymentFailed': return { ...state, status: 'payment_failed' };
    case 'OrderPreparationStarted': return { ...state, status: 'preparing' };
    case 'OrderActivationStarted': return { ...state, status: 'activating' };
    case 'OrderActivated': return { ...state, status: 'activated' };
    case 'OrderShipped': return { ...state, status: 'shipped' };
    case 'OrderDelivered': return { ...state, status: 'delivered', deliveredAt: event.metadata.at };
    case 'OrderCancelled': return { ...state, status: 'cancelled' };
    case 'OrderConfirmed': return { ...state, status: 'confirmed' };
    case 'OrderReturnRequested':
      return { ...state, status: 'return_requested', returns: new Map(state.returns).set(event.data.returnId, { kind: event.data.kind, status: 'requested' }) };
    case 'OrderReturnApproved': {
      const request = state.returns.get(event.data.returnId);
      if (!request) return state;
      return { ...state, status: request.kind === 'return' ? 'returned' : 'exchanging', returns: new Map(state.returns).set(event.data.returnId, { ...request, status: 'approved' }) };
    }
    case 'OrderReturnRejected': {
      const request = state.returns.get(event.data.returnId);
      return request ? { ...state, status: 'delivered', returns: new Map(state.returns).set(event.data.returnId, { ...request, status: 'rejected' }) } : state;
    }
    case 'PaymentRefunded': return { ...state, refunded: true };
    default: return state;
  }
}

export const orderDecider: Decider<OrderState, OrderCommand> = {
  initialState: () => ({ status: 'none', placed: null, deliveredAt: null, returns: new Map(), refunded: false }),
  evolve,
  decide,
};
