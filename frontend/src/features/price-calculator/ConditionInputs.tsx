import { Checkbox, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { MAX_CONDITION_MONTHS, groupThousands, laterPlanIn, type AddOn, type PlanFacts, type PricingConditions } from '@phonemarket/contracts';
import type { Plan } from '../../shared/api/catalogue';
import { AddOnRows, type AddOnDraft } from '../../shared/forms/AddOnRows';
import type { FieldError } from 'react-hook-form';
import { FormField } from '../../shared/forms/FormField';
import { formatWon } from '../../shared/format';

/**
 * Issue 40: an offer's conditions typed into the calculator — 요금제 유지 months and the plan after it,
 * 부가서비스 (name, fee, months) and a card deal (shown apart, counted only when ticked) — priced by the one
 * pricing function (`quote`) like every offer's figure. Typed as strings; a blank counts 0, and a negative,
 * fractional or non-numeric one (or one above its limit) is refused at its field in Korean and not counted.
 */
export interface CalculatorConditions {
  keepMonths: string;
  /** The plan after 요금제 유지 (empty: the carrier's cheapest of the network type, as listings count it). */
  laterPlanId: string;
  addOns: AddOnDraft[];
  cardDiscount: string;
  cardMonths: string;
  cardUsed: boolean;
}
export const NO_CALCULATOR_CONDITIONS: CalculatorConditions = { keepMonths: '', laterPlanId: '', addOns: [], cardDiscount: '', cardMonths: '12', cardUsed: false };

/** A typed whole number: blank, or 0…`max` (`unit` after the limit in the message). */
const wholeNumber = (label: string, max: number, unit: string) => z.string().check(
  z.trim(),
  z.refine((s) => s === '' || /^\d+$/.test(s), { error: `${josa(label, '은/는')} 0 이상의 정수로 입력해주세요.` }),
  z.refine((s) => !/^\d+$/.test(s) || Number(s) <= max, { error: `${josa(label, '은/는')} ${groupThousands(max)}${unit} 이하로 입력해주세요.` }),
);
const FIELDS = {
  keepMonths: wholeNumber('요금제 유지 기간', MAX_CONDITION_MONTHS, '개월'),
  cardDiscount: wholeNumber('카드 제휴 할인', 100_000, '원'),
  cardMonths: wholeNumber('할인 개월', MAX_CONDITION_MONTHS, '개월'),
  addOnFee: wholeNumber('부가서비스 월 요금', 100_000, '원'),
  addOnMonths: wholeNumber('부가서비스 유지 개월', MAX_CONDITION_MONTHS, '개월'),
};
const problemOf = (schema: z.ZodMiniType<string, string>, s: string) => z.safeParse(schema, s).error?.issues[0]?.message ?? null;

/** Each typed figure's refusal, by field ('addOns.0.monthlyFee' for a 부가서비스 row); empty: every figure counts. */
export function conditionProblems(c: CalculatorConditions): Record<string, string> {
  const out: Record<string, string> = {};
  const check = (path: string, schema: z.ZodMiniType<string, string>, s: string) => {
    const problem = problemOf(schema, s);
    if (problem) out[path] = problem;
  };
  check('keepMonths', FIELDS.keepMonths, c.keepMonths);
  check('cardDiscount', FIELDS.cardDiscount, c.cardDiscount);
  check('cardMonths', FIELDS.cardMonths, c.cardMonths);
  c.addOns.forEach((a, i) => {
    check(`addOns.${i}.monthlyFee`, FIELDS.addOnFee, a.monthlyFee);
    check(`addOns.${i}.months`, FIELDS.addOnMonths, a.months);
  });
  return out;
}

/** A typed figure as counted: a refused one (see conditionProblems) counts as blank. */
const count = (s: string, schema: z.ZodMiniType<string, string>) => (problemOf(schema, s) === null && s.trim() !== '' ? Number(s.trim()) : 0);

/** The typed conditions as the pricing function counts them for `plan` (null: none typed). */
export function pricingConditionsOf(c: CalculatorConditions, plan: Plan, plans: readonly Plan[]): { conditions: PricingConditions; addOns: AddOn[] } | null {
  const keepMonths = count(c.keepMonths, FIELDS.keepMonths);
  const addOns = c.addOns.flatMap((a) => {
    const fee = count(a.monthlyFee, FIELDS.addOnFee);
    const months = count(a.months, FIELDS.addOnMonths);
    return fee > 0 && months > 0 ? [{ name: a.name.trim() || '부가서비스', monthlyFee: fee, months }] : [];
  });
  const discount = count(c.cardDiscount, FIELDS.cardDiscount);
  const card = discount > 0 ? { card: '제휴카드', monthlyDiscount: discount, requiredMonthlySpend: 0, months: count(c.cardMonths, FIELDS.cardMonths) || 12 } : null;
  if (keepMonths === 0 && addOns.length === 0 && !card) return null;
  const facts = new Map<string, PlanFacts>(plans.map((p) => [p.id, { carrier: p.carrier, monthlyFee: p.monthlyFee }]));
  const later = laterPlanIn(facts)(plan.id, c.laterPlanId || null);
  return {
    conditions: { keepMonths, laterPlanFee: later?.monthlyFee ?? plan.monthlyFee, addOns, card, cardUsed: c.cardUsed && card !== null, simFee: 0, settlement: null },
    addOns,
  };
}

export function ConditionInputs({ value, onChange, plan, plans }: { value: CalculatorConditions; onChange: (next: CalculatorConditions) => void; plan: Plan; plans: readonly Plan[] }) {
  const set = (patch: Partial<CalculatorConditions>) => onChange({ ...value, ...patch });
  const carrierPlans = plans.filter((p) => p.carrier === plan.carrier).sort((a, b) => a.monthlyFee - b.monthlyFee);
  const problems = conditionProblems(value);
  const error = (path: string): FieldError | undefined => (problems[path] ? { type: 'validate', message: problems[path] } : undefined);
  const addOnProblems = [...new Set(Object.entries(problems).filter(([k]) => k.startsWith('addOns.')).map(([, m]) => m))];
  return (
    <Stack gap="3" data-testid="calculator-conditions" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel">
      <Text fontWeight="semibold">판매 조건 (요금제 유지·부가서비스·카드)</Text>
      <Flex gap="3" wrap="wrap">
        <FormField label="요금제 유지 (개월)" helper="비우면 유지 조건 없음" error={error('keepMonths')}>
          <Input w="28" data-testid="calc-keep-months" inputMode="numeric" value={value.keepMonths} onChange={(e) => set({ keepMonths: e.currentTarget.value })} />
        </FormField>
        <FormField label="유지 뒤 요금제">
          <NativeSelect.Root w={{ base: 'full', sm: '64' }}>
            <NativeSelect.Field data-testid="calc-later-plan" value={value.laterPlanId} onChange={(e) => set({ laterPlanId: e.currentTarget.value })}>
              <option value="">기본 (가장 저렴한 같은 망 요금제)</option>
              {carrierPlans.map((p) => <option key={p.id} value={p.id}>{`${p.name} · 월 ${formatWon(p.monthlyFee)}`}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Flex>
      <AddOnRows value={value.addOns} onChange={(addOns) => set({ addOns })} newRow={{ name: '', monthlyFee: '', months: '3' }} addTestId="calc-add-on-add" rowTestId="calc-add-on" />
      {addOnProblems.length ? (
        <Stack gap="0.5" data-testid="calc-add-on-errors" role="alert">{addOnProblems.map((m) => <Text key={m} fontSize="sm" color="fg.error">{m}</Text>)}</Stack>
      ) : null}
      <Flex gap="3" wrap="wrap" align="end">
        <FormField label="카드 제휴 할인 (월, 원)" helper="따로 보여 주고, 쓰겠다고 체크할 때만 실부담에 넣어요" error={error('cardDiscount')}>
          <Input w="36" data-testid="calc-card-discount" inputMode="numeric" value={value.cardDiscount} onChange={(e) => set({ cardDiscount: e.currentTarget.value })} />
        </FormField>
        <FormField label="할인 개월" error={error('cardMonths')}>
          <Input w="24" data-testid="calc-card-months" inputMode="numeric" value={value.cardMonths} onChange={(e) => set({ cardMonths: e.currentTarget.value })} />
        </FormField>
      </Flex>
      <Checkbox.Root size="sm" checked={value.cardUsed} onCheckedChange={(d) => set({ cardUsed: d.checked === true })} data-testid="calc-card-used">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>카드를 쓰고 할인을 받겠습니다 (실부담에 반영)</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
