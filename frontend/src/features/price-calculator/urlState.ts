import { MAX_ADD_ONS } from '@phonemarket/contracts';
import { DEFAULT_CONTRACT_MONTHS, DEFAULT_DISCOUNTS, type ContractMonths, type Discounts } from './cost';
import { NO_CALCULATOR_CONDITIONS, type CalculatorConditions } from './ConditionInputs';
import {
  DEFAULT_BUDGET, DEFAULT_PRICING_INPUTS, budgetSchema, contractSchema, discountsSchema, pricingSchema,
  type Budget, type CalculatorMode, type PricingInputs, type Selection,
} from './state';

/**
 * The calculator's inputs in the address (`/price-calculator?phone=…&plan=…&extra=…`), so a reload or a shared
 * link opens the same calculation. Only what differs from the defaults is written. Read back, each group is
 * checked with the schema its stored (localStorage) value is checked with; a bad group is left out, so the
 * stored or default value stands. The typed 판매 조건 come back as typed: their fields say what is wrong.
 */
export interface CalculatorInputs {
  mode: CalculatorMode;
  selection: Selection;
  contract: ContractMonths;
  budget: Budget;
  discounts: Discounts;
  pricing: PricingInputs;
  conditions: CalculatorConditions;
}

/** Every parameter the calculator owns (others in the address are kept as they are). */
const KEYS = ['mode', 'phone', 'plan', 'discount', 'months', 'extra', 'contract', 'monthly', 'total', 'loyal', 'tradeIn', 'tradeValue', 'pay', 'age', 'family', 'keep', 'later', 'addOn', 'card', 'cardMonths', 'cardUsed'] as const;
/** A typed field as it may come back: short, one line. */
const typed = (v: string | null, max = 20) => (v ?? '').replace(/[\r\n]/g, '').slice(0, max);
const num = (v: string | null) => (v === null || v.trim() === '' ? undefined : Number(v));
const parsed = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown): T | undefined => {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
};

/** The inputs the address names (a group it does not name, or names wrongly, is absent). */
export function inputsFromParams(p: URLSearchParams): Partial<CalculatorInputs> {
  if (!KEYS.some((k) => p.has(k))) return {};
  const out: Partial<CalculatorInputs> = {};
  const mode = p.get('mode');
  if (mode === 'budget' || mode === 'direct') out.mode = mode;
  if (p.has('phone') || p.has('plan')) out.selection = { phoneId: p.get('phone'), planId: p.get('plan') };
  const contract = parsed(contractSchema, num(p.get('contract')) ?? DEFAULT_CONTRACT_MONTHS);
  if (contract !== undefined) out.contract = contract;
  const budget = parsed(budgetSchema, { maxMonthly: num(p.get('monthly')) ?? DEFAULT_BUDGET.maxMonthly, maxTotal: num(p.get('total')) ?? DEFAULT_BUDGET.maxTotal });
  if (budget) out.budget = budget;
  const discounts = parsed(discountsSchema, {
    existingCustomer: p.get('loyal') === '1', tradeIn: p.get('tradeIn') === '1',
    tradeInValue: num(p.get('tradeValue')) ?? DEFAULT_DISCOUNTS.tradeInValue, paymentMethod: p.get('pay') ?? DEFAULT_DISCOUNTS.paymentMethod,
    age: num(p.get('age')) ?? null, familyMembers: num(p.get('family')) ?? null,
  });
  if (discounts) out.discounts = discounts;
  const pricing = parsed(pricingSchema, {
    months: num(p.get('months')) ?? DEFAULT_PRICING_INPUTS.months, discount: p.get('discount'), extraSubsidy: num(p.get('extra')) ?? DEFAULT_PRICING_INPUTS.extraSubsidy,
  });
  if (pricing) out.pricing = pricing;
  out.conditions = {
    keepMonths: typed(p.get('keep')),
    laterPlanId: typed(p.get('later'), 100),
    addOns: p.getAll('addOn').slice(0, MAX_ADD_ONS).map((row) => {
      const [name = '', monthlyFee = '', months = ''] = row.split('|');
      return { name: typed(name, 40), monthlyFee: typed(monthlyFee), months: typed(months) };
    }),
    cardDiscount: typed(p.get('card')),
    cardMonths: p.has('cardMonths') ? typed(p.get('cardMonths')) : NO_CALCULATOR_CONDITIONS.cardMonths,
    cardUsed: p.get('cardUsed') === '1',
  };
  return out;
}

/** `current` with the calculator's parameters set to `inputs` (the defaults left out), every other parameter kept. */
export function withInputParams(current: URLSearchParams, inputs: CalculatorInputs): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of KEYS) next.delete(k);
  const set = (key: (typeof KEYS)[number], value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== '' && value !== fallback) next.set(key, String(value));
  };
  const { mode, selection, contract, budget, discounts: d, pricing, conditions: c } = inputs;
  set('mode', mode, 'direct');
  set('phone', selection.phoneId);
  set('plan', selection.planId);
  set('discount', pricing.discount);
  set('months', pricing.months, DEFAULT_PRICING_INPUTS.months);
  set('extra', pricing.extraSubsidy, 0);
  set('contract', contract, DEFAULT_CONTRACT_MONTHS);
  set('monthly', budget.maxMonthly, DEFAULT_BUDGET.maxMonthly);
  set('total', budget.maxTotal, DEFAULT_BUDGET.maxTotal);
  set('loyal', d.existingCustomer ? 1 : null);
  set('tradeIn', d.tradeIn ? 1 : null);
  set('tradeValue', d.tradeInValue, 0);
  set('pay', d.paymentMethod, DEFAULT_DISCOUNTS.paymentMethod);
  set('age', d.age);
  set('family', d.familyMembers);
  set('keep', c.keepMonths.trim());
  set('later', c.laterPlanId);
  for (const a of c.addOns) next.append('addOn', [a.name, a.monthlyFee, a.months].map((v) => v.replace(/\|/g, ' ')).join('|'));
  set('card', c.cardDiscount.trim());
  set('cardMonths', c.cardMonths.trim(), NO_CALCULATOR_CONDITIONS.cardMonths);
  set('cardUsed', c.cardUsed ? 1 : null);
  return next;
}
