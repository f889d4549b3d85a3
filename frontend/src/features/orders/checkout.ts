import type { CartItem, CheckoutValues, LinePayment } from '@phonemarket/contracts';
import { activationBody, type ActivationNeeds } from '../../shared/activation/activation';
import { isCarrierCartLine } from './figures';

/** What the cart asks of the 개통 form (any carrier line, any 번호이동 line, the account's name). */
export function activationNeeds(items: readonly CartItem[], account: { firstName: string; lastName: string } | null): ActivationNeeds {
  const carrierLines = items.filter((i) => i.available && isCarrierCartLine(i));
  return {
    carrier: carrierLines.length > 0,
    portsIn: carrierLines.some((i) => i.joinType === '번호이동'),
    accountName: account ? `${account.lastName}${account.firstName}` : '',
  };
}

/**
 * The body `POST /api/orders` gets: each carrier line's 할부/일시불 named, the 개통 fields only when the
 * cart needs them (번호이동's only for 번호이동, the slot only for 매장 방문), no points or coupon when
 * nothing is paid today.
 */
export function checkoutBody(values: CheckoutValues, items: readonly CartItem[], payments: Readonly<Record<string, LinePayment | undefined>>, needs: ActivationNeeds, payToday: number): CheckoutValues {
  const {
    payment: _payment, payments: _payments, holderName, holderBirthDate, holderIsFamily, currentCarrier, currentNumber, sim, activation, visitSlot, usePoints, couponId, ...rest
  } = values;
  const body: CheckoutValues = { ...rest, usePoints: payToday > 0 ? usePoints ?? 0 : 0, couponId: payToday > 0 ? couponId ?? null : null };
  const chosen = Object.fromEntries(items.filter((i) => i.available && isCarrierCartLine(i)).map((i) => [i.itemId, payments[i.itemId] ?? 'installment'] as const));
  if (Object.keys(chosen).length) body.payments = chosen;
  if (!needs.carrier) return body;
  return { ...body, ...activationBody({ holderName, holderBirthDate, holderIsFamily, currentCarrier, currentNumber, sim, visitSlot }, activation, needs), activation };
}
