import { atom } from 'jotai';
import * as z from 'zod/mini';
import { persistedAtom } from '../../shared/persisted-atom';
import {
  AGE_RANGE,
  DEFAULT_CONTRACT_MONTHS,
  DEFAULT_DISCOUNTS,
  DEFAULT_MAX_MONTHLY,
  DEFAULT_MAX_TOTAL,
  FAMILY_MEMBERS_RANGE,
  MONTHLY_BUDGET_RANGE,
  TOTAL_BUDGET_RANGE,
  type ContractMonths,
  type Discounts,
  type SliderRange,
} from './cost';
import { DISCOUNT_TYPES, INSTALLMENT_MONTHS, type DiscountType, type InstallmentMonths } from '@phonemarket/contracts';

/**
 * Calculator inputs (client state, Jotai), persisted in localStorage so a reload keeps them.
 * Every stored value is validated with zod when read: a corrupt or out-of-range value is
 * removed and the default used instead. Each input group has its own key, so one bad value
 * never wipes the others.
 */

/** Largest won amount accepted in the calculator's money inputs (10억 원). */
export const MAX_WON_INPUT = 1_000_000_000;

function inRange(range: SliderRange) {
  return z.int().check(z.gte(range.min), z.lte(range.max));
}

function onSteps(range: SliderRange) {
  return z.int().check(
    z.gte(range.min),
    z.lte(range.max),
    z.refine((v) => (v - range.min) % range.step === 0),
  );
}

const wonAmount = z.int().check(z.gte(0), z.lte(MAX_WON_INPUT));
export const contractSchema = z.union([z.literal(12), z.literal(24), z.literal(36)]);

export const STORAGE_KEYS = {
  mode: 'phonemarket:price-calculator:mode',
  selection: 'phonemarket:price-calculator:selection',
  contract: 'phonemarket:price-calculator:contract',
  budget: 'phonemarket:price-calculator:budget',
  discounts: 'phonemarket:price-calculator:discounts',
  pricing: 'phonemarket:price-calculator:pricing',
} as const;

// --- mode -------------------------------------------------------------------------------------

export type CalculatorMode = 'direct' | 'budget';
export const calculatorModeAtom = persistedAtom<CalculatorMode>(STORAGE_KEYS.mode, z.enum(['direct', 'budget']), 'direct');

// --- direct selection -------------------------------------------------------------------------

export interface Selection {
  phoneId: string | null;
  planId: string | null;
}
const selectionSchema = z.object({ phoneId: z.nullable(z.string()), planId: z.nullable(z.string()) });
export const selectionAtom = persistedAtom<Selection>(STORAGE_KEYS.selection, selectionSchema, { phoneId: null, planId: null });

// --- contract (shared by both modes) ------------------------------------------------------------

export const contractMonthsAtom = persistedAtom<ContractMonths>(STORAGE_KEYS.contract, contractSchema, DEFAULT_CONTRACT_MONTHS);

// --- budget -----------------------------------------------------------------------------------

export interface Budget {
  maxMonthly: number;
  maxTotal: number;
}
export const budgetSchema = z.object({ maxMonthly: onSteps(MONTHLY_BUDGET_RANGE), maxTotal: onSteps(TOTAL_BUDGET_RANGE) });
export const DEFAULT_BUDGET: Budget = { maxMonthly: DEFAULT_MAX_MONTHLY, maxTotal: DEFAULT_MAX_TOTAL };
export const budgetAtom = persistedAtom<Budget>(STORAGE_KEYS.budget, budgetSchema, DEFAULT_BUDGET);

// --- discounts (shared by both modes) ----------------------------------------------------------

export const discountsSchema = z.object({
  existingCustomer: z.boolean(),
  tradeIn: z.boolean(),
  tradeInValue: wonAmount,
  paymentMethod: z.enum(['card', 'autoTransfer']),
  age: z.nullable(inRange(AGE_RANGE)),
  familyMembers: z.nullable(inRange(FAMILY_MEMBERS_RANGE)),
});
export const discountsAtom = persistedAtom<Discounts>(STORAGE_KEYS.discounts, discountsSchema, DEFAULT_DISCOUNTS);

// --- the real price: the pricing module's choices ----------------------------------------------

export interface PricingInputs {
  /** 할부 개월 (the pricing module's 24, 30 or 36). */
  months: InstallmentMonths;
  /** 할인 방식; null: the cheaper one for the chosen phone and plan. */
  discount: DiscountType | null;
  /** 추가지원금: a seller's own discount, typed in (0 when none). */
  extraSubsidy: number;
}
export const pricingSchema = z.object({
  months: z.union(INSTALLMENT_MONTHS.map((m) => z.literal(m)) as [z.ZodMiniLiteral<24>, z.ZodMiniLiteral<30>, z.ZodMiniLiteral<36>]),
  discount: z.nullable(z.enum(DISCOUNT_TYPES)),
  extraSubsidy: wonAmount,
});
export const DEFAULT_PRICING_INPUTS: PricingInputs = { months: 24, discount: null, extraSubsidy: 0 };
export const pricingAtom = persistedAtom<PricingInputs>(STORAGE_KEYS.pricing, pricingSchema, DEFAULT_PRICING_INPUTS);

// --- actions ------------------------------------------------------------------------------------

/** Picking a recommendation: select its phone and plan and show the direct mode. */
export const chooseCombinationAtom = atom(null, (_get, set, choice: { phoneId: string; planId: string }) => {
  set(selectionAtom, { phoneId: choice.phoneId, planId: choice.planId });
  set(calculatorModeAtom, 'direct');
});
