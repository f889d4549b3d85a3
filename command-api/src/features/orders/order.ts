import {
  CANCELLABLE_ORDER_STATUSES, CARD_PAYMENT_LIMIT, ORDER_STATUS_LABELS,
  type OrderStatus, type OrderStatusUpdate, type PaymentMethod,
} from '@phonemarket/contracts';
import type { DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';

/** The order aggregate (stream `order-<orderId>`): placed and paid (simulated), then 배송준비 → 배송중 → 배송완료, or 취소됨 before shipping. */
export type OrderPlacedData = EventDataOf<'OrderPlaced'>;
export interface OrderState {
  status: OrderStatus | 'none';
  placed: OrderPlacedData | null;
}

export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'ChangeOrderStatus'; status: OrderStatusUpdate; courier?: string; trackingNumber?: string }
  | { type: 'CancelOrder'; reason: string };

export const ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';
const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];

/** Which status each update may come from. */
const FROM: Record<OrderStatusUpdate, OrderStatus> = { preparing: 'paid', shipped: 'preparing', delivered: 'shipped' };

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
      const from = FROM[command.status];
      if (state.status !== from) {
        throw new DomainError('conflict', `'${label(state.status)}' 상태의 주문은 '${label(command.status)}' 상태로 변경할 수 없습니다.`);
      }
      const orderId = state.placed.orderId;
      switch (command.status) {
        case 'preparing':
          return [{ type: 'OrderPreparationStarted', data: { orderId } }];
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
          delivered: '배송이 완료된 주문은 취소할 수 없습니다.',
          cancelled: '이미 취소된 주문입니다.',
          payment_failed: '결제되지 않은 주문은 취소할 수 없습니다.',
        };
        throw new DomainError('conflict', why[state.status] ?? `'${label(state.status)}' 상태의 주문은 취소할 수 없습니다.`);
      }
      return [{ type: 'OrderCancelled', data: { orderId: state.placed.orderId, reason: command.reason } }];
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
    case 'OrderPlaced': return { status: 'paid', placed: event.data };
    case 'PaymentFailed': return { ...state, status: 'payment_failed' };
    case 'OrderPreparationStarted': return { ...state, status: 'preparing' };
    case 'OrderShipped': return { ...state, status: 'shipped' };
    case 'OrderDelivered': return { ...state, status: 'delivered' };
    case 'OrderCancelled': return { ...state, status: 'cancelled' };
    default: return state;
  }
}

export const orderDecider: Decider<OrderState, OrderCommand> = { initialState: () => ({ status: 'none', placed: null }), evolve, decide };
