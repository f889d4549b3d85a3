import { Card, Stack, Text } from '@chakra-ui/react';
import { useAtom, useSetAtom } from 'jotai';
import { DISCOUNT_LABELS, INSTALLMENT_MONTHS, type DiscountType } from '@phonemarket/contracts';
import type { Plan } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
import type { CalculatorEntry } from './api';
import {
  LOYALTY_DISCOUNT_PERCENT,
  MONTHLY_BUDGET_RANGE,
  TOTAL_BUDGET_RANGE,
  TRADE_IN_CAP_PERCENT,
  type Discounts,
} from './cost';
import { LabeledSlider, SelectField, Toggle, WonInput } from './controls';
import { AGE_OPTIONS, CONTRACT_OPTIONS, FAMILY_OPTIONS, PAYMENT_OPTIONS, ageHint, familyHint, phoneOptions, planOptionLabel } from './labels';
import { budgetAtom, contractMonthsAtom, discountsAtom, pricingAtom, selectionAtom } from './state';

function Panel({ title, children, labelId, as = 'h2' }: { title: string; children: React.ReactNode; labelId: string; as?: 'h2' | 'h3' }) {
  return (
    <Card.Root as="section" aria-labelledby={labelId} variant="outline" bg="bg.panel">
      <Card.Header pb="0" px={{ base: '4', md: '6' }}>
        <Card.Title as={as} id={labelId} fontSize="lg">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body px={{ base: '4', md: '6' }}>
        <Stack gap="5">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The phone (one per model × storage, at its 출고가) and the plan: what both calculations price. */
export function DirectInputs({ phones, plans, phone, plan }: { phones: CalculatorEntry[]; plans: Plan[]; phone: CalculatorEntry; plan: Plan }) {
  const setSelection = useSetAtom(selectionAtom);
  return (
    <Panel title="직접 선택" labelId="direct-inputs-title">
      <SelectField
        label="휴대폰"
        testId="phone-select"
        value={phone.id}
        // From the latest selection, not this render's: two quick choices must not undo each other.
        onChange={(phoneId) => setSelection((latest) => ({ ...latest, phoneId, planId: latest.planId ?? plan.id }))}
        options={phoneOptions(phones)}
        helper={`출고가 ${formatWon(phone.releasePrice)} (지원금 적용 전 제조사 가격)`}
      />
      <SelectField
        label="요금제"
        testId="plan-select"
        value={plan.id}
        onChange={(planId) => setSelection((latest) => ({ ...latest, planId, phoneId: latest.phoneId ?? phone.id }))}
        options={plans.map((p) => ({ value: p.id, label: planOptionLabel(p) }))}
        helper={`${plan.carrier} · ${formatMonthly(plan.monthlyFee)} · 데이터 ${plan.data} · 개통비 ${formatWon(plan.setupFee)}`}
      />
      <PricingOptions phone={phone} plan={plan} />
    </Panel>
  );
}

const DISCOUNT_CHOICES: { value: 'auto' | DiscountType; label: string }[] = [
  { value: 'auto', label: '더 저렴한 쪽 (추천)' },
  { value: 'subsidy', label: DISCOUNT_LABELS.subsidy },
  { value: 'selective', label: DISCOUNT_LABELS.selective },
];
const MONTH_CHOICES = INSTALLMENT_MONTHS.map((m) => ({ value: m, label: `${m}개월` }));

/** 공시지원금 of this phone on this plan (0 when no carrier publishes one). */
export function subsidyOf(phone: CalculatorEntry, plan: Plan): number {
  return Object.hasOwn(phone.subsidies, plan.id) ? phone.subsidies[plan.id]! : 0;
}

/** 할인 방식, 할부 개월 and 추가지원금: the pricing module's choices, as on the product page. */
function PricingOptions({ phone, plan }: { phone: CalculatorEntry; plan: Plan }) {
  const [inputs, setInputs] = useAtom(pricingAtom);
  const subsidy = subsidyOf(phone, plan);
  return (
    <>
      <SelectField
        label="할인 방식"
        testId="discount-select"
        value={inputs.discount ?? 'auto'}
        onChange={(v) => setInputs((p) => ({ ...p, discount: v === 'auto' ? null : v }))}
        options={DISCOUNT_CHOICES}
        helper={
          subsidy > 0
            ? `공시지원금 ${formatWon(subsidy)} (${plan.carrier} 공시) 또는 월 요금 25% 할인 중 하나만 받아요`
            : `이 휴대폰은 ${plan.carrier} ${plan.name}에 공시지원금이 없어요`
        }
      />
      <SelectField
        label="할부 개월"
        testId="months-select"
        value={inputs.months}
        onChange={(months) => setInputs((p) => ({ ...p, months }))}
        options={MONTH_CHOICES}
        helper="할부 이자 연 5.9% (원리금균등)"
      />
      <WonInput
        label="추가지원금 (판매처 할인)"
        testId="extra-subsidy-input"
        value={inputs.extraSubsidy}
        onChange={(extraSubsidy) => setInputs((p) => ({ ...p, extraSubsidy }))}
        helper="판매처마다 달라요. 모르면 0원으로 두세요"
      />
    </>
  );
}

export function BudgetInputs() {
  const [budget, setBudget] = useAtom(budgetAtom);
  return (
    <Panel title="예산 설정" labelId="budget-inputs-title">
      <LabeledSlider
        label="월 예산"
        testId="monthly-budget"
        value={budget.maxMonthly}
        {...MONTHLY_BUDGET_RANGE}
        onChange={(maxMonthly) => setBudget((b) => ({ ...b, maxMonthly }))}
        format={formatMonthly}
        minLabel={formatWon(MONTHLY_BUDGET_RANGE.min)}
        maxLabel={formatWon(MONTHLY_BUDGET_RANGE.max)}
        helper="약정 기간 동안의 월 평균 금액 상한 (할인 규칙 기준)"
      />
      <LabeledSlider
        label="총 예산"
        testId="total-budget"
        value={budget.maxTotal}
        {...TOTAL_BUDGET_RANGE}
        onChange={(maxTotal) => setBudget((b) => ({ ...b, maxTotal }))}
        format={formatWon}
        helper="출고가·요금·개통비에서 할인 규칙의 할인을 뺀 금액 상한"
      />
    </Panel>
  );
}

function ContractSelect() {
  const [months, setMonths] = useAtom(contractMonthsAtom);
  return (
    <SelectField
      label="약정 기간"
      testId="contract-select"
      value={months}
      onChange={setMonths}
      options={CONTRACT_OPTIONS}
      helper="약정 할인은 출고가에 적용하는 규칙이에요"
    />
  );
}

/**
 * The discount conditions (both modes). In budget mode with the 약정 기간 the recommendations are ranked by;
 * in direct mode they only give 예상 lines beside the one total (issue 39 §6). 나이 and 가족 결합 인원 start
 * empty: nothing is applied until the person says.
 */
export function RuleOptions({ devicePrice, withContract = false }: { devicePrice: number | undefined; withContract?: boolean }) {
  const [d, setD] = useAtom(discountsAtom);
  const set = <K extends keyof Discounts>(key: K, value: Discounts[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const cap = devicePrice === undefined ? undefined : Math.floor((devicePrice * TRADE_IN_CAP_PERCENT) / 100);
  const capped = cap !== undefined && d.tradeIn && d.tradeInValue > cap;
  const optional = (v: string) => (v === '' ? null : Number(v));
  return (
    <Panel title="할인 조건" labelId="discount-options-title" as="h3">
      {withContract ? <ContractSelect /> : null}
      <Toggle
        label="기존 고객"
        testId="existing-customer-toggle"
        checked={d.existingCustomer}
        onChange={(v) => set('existingCustomer', v)}
        description={`같은 통신사를 계속 쓰면 출고가의 ${LOYALTY_DISCOUNT_PERCENT}% 할인`}
      />
      <Stack gap="3">
        <Toggle
          label="보상판매 (중고폰 반납)"
          testId="trade-in-toggle"
          checked={d.tradeIn}
          onChange={(v) => set('tradeIn', v)}
          description={`출고가의 ${TRADE_IN_CAP_PERCENT}%까지 인정`}
        />
        {d.tradeIn ? (
          <WonInput
            label="보상 금액"
            testId="trade-in-value"
            value={d.tradeInValue}
            onChange={(v) => set('tradeInValue', v)}
            helper={
              capped && cap !== undefined ? (
                <Text as="span" color="orange.fg">
                  한도 적용: {formatWon(cap)}까지만 할인돼요
                </Text>
              ) : cap !== undefined ? (
                `선택한 휴대폰 기준 최대 ${formatWon(cap)}`
              ) : undefined
            }
          />
        ) : null}
      </Stack>
      <SelectField
        label="결제 방법"
        testId="payment-select"
        value={d.paymentMethod}
        onChange={(v) => set('paymentMethod', v)}
        options={PAYMENT_OPTIONS}
        helper="자동이체는 월 요금의 2% 할인"
      />
      <SelectField
        label="나이"
        testId="age-select"
        value={d.age === null ? '' : String(d.age)}
        onChange={(v) => set('age', optional(v))}
        options={AGE_OPTIONS}
        helper={ageHint(d.age)}
      />
      <SelectField
        label="가족 결합 인원"
        testId="family-select"
        value={d.familyMembers === null ? '' : String(d.familyMembers)}
        onChange={(v) => set('familyMembers', optional(v))}
        options={FAMILY_OPTIONS}
        helper={familyHint(d.familyMembers)}
      />
    </Panel>
  );
}
