import {
  BROKEN_CONDITION_MESSAGE, CANCELLABLE_ORDER_STATUSES, TRACKING_CORRECTION_MESSAGES, citedConditionOf, CARD_PAYMENT_LIMIT, ORDER_STATUS_LABELS, ORDER_STATUS_UPDATE_LABELS, RETURN_WINDOW_DAYS, returnRefund,
  type CitedCondition, type OrderStatus, type OrderStatusUpdate, type PaymentMethod, type ReturnCollectionMethod, type ReturnKind, type ReturnStatus,
} from '@phonemarket/contracts';
import type { DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';

/**
 * The order aggregate (stream `order-<orderId>`): placed and paid (simulated), then 배송준비 → 배송중 →
 * 배송완료 → 구매확정; with carrier lines (개통) 개통 준비 → 개통 완료 → 배송중, or for 매장 방문 개통 완료 → 매장
 * 수령 완료 (issue 39); 취소됨 before shipping (and before 개통 완료); after delivery a 교환/반품 request, decided
 * by the seller; a 반품 approved is collected (택배 or 매장 반납), inspected, then refunded (issue 39).
 *
 * Who may: the buyer (수령 확인, 교환/반품 신청), the seller of every line or an admin (moving it on, deciding and
 * inspecting a 반품), any of them (a 반품's 회수). Someone else is told the order does not exist (404); a party
 * asking for another's step is refused (403). Commands a process sends carry no such check.
 */
export type OrderPlacedData = EventDataOf<'OrderPlaced'>;
export interface OrderReturnState { kind: ReturnKind; status: ReturnStatus; defective: boolean }
export interface OrderState {
  status: OrderStatus | 'none';
  placed: OrderPlacedData | null;
  /** When it was (last) delivered: the 교환/반품 window and 구매확정 count from it. */
  deliveredAt: string | null;
  returns: ReadonlyMap<string, OrderReturnState>;
  refunded: boolean;
  /** The 송장 the buyer's 배송 조회 follows: the last 발송's, or its correction (s62); null before it ships. */
  shipment: { courier: string; trackingNumber: string } | null;
}

export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'ChangeOrderStatus'; status: OrderStatusUpdate; courier?: string; trackingNumber?: string; activatedOn?: string; numberLast4?: string }
  /** 송장 정정 (s62): the order's seller (or an admin) corrects the 택배사 or 송장번호 while it is 배송중, saying why. */
  | { type: 'CorrectShipmentTracking'; courier: string; trackingNumber: string; reason: string }
  /** 수령 확인: the buyer says the parcel arrived (배송중 → 배송완료). */
  | { type: 'ConfirmReceipt' }
  | { type: 'CancelOrder'; reason: string }
  /** 판매자 취소: the order's seller (or an admin) cannot fulfil it; before it ships, as the buyer's cancel, with the same refund and units back. */
  | { type: 'CancelOrderAsSeller'; reason: string }
  /** 구매확정: by the buyer, or by a process timer on the runner `AUTO_CONFIRM_AFTER_DAYS` after delivery (then nothing if it moved on). */
  | { type: 'ConfirmOrder'; automatic: boolean }
  /** `brokenCondition`: the ref of the 계약 조건서's condition it cites (issue 40), checked against the order's own. */
  | { type: 'RequestReturn'; returnId: string; kind: ReturnKind; reason: string; defective: boolean; photos: string[]; brokenCondition?: string | null }
  | { type: 'DecideReturn'; returnId: string; decision: 'approved' | 'rejected'; note: string | null }
  /** How an approved 반품 comes back: 택배 (courier and 송장) or 매장 반납. */
  | { type: 'RegisterReturnCollection'; returnId: string; method: ReturnCollectionMethod; courier: string | null; trackingNumber: string | null }
  /** 검수: the 반품 is back and checked; the process then refunds it and puts its units back on sale. */
  | { type: 'InspectReturn'; returnId: string; note: string | null }
  /** A 반품 inspected: what was charged today goes back through the order's payment, less a 단순 변심's 왕복 배송비 (the process's). */
  | { type: 'RefundPayment'; returnId: string }
  /** A cancelled order (s59): its whole 오늘 결제 back through its payment; sent by the cancel's process, never a route. */
  | { type: 'RefundCancelledOrder' };

export const ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';

/**
 * The condition of the order's 계약 조건서 a 교환/반품 or an inquiry cites as broken or disputed (issue 40): null when
 * none is cited; a ref the order's lines do not have is refused (400, Korean, on `brokenCondition`).
 */
export function citedCondition(placed: OrderPlacedData, ref: string | null | undefined): CitedCondition | null {
  if (!ref) return null;
  const cited = citedConditionOf(placed.items, ref);
  if (!cited) throw new DomainError('invalid', BROKEN_CONDITION_MESSAGE, { brokenCondition: BROKEN_CONDITION_MESSAGE });
  return cited;
}

/** The buyer's own order an inquiry is about, and the condition it cites (another's order or none: 404). */
export function inquiryAboutOrder(placed: OrderPlacedData | null, buyerId: string, ref: string | null | undefined): { orderId: string; brokenCondition: CitedCondition | null } {
  if (!placed || placed.buyerId !== buyerId) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return { orderId: placed.orderId, brokenCondition: citedCondition(placed, ref) };
}
const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];
const DAY_MS = 24 * 60 * 60 * 1000;
export const RETURN_NOT_FOUND = '교환/반품 신청을 찾을 수 없습니다.';

/**
 * Which statuses each update may come from: an order with 개통 goes 개통 준비 → 개통 완료 instead of 배송준비; a
 * 매장 방문 order is taken at the store after 개통 완료 (매장 수령 완료), never sent by courier but for an exchange.
 */
function allowedFrom(update: OrderStatusUpdate, withActivation: boolean, atStore: boolean): readonly OrderStatus[] {
  switch (update) {
    case 'preparing': return withActivation ? [] : ['paid'];
    case 'activating': return withActivation ? ['paid'] : [];
    case 'activated': return ['activating'];
    case 'shipped': return atStore ? ['exchanging'] : [withActivation ? 'activated' : 'preparing', 'exchanging'];
    case 'delivered': return ['shipped'];
    case 'picked_up': return atStore ? ['activated'] : [];
  }
}

type Placed = OrderState & { status: OrderStatus; placed: OrderPlacedData };
const requirePlaced = (state: OrderState): Placed => {
  if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return state as Placed;
};
const isBuyer = (state: Placed, ctx: DecisionContext) => ctx.actor.userId !== null && ctx.actor.userId === state.placed.buyerId;
/** The seller of every line (a seller's account id is its seller id) or an admin. */
const handles = (state: Placed, ctx: DecisionContext) =>
  ctx.actor.role === 'admin' || (ctx.actor.role === 'seller' && state.placed.items.every((i) => i.sellerId === ctx.actor.userId));
/** A step for the buyer (`what` with its particle, '수령 확인은'): the order's seller (or an admin) is refused; anyone else is told it does not exist. */
function asBuyer(state: Placed, ctx: DecisionContext, what: string): void {
  if (isBuyer(state, ctx)) return;
  if (handles(state, ctx)) throw new DomainError('forbidden', `${what} 구매자만 할 수 있습니다.`);
  throw new DomainError('not_found', ORDER_NOT_FOUND);
}
/** A step for the order's seller or an admin: the buyer is refused; another seller is told it does not exist. */
function asSeller(state: Placed, ctx: DecisionContext, what: string): void {
  if (handles(state, ctx)) return;
  if (isBuyer(state, ctx)) throw new DomainError('forbidden', `${what} 판매자 또는 관리자만 할 수 있습니다.`);
  throw new DomainError('not_found', ORDER_NOT_FOUND);
}
/** Only before shipping (and before 개통 완료: a line once opened is not cancelled), whoever cancels; a 409 in Korean otherwise. */
function assertCancellable(order: Placed, who: 'buyer' | 'seller'): void {
  if (CANCELLABLE_ORDER_STATUSES.includes(order.status)) return;
  const why: Partial<Record<OrderStatus, string>> = {
    shipped: '배송이 시작된 주문은 취소할 수 없습니다.',
    delivered: who === 'buyer' ? '배송이 완료된 주문은 취소할 수 없습니다. 교환/반품을 신청해주세요.' : '배송이 완료된 주문은 취소할 수 없습니다.',
    activated: who === 'buyer' ? '개통이 완료된 주문은 취소할 수 없습니다. 판매자에게 문의해주세요.' : '개통이 완료된 주문은 취소할 수 없습니다.',
    cancelled: '이미 취소된 주문입니다.',
    payment_failed: '결제되지 않은 주문은 취소할 수 없습니다.',
  };
  throw new DomainError('conflict', why[order.status] ?? `'${label(order.status)}' 상태의 주문은 취소할 수 없습니다.`);
}
const returnOf = (state: Placed, returnId: string): OrderReturnState => {
  const request = state.returns.get(returnId);
  if (!request) throw new DomainError('not_found', RETURN_NOT_FOUND);
  return request;
};

function decide(command: OrderCommand, state: OrderState, ctx: DecisionContext): DomainEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      // Placing the same order again (a retried checkout) changes nothing.
      if (state.status !== 'none') return [];
      const { order } = command;
      return [{ type: 'OrderPlaced', data: order }, paymentOutcome(order.orderId, order.paymentMethod, order.amounts.total, ctx)];
    }
    case 'ChangeOrderStatus': {
      const order = requirePlaced(state);
      asSeller(order, ctx, '주문 상태 변경은');
      const atStore = order.placed.activation?.method === 'visit';
      if (!allowedFrom(command.status, order.placed.activation !== null, atStore).includes(order.status)) {
        const why = command.status === 'preparing' && order.placed.activation ? ' 개통이 필요한 주문은 개통 준비로 진행해주세요.'
          : command.status === 'shipped' && atStore ? ' 매장 방문 주문은 택배로 보내지 않습니다. 구매자가 매장에서 받으면 매장 수령 완료로 바꿔주세요.'
          : command.status === 'picked_up' && !atStore ? ' 매장 방문 수령을 고른 주문만 매장 수령 완료로 바꿀 수 있습니다.'
          : command.status === 'delivered' && atStore && state.status === 'activated' ? ' 매장 방문 주문은 매장 수령 완료로 바꿔주세요.' : '';
        throw new DomainError('conflict', `'${label(order.status)}' 상태의 주문은 '${ORDER_STATUS_UPDATE_LABELS[command.status]}' 상태로 변경할 수 없습니다.${why}`);
      }
      const orderId = order.placed.orderId;
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
        case 'picked_up':
          return [{ type: 'OrderDelivered', data: { orderId, atStore: true } }];
        default:
          return unhandled(command.status);
      }
    }
    case 'CorrectShipmentTracking': {
      const order = requirePlaced(state);
      asSeller(order, ctx, '송장 정정은');
      if (order.status !== 'shipped' || !order.shipment) throw new DomainError('conflict', TRACKING_CORRECTION_MESSAGES.notShipped);
      const errors: Record<string, string> = {};
      if (!command.courier) errors.courier = TRACKING_CORRECTION_MESSAGES.courier;
      if (!command.trackingNumber) errors.trackingNumber = '송장번호를 입력해주세요.';
      if (!command.reason) errors.reason = TRACKING_CORRECTION_MESSAGES.reason;
      if (Object.keys(errors).length) throw new DomainError('invalid', '송장을 정정하려면 택배사, 송장번호와 정정 사유가 필요합니다.', errors);
      const { courier, trackingNumber } = order.shipment;
      if (command.courier === courier && command.trackingNumber === trackingNumber) {
        throw new DomainError('invalid', TRACKING_CORRECTION_MESSAGES.unchanged, { trackingNumber: TRACKING_CORRECTION_MESSAGES.unchanged });
      }
      return [{
        type: 'ShipmentTrackingCorrected',
        data: { orderId: order.placed.orderId, courier: command.courier, trackingNumber: command.trackingNumber, previousCourier: courier, previousTrackingNumber: trackingNumber, reason: command.reason },
      }];
    }
    case 'ConfirmReceipt': {
      const order = requirePlaced(state);
      asBuyer(order, ctx, '수령 확인은');
      if (state.status === 'delivered') throw new DomainError('conflict', '이미 배송완료된 주문입니다.');
      if (state.status !== 'shipped') throw new DomainError('conflict', '배송중인 주문만 수령 확인할 수 있습니다.');
      return [{ type: 'OrderDelivered', data: { orderId: order.placed.orderId, receivedBy: 'buyer' } }];
    }
    case 'CancelOrder': {
      const order = requirePlaced(state);
      assertCancellable(order, 'buyer');
      return [{ type: 'OrderCancelled', data: { orderId: order.placed.orderId, reason: command.reason } }];
    }
    case 'CancelOrderAsSeller': {
      const order = requirePlaced(state);
      asSeller(order, ctx, '판매자 취소는');
      assertCancellable(order, 'seller');
      return [{ type: 'OrderCancelled', data: { orderId: order.placed.orderId, reason: command.reason, by: ctx.actor.role === 'admin' ? 'admin' : 'seller' } }];
    }
    case 'ConfirmOrder': {
      if (state.status === 'none' || !state.placed) throw new DomainError('not_found', ORDER_NOT_FOUND);
      // The timer's 구매확정 (a process timer on the runner) finds an order that moved on (a 교환/반품 asked for, confirmed already): nothing.
      if (state.status !== 'delivered') {
        if (command.automatic) return [];
        throw new DomainError('conflict', state.status === 'confirmed' ? '이미 구매확정된 주문입니다.' : '배송완료된 주문만 구매확정할 수 있습니다.');
      }
      return [{ type: 'OrderConfirmed', data: { orderId: state.placed.orderId, automatic: command.automatic } }];
    }
    case 'RequestReturn': {
      const order = requirePlaced(state);
      asBuyer(order, ctx, '교환/반품 신청은');
      if (state.returns.has(command.returnId)) return [];
      if (state.status === 'confirmed') throw new DomainError('conflict', '구매확정된 주문은 교환/반품을 신청할 수 없습니다.');
      if (state.status === 'return_requested' || state.status === 'returning') throw new DomainError('conflict', '이미 교환/반품을 신청한 주문입니다.');
      if (state.status !== 'delivered' || !state.deliveredAt) throw new DomainError('conflict', '배송완료된 주문만 교환/반품을 신청할 수 있습니다.');
      if (ctx.now.getTime() - Date.parse(state.deliveredAt) > RETURN_WINDOW_DAYS * DAY_MS) {
        throw new DomainError('conflict', `배송완료 후 ${RETURN_WINDOW_DAYS}일이 지나 교환/반품을 신청할 수 없습니다. 판매자에게 문의해주세요.`);
      }
      const { type: _t, brokenCondition: ref, ...request } = command;
      const brokenCondition = citedCondition(order.placed, ref);
      return [{ type: 'OrderReturnRequested', data: { orderId: order.placed.orderId, ...request, brokenCondition } }];
    }
    case 'DecideReturn': {
      const order = requirePlaced(state);
      asSeller(order, ctx, '교환/반품 승인과 거절은');
      const request = returnOf(order, command.returnId);
      if (request.status !== 'requested') {
        if (request.status === command.decision) return [];
        throw new DomainError('conflict', '이미 처리된 교환/반품 신청입니다.');
      }
      const orderId = order.placed.orderId;
      if (command.decision === 'rejected') {
        if (!command.note) throw new DomainError('invalid', '거절 사유를 입력해주세요.', { note: '거절 사유를 입력해주세요.' });
        return [{ type: 'OrderReturnRejected', data: { orderId, returnId: command.returnId, note: command.note } }];
      }
      return [{ type: 'OrderReturnApproved', data: { orderId, returnId: command.returnId, note: command.note } }];
    }
    case 'RegisterReturnCollection': {
      const order = requirePlaced(state);
      if (!isBuyer(order, ctx)) asSeller(order, ctx, '반품 회수 등록은');
      const request = returnOf(order, command.returnId);
      if (request.kind !== 'return') throw new DomainError('conflict', '교환은 회수를 따로 등록하지 않습니다.');
      if (request.status === 'requested') throw new DomainError('conflict', '승인된 반품만 회수를 등록할 수 있습니다.');
      if (request.status !== 'approved') {
        if (request.status === 'collecting') throw new DomainError('conflict', '이미 회수가 등록된 반품입니다.');
        throw new DomainError('conflict', request.status === 'rejected' ? '거절된 반품은 회수하지 않습니다.' : '이미 검수까지 마친 반품입니다.');
      }
      const courier = command.method === 'courier' ? command.courier : null;
      const trackingNumber = command.method === 'courier' ? command.trackingNumber : null;
      if (command.method === 'courier' && (!courier || !trackingNumber)) {
        const errors: Record<string, string> = {};
        if (!courier) errors.courier = '택배사를 입력해주세요.';
        if (!trackingNumber) errors.trackingNumber = '송장번호를 입력해주세요.';
        throw new DomainError('invalid', '택배 회수에는 택배사와 송장번호가 필요합니다.', errors);
      }
      return [{ type: 'OrderReturnCollectionRegistered', data: { orderId: order.placed.orderId, returnId: command.returnId, method: command.method, courier, trackingNumber } }];
    }
    case 'InspectReturn': {
      const order = requirePlaced(state);
      asSeller(order, ctx, '반품 검수는');
      const request = returnOf(order, command.returnId);
      if (request.kind !== 'return') throw new DomainError('conflict', '반품만 검수 후 환불합니다.');
      if (request.status === 'inspected' || request.status === 'refunded') throw new DomainError('conflict', '이미 검수를 마친 반품입니다.');
      if (request.status !== 'collecting') {
        throw new DomainError('conflict', request.status === 'rejected' ? '거절된 반품은 검수하지 않습니다.' : '회수가 등록된 반품만 검수할 수 있습니다. 먼저 택배 회수나 매장 반납을 등록해주세요.');
      }
      return [{ type: 'OrderReturnInspected', data: { orderId: order.placed.orderId, returnId: command.returnId, note: command.note } }];
    }
    case 'RefundPayment': {
      // Sent by the process after 검수; decided again later (a sweep), it finds the refund made.
      const request = state.placed ? state.returns.get(command.returnId) : undefined;
      if (!state.placed || state.refunded || request?.status !== 'inspected') return [];
      const { amount, shippingFee } = returnRefund(state.placed.amounts.payNow, request.defective);
      return [{ type: 'PaymentRefunded', data: { orderId: state.placed.orderId, amount, method: state.placed.paymentMethod, shippingFee, returnId: command.returnId } }];
    }
    case 'RefundCancelledOrder': {
      // Decided again (a sweep, a retried cancel) it finds the refund made; nothing paid today (할부 only, or all by points and coupon): nothing to refund.
      if (!state.placed || state.status !== 'cancelled' || state.refunded || state.placed.amounts.payNow <= 0) return [];
      return [{ type: 'PaymentRefunded', data: { orderId: state.placed.orderId, amount: state.placed.amounts.payNow, method: state.placed.paymentMethod, shippingFee: 0, cancelled: true } }];
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
    case 'OrderShipped': return { ...state, status: 'shipped', shipment: { courier: event.data.courier, trackingNumber: event.data.trackingNumber } };
    case 'ShipmentTrackingCorrected': return { ...state, shipment: { courier: event.data.courier, trackingNumber: event.data.trackingNumber } };
    case 'OrderDelivered': return { ...state, status: 'delivered', deliveredAt: event.metadata.at };
    case 'OrderCancelled': return { ...state, status: 'cancelled' };
    case 'OrderConfirmed': return { ...state, status: 'confirmed' };
    case 'OrderReturnRequested':
      return {
        ...state, status: 'return_requested',
        returns: new Map(state.returns).set(event.data.returnId, { kind: event.data.kind, status: 'requested', defective: event.data.defective }),
      };
    case 'OrderReturnApproved': {
      const request = state.returns.get(event.data.returnId);
      if (!request) return state;
      return { ...state, status: request.kind === 'return' ? 'returning' : 'exchanging', returns: new Map(state.returns).set(event.data.returnId, { ...request, status: 'approved' }) };
    }
    case 'OrderReturnRejected': {
      const request = state.returns.get(event.data.returnId);
      return request ? { ...state, status: 'delivered', returns: new Map(state.returns).set(event.data.returnId, { ...request, status: 'rejected' }) } : state;
    }
    case 'OrderReturnCollectionRegistered':
    case 'OrderReturnInspected': {
      const request = state.returns.get(event.data.returnId);
      const status: ReturnStatus = event.type === 'OrderReturnInspected' ? 'inspected' : 'collecting';
      return request ? { ...state, returns: new Map(state.returns).set(event.data.returnId, { ...request, status }) } : state;
    }
    case 'PaymentRefunded': {
      // A cancelled order's refund (s59) leaves it cancelled.
      if (event.data.cancelled) return { ...state, refunded: true };
      // Before issue 39 a 반품 was refunded at its approval (no returnId): the approved one.
      const returnId = event.data.returnId ?? [...state.returns].find(([, r]) => r.kind === 'return' && r.status === 'approved')?.[0];
      const request = returnId === undefined ? undefined : state.returns.get(returnId);
      const returns = request && returnId !== undefined ? new Map(state.returns).set(returnId, { ...request, status: 'refunded' as const }) : state.returns;
      return { ...state, status: 'returned', refunded: true, returns };
    }
    default: return state;
  }
}

export const orderDecider: Decider<OrderState, OrderCommand> = {
  initialState: () => ({ status: 'none', placed: null, deliveredAt: null, returns: new Map(), refunded: false, shipment: null }),
  evolve,
  decide,
};
