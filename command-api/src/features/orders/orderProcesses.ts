import { AUTO_CONFIRM_AFTER_DAYS } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { defineProcess, sendTo, type ProcessCommand } from '../../shared/process.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { offerDecider } from '../offers/public.ts';
import { checkoutDecider, type CheckoutState } from './checkout.ts';
import { orderDecider, type OrderCommand, type OrderPlacedData, type OrderState } from './order.ts';
import { walletDecider } from './wallet.ts';

/** A checkout begun and not committed by then is abandoned and its units put back (a stopped request leaves one). */
export const CHECKOUT_EXPIRES_AFTER_MS = 2 * 60_000;

/** Units each offer gives to the order (two lines of one offer, with other choices, take from the same stock). */
export function unitsByOffer(order: Pick<OrderPlacedData, 'items'>): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of order.items) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

export const releaseUnits = (order: OrderPlacedData, reason: 'order_cancelled' | 'checkout_abandoned' | 'order_returned'): ProcessCommand[] =>
  [...unitsByOffer(order).keys()].map((offerId) => sendTo(streams.offer(offerId), offerDecider, { type: 'ReleaseStock', orderId: order.orderId, reason }));

/**
 * The checkout after its steps on the cart (ADR 011, 014): the marker commits the order (the wallet's
 * spend, then the order itself, last); an abandoned checkout puts its units back; a checkout still
 * under way `CHECKOUT_EXPIRES_AFTER_MS` after it started is abandoned (the process that began it stopped).
 */
export const checkoutProcess = defineProcess<CheckoutState, 'CartCheckoutStarted' | 'CartCheckedOut' | 'CartCheckoutAbandoned'>({
  name: 'checkout',
  reactsTo: ['CartCheckoutStarted', 'CartCheckedOut', 'CartCheckoutAbandoned'],
  initialState: checkoutDecider.initialState,
  evolve: checkoutDecider.evolve,
  decide(event, state) {
    switch (event.type) {
      case 'CartCheckedOut': {
        const order = event.data.order;
        if (!order) return [];
        return [
          sendTo(streams.wallet(order.buyerId), walletDecider, {
            // What is paid today before points and coupon (the lines paid by 할부 take neither).
            type: 'SpendForOrder', orderId: order.orderId, itemsTotal: order.amounts.payNow + order.amounts.points + order.amounts.coupon, points: order.amounts.points, couponId: order.couponId,
          }),
          sendTo(streams.order(order.orderId), orderDecider, { type: 'PlaceOrder', order }),
        ];
      }
      case 'CartCheckoutAbandoned':
        return state.pending?.orderId === event.data.orderId ? releaseUnits(state.pending, 'checkout_abandoned') : [];
      default:
        return [];
    }
  },
  schedule(event) {
    if (event.type !== 'CartCheckoutStarted') return [];
    const dueAt = new Date(new Date(event.metadata.at).getTime() + CHECKOUT_EXPIRES_AFTER_MS).toISOString();
    return [{ dueAt, send: sendTo(event.stream, checkoutDecider, { type: 'AbandonCheckout', orderId: event.data.orderId, reason: 'expired' }) }];
  },
});

/**
 * A cancelled order (before shipping): its 오늘 결제 back through its payment (`PaymentRefunded`, s59: a fact on the
 * order, not only an amount on a page), the points and coupon back to the wallet, the units back on sale.
 */
export const orderCancelProcess = defineProcess<OrderState, 'OrderCancelled'>({
  name: 'orderCancel',
  // 2 (s60): the refund step (s59) reaches the cancels of a log written before it (the runner runs it over them once).
  version: 2,
  reactsTo: ['OrderCancelled'],
  initialState: orderDecider.initialState,
  evolve: orderDecider.evolve,
  decide(event, state) {
    const order = state.placed;
    if (!order) return [];
    return [
      sendTo(event.stream, orderDecider, { type: 'RefundCancelledOrder' }),
      sendTo(streams.wallet(order.buyerId), walletDecider, { type: 'RefundOrder', orderId: event.data.orderId }),
      ...releaseUnits(order, 'order_cancelled'),
    ];
  },
});

/**
 * `POST /api/orders/{id}/cancel` (the buyer) and `…/seller-cancel` (판매자 취소): the order cancelled, then its
 * refund and units (the one `OrderCancelled`, so both are the same). Cancelled already (a retry, perhaps after
 * a stop half-way): the refund and units are sent again first (once in all), then the decider answers 409 as usual.
 */
export async function cancelOrder(
  store: EventStore, orderId: string, command: Extract<OrderCommand, { type: 'CancelOrder' | 'CancelOrderAsSeller' }>, ctx: CommandContext,
): Promise<{ position: bigint; status: OrderState['status'] }> {
  const stream = streams.order(orderId);
  const result = await handleCommand(store, stream, orderDecider, command, ctx);
  const followed = await processesSettled(store, result.position);
  return { position: followed > result.position ? followed : result.position, status: result.state.status };
}

/**
 * After delivery (issue 30): 구매확정 by itself `AUTO_CONFIRM_AFTER_DAYS` later (nothing then if the order
 * moved on: confirmed by the buyer, a 교환/반품 asked for); the purchase's points at 구매확정. A 반품 back and
 * inspected (issue 39: not at its approval) is refunded through the order's payment (less a 단순 변심's
 * 왕복 배송비), the points and coupon go back, and its units are on sale again.
 */
export const orderAfterDeliveryProcess = defineProcess<OrderState, 'OrderDelivered' | 'OrderConfirmed' | 'OrderReturnInspected'>({
  name: 'orderAfterDelivery',
  reactsTo: ['OrderDelivered', 'OrderConfirmed', 'OrderReturnInspected'],
  initialState: orderDecider.initialState,
  evolve: orderDecider.evolve,
  decide(event, state) {
    if (!state.placed) return [];
    // Points for the purchase: 1% of what was paid today, at 구매확정 (a 반품 never earns them).
    if (event.type === 'OrderConfirmed') return [sendTo(streams.wallet(state.placed.buyerId), walletDecider, { type: 'EarnForOrder', orderId: event.data.orderId, paid: state.placed.amounts.payNow })];
    if (event.type !== 'OrderReturnInspected') return [];
    return [
      sendTo(event.stream, orderDecider, { type: 'RefundPayment', returnId: event.data.returnId }),
      sendTo(streams.wallet(state.placed.buyerId), walletDecider, { type: 'RefundOrder', orderId: event.data.orderId }),
      ...releaseUnits(state.placed, 'order_returned'),
    ];
  },
  schedule(event) {
    if (event.type !== 'OrderDelivered') return [];
    const dueAt = new Date(Date.parse(event.metadata.at) + AUTO_CONFIRM_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString();
    return [{ dueAt, send: sendTo(event.stream, orderDecider, { type: 'ConfirmOrder', automatic: true }) }];
  },
});
