import { Checkbox, Flex, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import { isApiError } from '../../shared/api/client';
import { NO_CONDITIONS, SETTLEMENT_KINDS, SETTLEMENT_LABELS, type OfferConditions, type SettlementKind } from '@phonemarket/contracts';
import { AddOnRows, type AddOnDraft } from '../../shared/forms/AddOnRows';
import { FormField } from '../../shared/forms/FormField';

/** The conditions form as typed (strings while typing); `conditionsOf` turns it into the contract's shape. */
export interface ConditionsDraft {
  keepMonths: string;
  addOns: AddOnDraft[];
  simFee: string;
  settlementKind: '' | SettlementKind;
  settlementAmount: string;
  prorated: boolean;
  breach: string;
}
export const EMPTY_CONDITIONS: ConditionsDraft = { keepMonths: '', addOns: [], simFee: '', settlementKind: '', settlementAmount: '', prorated: true, breach: '' };

const num = (s: string) => (s.trim() === '' ? 0 : Number(s));

/** The draft as the request sends it (the server's schema checks every figure and answers in Korean). */
export function conditionsOf(d: ConditionsDraft): OfferConditions {
  const keep = num(d.keepMonths);
  return {
    ...NO_CONDITIONS,
    planKeep: keep > 0 || d.keepMonths.trim() !== '' ? { planId: null, months: keep } : null,
    addOns: d.addOns.map((a) => ({ name: a.name, monthlyFee: num(a.monthlyFee), months: num(a.months) })),
    simFee: num(d.simFee),
    settlement: d.settlementKind ? { kind: d.settlementKind, amount: num(d.settlementAmount), prorated: d.prorated } : null,
    breach: d.breach,
  };
}

/** The server's refusals of a request's conditions (its `conditions.*` field errors), for `ConditionsFields`' `errors`. */
export function conditionErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).filter(([k]) => k === 'conditions' || k.startsWith('conditions.')));
}

/**
 * Issue 40: a listing's conditions as fields, never in free text — 요금제 유지 (months of the plan the buyer
 * opens with), 부가서비스, 유심/eSIM 비용, 차액정산·반환 and what happens if a condition is broken.
 */
export function ConditionsFields({ value, onChange, withPlanKeep = true, errors = {} }: {
  value: ConditionsDraft;
  onChange: (next: ConditionsDraft) => void;
  withPlanKeep?: boolean;
  /** The server's refusals of the conditions, by its field paths ('conditions.simFee', 'conditions.addOns.0.name'), each shown at its field. */
  errors?: Readonly<Record<string, string>>;
}) {
  const set = (patch: Partial<ConditionsDraft>) => onChange({ ...value, ...patch });
  // The first message under a path ('conditions.settlement' also takes 'conditions.settlement.amount'), as a field's error.
  const at = (path: string): FieldError | undefined => {
    const key = Object.keys(errors).find((k) => k === path || k.startsWith(`${path}.`));
    return key ? { type: 'server', message: errors[key] } : undefined;
  };
  const addOnErrors = Object.entries(errors).filter(([k]) => k === 'conditions.addOns' || k.startsWith('conditions.addOns.')).map(([, m]) => m);
  return (
    <Stack gap="3" data-testid="conditions-fields" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="semibold">판매 조건 (고객에게 그대로 보이고 실부담에 반영됩니다)</Text>
      {/* A 자급제 unit (a seller's own listing) has no plan to keep. */}
      {withPlanKeep ? (
        <FormField label="요금제 유지 (개월)" helper="비우면 유지 조건 없음. 가입한 요금제를 이 기간 유지해야 합니다." error={at('conditions.planKeep')}>
          <Input data-testid="condition-keep-months" type="number" inputMode="numeric" min={1} max={36} value={value.keepMonths} onChange={(e) => set({ keepMonths: e.currentTarget.value })} />
        </FormField>
      ) : null}
      <AddOnRows value={value.addOns} onChange={(addOns) => set({ addOns })} newRow={{ name: '', monthlyFee: '', months: '' }} addTestId="condition-add-on-add" />
      {addOnErrors.length ? (
        <Stack gap="0.5" data-testid="condition-add-on-errors">{[...new Set(addOnErrors)].map((m) => <Text key={m} fontSize="sm" color="fg.error">{m}</Text>)}</Stack>
      ) : null}
      <FormField label="유심/eSIM 비용 (원)" error={at('conditions.simFee')}>
        <Input data-testid="condition-sim-fee" type="number" inputMode="numeric" min={0} value={value.simFee} onChange={(e) => set({ simFee: e.currentTarget.value })} />
      </FormField>
      <FormField label="차액정산·반환" helper="요금제 유지 기간 안에 요금제를 바꾸면 받는 금액(최대)" error={at('conditions.settlement')}>
        <Flex gap="2" wrap="wrap" align="center">
          <NativeSelect.Root w="40">
            <NativeSelect.Field data-testid="condition-settlement-kind" value={value.settlementKind} onChange={(e) => set({ settlementKind: e.currentTarget.value as ConditionsDraft['settlementKind'] })}>
              <option value="">없음</option>
              {SETTLEMENT_KINDS.map((k) => <option key={k} value={k}>{SETTLEMENT_LABELS[k]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {value.settlementKind ? (
            <>
              <Input w="36" aria-label="차액정산·반환 금액" type="number" placeholder="금액(원)" value={value.settlementAmount} onChange={(e) => set({ settlementAmount: e.currentTarget.value })} />
              <Checkbox.Root size="sm" checked={value.prorated} onCheckedChange={(d) => set({ prorated: d.checked === true })}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>남은 개월에 비례</Checkbox.Label>
              </Checkbox.Root>
            </>
          ) : null}
        </Flex>
      </FormField>
      <FormField label="조건을 지키지 않으면" helper="계약 조건서에 판매점 안내로 그대로 적힙니다." error={at('conditions.breach')}>
        <Textarea data-testid="condition-breach" rows={2} maxLength={300} value={value.breach} onChange={(e) => set({ breach: e.currentTarget.value })} />
      </FormField>
    </Stack>
  );
}
