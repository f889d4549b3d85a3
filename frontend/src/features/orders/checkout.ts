import { ACTIVATION_MESSAGES, type CartItem, type CheckoutInput, type CheckoutValues, type LinePayment } from '@phonemarket/contracts';
import { isCarrierCartLine } from './figures';

/** What the cart asks of the 개통 form: any carrier line (개통 needed) and any 번호이동 line (the carrier and number it leaves). */
export interface ActivationNeeds {
  carrier: boolean;
  portsIn: boolean;
  /** The account's name (성이름): a 명의자 of another name must be confirmed as family. */
  accountName: string;
}

export function activationNeeds(items: readonly CartItem[], account: { firstName: string; lastName: string } | null): ActivationNeeds {
  const carrierLines = items.filter((i) => i.available && isCarrierCartLine(i));
  return {
    carrier: carrierLines.length > 0,
    portsIn: carrierLines.some((i) => i.joinType === '번호이동'),
    accountName: account ? `${account.lastName}${account.firstName}` : '',
  };
}

const compact = (name: string) => name.replace(/\s+/g, '');
/** The account's name as Koreans write it (성 then 이름) or the other way round, as the server compares it. */
function isAccountName(name: string, accountName: string, account?: { firstName: string; lastName: string }): boolean {
  const given = compact(name);
  if (given === compact(accountName)) return true;
  return account ? given === compact(`${account.firstName}${account.lastName}`) : false;
}

type ActivationField = 'holderName' | 'holderBirthDate' | 'currentCarrier' | 'currentNumber' | 'sim' | 'activation' | 'visitSlot';

/**
 * The 개통 fields the cart requires (the schema has them optional; the server checks them against the
 * cart with the same Korean messages): checked in the browser first, so every error shows before sending.
 */
export function activationErrors(values: CheckoutInput, needs: ActivationNeeds, account?: { firstName: string; lastName: string }): Partial<Record<ActivationField, string>> {
  if (!needs.carrier) return {};
  const errors: Partial<Record<ActivationField, string>> = {};
  const holder = values.holderName?.trim() ?? '';
  if (!holder) errors.holderName = ACTIVATION_MESSAGES.holderName;
  else if (!values.holderIsFamily && needs.accountName && !isAccountName(holder, needs.accountName, account)) errors.holderName = ACTIVATION_MESSAGES.holderMismatch;
  if (!values.holderBirthDate?.trim()) errors.holderBirthDate = ACTIVATION_MESSAGES.holderBirthDate;
  if (needs.portsIn && !values.currentCarrier) errors.currentCarrier = ACTIVATION_MESSAGES.currentCarrier;
  if (needs.portsIn && !values.currentNumber?.trim()) errors.currentNumber = ACTIVATION_MESSAGES.currentNumber;
  if (!values.sim) errors.sim = ACTIVATION_MESSAGES.sim;
  if (!values.activation) errors.activation = ACTIVATION_MESSAGES.activation;
  if (values.activation === 'visit' && !values.visitSlot?.trim()) errors.visitSlot = ACTIVATION_MESSAGES.visitSlot;
  return errors;
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
  Object.assign(body, { holderName, holderBirthDate, holderIsFamily: holderIsFamily ?? false, sim, activation });
  if (needs.portsIn) Object.assign(body, { currentCarrier, currentNumber });
  if (activation === 'visit') body.visitSlot = visitSlot;
  return body;
}

/** The 매장 방문 days offered: from tomorrow (Korea time), `days` of them, as YYYY-MM-DD. */
export function visitDays(now = new Date(), days = 14): string[] {
  const korea = new Date(now.getTime() + 9 * 3_600_000);
  const koreaMidnight = Date.UTC(korea.getUTCFullYear(), korea.getUTCMonth(), korea.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(koreaMidnight + (i + 1) * 86_400_000).toISOString().slice(0, 10));
}
/** 매장 방문 hours: 10–19시 (the contract's slot pattern). */
export const VISIT_HOURS = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const;
