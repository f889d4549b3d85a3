import { PAYMENT_METHOD_DISABLED_MESSAGE, cardLimitExceededMessage } from '@phonemarket/contracts/settings.ts';
import type { PaymentMethod } from '@phonemarket/contracts';
import { streams, type EventStore, type NewEvent } from '@phonemarket/events';
import type { SessionPolicy } from '@phonemarket/platform/auth/session.ts';
import { badRequest, conflict } from '@phonemarket/platform/http/errors.ts';
import { storeWith } from './commandHandler.ts';
import { readSettings, type SectionValues } from './siteSettings.ts';

/*
 * Checkout and the payment settings (issue 29 결제 설정), kept apart from the checkout itself: the
 * orders route asks `offeredPayment` before it places an order (a method turned off is a 400 on the
 * form's field), and places it through `withCardLimit`'s view of the store, which refuses (409,
 * before anything is written) the first append of an order paid by card above the settings' limit.
 */

/** The payment settings in force; 400 (`errors.paymentMethod`) when `method` is turned off. */
export async function offeredPayment(store: EventStore, configured: SessionPolicy, method: PaymentMethod): Promise<SectionValues['payment']> {
  const { payment } = (await readSettings(store, configured)).values;
  if (!payment.methods[method]) throw badRequest(PAYMENT_METHOD_DISABLED_MESSAGE, { paymentMethod: PAYMENT_METHOD_DISABLED_MESSAGE });
  return payment;
}

interface OrderTerms { orderId: string; buyerId: string; paymentMethod: string; amounts: { payNow?: number; total: number } }

/** The order an appended event starts or places (a checkout's start carries it whole), if any. */
function orderOf(event: NewEvent): OrderTerms | null {
  const data = event.data as { order?: unknown } | null;
  const order = event.type === 'OrderPlaced' ? data : event.type === 'CartCheckoutStarted' ? data?.order : null;
  if (!order || typeof order !== 'object') return null;
  const o = order as { orderId?: unknown; buyerId?: unknown; paymentMethod?: unknown; amounts?: { payNow?: unknown; total?: unknown } };
  if (typeof o.orderId !== 'string' || typeof o.buyerId !== 'string' || typeof o.paymentMethod !== 'string' || typeof o.amounts?.total !== 'number') return null;
  return {
    orderId: o.orderId, buyerId: o.buyerId, paymentMethod: o.paymentMethod,
    amounts: { total: o.amounts.total, ...(typeof o.amounts.payNow === 'number' ? { payNow: o.amounts.payNow } : {}) },
  };
}

/** Whether the order's checkout was started (its limit checked then): placing it completes that checkout, and is never refused. */
async function checkoutStarted(store: EventStore, order: OrderTerms): Promise<boolean> {
  const cart = await store.readStream(streams.cart(order.buyerId));
  return cart.some((e) => (e.type === 'CartCheckoutStarted' || e.type === 'CartCheckedOut') && (e.data as { orderId?: unknown } | null)?.orderId === order.orderId);
}

/**
 * The store, except that a new order paid by card above `payment.cardLimit` is refused (409) at its
 * first append: a checkout's start, or an order placed without one. Placing the order of a checkout
 * already started (the completion of one a stopped request left) is never refused.
 */
export function withCardLimit(store: EventStore, payment: SectionValues['payment']): EventStore {
  return storeWith(store, {
    async append(stream, events, options) {
      for (const event of events) {
        const order = orderOf(event);
        if (!order || order.paymentMethod !== 'card' || (order.amounts.payNow ?? order.amounts.total) <= payment.cardLimit) continue;
        if (event.type === 'OrderPlaced' && (await checkoutStarted(store, order))) continue;
        throw conflict(cardLimitExceededMessage(payment.cardLimit));
      }
      return store.append(stream, events, options);
    },
  });
}
