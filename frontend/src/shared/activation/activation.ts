import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ACTIVATION_MESSAGES, type ActivationFieldsInput, type ActivationMethod } from '@phonemarket/contracts';

/**
 * 개통 (issue 30) in the browser, for every form that asks for it (the checkout's carrier lines, a
 * quote's accept): what the order's lines ask of the form, the browser's check of the fields (the
 * server's `activationOf` checks the same with the same messages) and the 매장 방문 slots.
 */

/** What the order asks of the 개통 form: any carrier line (개통 needed) and any 번호이동 line (the carrier and number it leaves). */
export interface ActivationNeeds {
  carrier: boolean;
  portsIn: boolean;
  /** The account's name (성이름): a 명의자 of another name must be confirmed as family. */
  accountName: string;
}

/** A form holding the 개통 fields and, under a name of its own, the method (택배 개통 or 매장 방문). */
export type ActivationForm<M extends string> = ActivationFieldsInput & { [K in M]?: ActivationMethod };

export type ActivationField = 'holderName' | 'holderBirthDate' | 'currentCarrier' | 'currentNumber' | 'sim' | 'visitSlot';

const compact = (name: string) => name.replace(/\s+/g, '');
/** The account's name as Koreans write it (성 then 이름) or the other way round, as the server compares it. */
function isAccountName(name: string, accountName: string, account?: { firstName: string; lastName: string }): boolean {
  const given = compact(name);
  if (given === compact(accountName)) return true;
  return account ? given === compact(`${account.firstName}${account.lastName}`) : false;
}

/**
 * The 개통 fields the order requires (the contract has them optional; the server checks them against the
 * order's lines with the same Korean messages): checked in the browser first, so every error shows before
 * sending. `methodField` names the form's method field (the checkout's `activation`, the accept's `fulfilment`).
 */
export function activationErrors<M extends string>(
  values: ActivationForm<M>, methodField: M, needs: ActivationNeeds, account?: { firstName: string; lastName: string },
): Partial<Record<ActivationField | M, string>> {
  if (!needs.carrier) return {};
  const errors: Partial<Record<ActivationField | M, string>> = {};
  const holder = values.holderName?.trim() ?? '';
  if (!holder) errors.holderName = ACTIVATION_MESSAGES.holderName;
  else if (!values.holderIsFamily && needs.accountName && !isAccountName(holder, needs.accountName, account)) errors.holderName = ACTIVATION_MESSAGES.holderMismatch;
  if (!values.holderBirthDate?.trim()) errors.holderBirthDate = ACTIVATION_MESSAGES.holderBirthDate;
  if (needs.portsIn && !values.currentCarrier) errors.currentCarrier = ACTIVATION_MESSAGES.currentCarrier;
  if (needs.portsIn && !values.currentNumber?.trim()) errors.currentNumber = ACTIVATION_MESSAGES.currentNumber;
  if (!values.sim) errors.sim = ACTIVATION_MESSAGES.sim;
  const method: ActivationMethod | undefined = values[methodField];
  if (!method) errors[methodField] = ACTIVATION_MESSAGES.activation;
  if (method === 'visit' && !values.visitSlot?.trim()) errors.visitSlot = ACTIVATION_MESSAGES.visitSlot;
  return errors;
}

/**
 * A 개통 form's resolver: the contract's schema (`zodResolver(schema)`), then the 개통 fields the order
 * requires (`required(values)`, e.g. `activationErrors`), each error on its field.
 */
export function withActivationErrors<I extends FieldValues, O>(
  schemaResolver: Resolver<I, unknown, O>, required: (values: I) => Partial<Record<string, string>>,
): Resolver<I, unknown, O> {
  return async (values, context, options) => {
    // Both checks read the same moment's values (a control may still change them while the schema runs).
    const extra = Object.entries(required(values));
    const result = await schemaResolver(values, context, options);
    if (extra.length === 0) return result;
    const errors: FieldErrors<I> = {};
    for (const [field, message] of extra) (errors as Record<string, unknown>)[field] = { type: 'activation', message };
    return { values: {}, errors: { ...errors, ...result.errors } };
  };
}

/**
 * The 개통 fields to send: the 번호이동 ones only for 번호이동, the slot only for 매장 방문, the family
 * confirmation always (false unless ticked).
 */
export function activationBody(values: ActivationFieldsInput, method: ActivationMethod | undefined, needs: ActivationNeeds): ActivationFieldsInput {
  const { holderName, holderBirthDate, holderIsFamily, currentCarrier, currentNumber, sim, visitSlot } = values;
  return {
    holderName, holderBirthDate, holderIsFamily: holderIsFamily ?? false, sim,
    ...(needs.portsIn ? { currentCarrier, currentNumber } : {}),
    ...(method === 'visit' ? { visitSlot } : {}),
  };
}

/** The 매장 방문 days and hours offered: the contract's, so the server's check (`isOfferedVisitSlot`) takes every slot the form offers. */
export { VISIT_HOURS, visitDays } from '@phonemarket/contracts';
