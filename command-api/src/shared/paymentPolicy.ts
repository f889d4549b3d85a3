import { PAYMENT_METHOD_DISABLED_MESSAGE } from '@phonemarket/contracts/settings.ts';
import type { PaymentMethod } from '@phonemarket/contracts';
import type { EventStore } from '@phonemarket/events';
import type { SessionPolicy } from '@phonemarket/platform/auth/session.ts';
import { badRequest } from '@phonemarket/platform/http/errors.ts';
import { readSettings, type SectionValues } from './siteSettings.ts';

/*
 * Checkout and the payment settings (issue 29 결제 설정): the orders route asks `offeredPayment` before
 * it places an order (a method turned off is a 400 on the form's field) and hands the card limit to
 * `placeOrder`, which refuses (409, before anything is written) a new order paid by card above it.
 */

/** The payment settings in force; 400 (`errors.paymentMethod`) when `method` is turned off. */
export async function offeredPayment(store: EventStore, configured: SessionPolicy, method: PaymentMethod): Promise<SectionValues['payment']> {
  const { payment } = (await readSettings(store, configured)).values;
  if (!payment.methods[method]) throw badRequest(PAYMENT_METHOD_DISABLED_MESSAGE, { paymentMethod: PAYMENT_METHOD_DISABLED_MESSAGE });
  return payment;
}
