import { ACTIVATION_MESSAGES, isCarrierLine, isOfferedVisitSlot, type CheckoutValues } from '@phonemarket/contracts';
import type { OrderActivation } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';

const compact = (name: string) => name.replace(/\s+/g, '');

/** The account's name as Koreans write it (성 then 이름) or the other way round. */
const namesOf = (buyer: { firstName: string; lastName: string }) =>
  new Set([compact(`${buyer.lastName}${buyer.firstName}`), compact(`${buyer.firstName}${buyer.lastName}`)]);

/**
 * 개통 of an order's carrier lines (issue 30): the 명의자 (the account's name, or family confirmed),
 * the carrier and number a 번호이동 line leaves (never the line's own carrier: that is a 기기변경), 유심/eSIM,
 * and 택배 개통 or 매장 방문 (with its slot: a shop hour on one of the days the page offers at `now`, from
 * tomorrow in Korea — issue 35). Null for an order without a carrier line. Every missing or wrong field
 * is a Korean 400 naming it. Checkout and a quote's accept both call it.
 */
export function activationOf(
  input: Pick<CheckoutValues, 'holderName' | 'holderBirthDate' | 'holderIsFamily' | 'currentCarrier' | 'currentNumber' | 'sim' | 'activation' | 'visitSlot'>,
  lines: readonly { planId: string | null; carrier: string; joinType: string | null }[],
  buyer: { firstName: string; lastName: string },
  now: Date,
): OrderActivation | null {
  const carrierLines = lines.filter(isCarrierLine);
  if (carrierLines.length === 0) return null;
  const errors: Record<string, string> = {};
  if (!input.holderName) errors.holderName = ACTIVATION_MESSAGES.holderName;
  else if (!input.holderIsFamily && !namesOf(buyer).has(compact(input.holderName))) errors.holderName = ACTIVATION_MESSAGES.holderMismatch;
  if (!input.holderBirthDate) errors.holderBirthDate = ACTIVATION_MESSAGES.holderBirthDate;
  const portsIn = carrierLines.some((l) => l.joinType === '번호이동');
  if (portsIn && !input.currentCarrier) errors.currentCarrier = ACTIVATION_MESSAGES.currentCarrier;
  // 번호이동 moves a number to another carrier: to the one it is with already is a 기기변경 (issue 39).
  const samePort = carrierLines.find((l) => l.joinType === '번호이동' && input.currentCarrier !== undefined && l.carrier === input.currentCarrier);
  if (samePort) errors.currentCarrier = ACTIVATION_MESSAGES.samePort(samePort.carrier);
  if (portsIn && !input.currentNumber) errors.currentNumber = ACTIVATION_MESSAGES.currentNumber;
  if (!input.sim) errors.sim = ACTIVATION_MESSAGES.sim;
  if (!input.activation) errors.activation = ACTIVATION_MESSAGES.activation;
  if (input.activation === 'visit' && !input.visitSlot) errors.visitSlot = ACTIVATION_MESSAGES.visitSlot;
  else if (input.activation === 'visit' && !isOfferedVisitSlot(input.visitSlot!, now)) errors.visitSlot = ACTIVATION_MESSAGES.visitSlotOffered;
  const [first] = Object.values(errors);
  if (first) throw new DomainError('invalid', `개통 정보를 확인해주세요. ${first}`, errors);
  return {
    holderName: input.holderName!, holderBirthDate: input.holderBirthDate!, holderIsFamily: input.holderIsFamily ?? false,
    currentCarrier: portsIn ? input.currentCarrier! : null, currentNumber: portsIn ? input.currentNumber! : null,
    sim: input.sim!, method: input.activation!, visitSlot: input.activation === 'visit' ? input.visitSlot! : null,
  };
}
