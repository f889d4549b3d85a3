import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Container, Grid, GridItem, Heading, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { DISCOUNT_LABELS, PRICE_LABELS } from '@phonemarket/contracts';
import type { Plan } from '../../shared/api/catalogue';
import { formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useCalculatorCatalogue, type CalculatorEntry } from './api';
import { contractLabel, expectedExtras, recommendCombinations, type Recommendation } from './cost';
import { CalculatorIcon } from './icons';
import { BudgetInputs, DirectInputs, RuleOptions } from './Inputs';
import { ConditionInputs, NO_CALCULATOR_CONDITIONS, pricingConditionsOf, type CalculatorConditions } from './ConditionInputs';
import { appliedOptionLabels } from './labels';
import { ModeSelector } from './ModeSelector';
import { RecommendationList } from './Recommendations';
import { priceChoice, PriceResult } from './PriceResult';
import { ExpectedExtrasCard, PreviewBadges } from './ResultCard';
import { inputsFromParams, withInputParams } from './urlState';
import {
  budgetAtom,
  calculatorModeAtom,
  chooseCombinationAtom,
  contractMonthsAtom,
  discountsAtom,
  pricingAtom,
  selectionAtom,
  type Budget,
} from './state';
import type { CalculatorInputs } from './urlState';

function PageHeader() {
  return (
    <Stack gap="2" mb={{ base: '5', md: '8' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} display="flex" alignItems="center" gap="2">
        <CalculatorIcon boxSize={{ base: '6', md: '7' }} color="brand.solid" />
        가격 계산기
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        휴대폰 출고가와 요금제, 공시지원금 또는 선택약정, 할부 이자까지 넣어 매달 내는 금액과 총비용을 계산해요. 예산만 정하면 맞는 조합도
        추천해 드려요.
      </Text>
    </Stack>
  );
}

function Loading() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Stack direction="row" align="center" gap="3" mb="6" color="fg.muted">
        <Spinner size="sm" />
        <Text>휴대폰과 요금제 정보를 불러오는 중...</Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="6">
        <Skeleton height="96" rounded="xl" />
        <Skeleton height="96" rounded="xl" />
      </Grid>
    </Box>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert.Root status="error" data-testid="calculator-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>휴대폰·요금제 정보를 불러오지 못했어요</Alert.Title>
        <Alert.Description>
          잠시 후 다시 시도해 주세요. ({error.message})
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
        다시 시도
      </Button>
    </Alert.Root>
  );
}

function Empty() {
  return (
    <Alert.Root status="info" data-testid="calculator-empty">
      <Alert.Indicator />
      <Alert.Title>계산할 휴대폰이나 요금제가 아직 없어요</Alert.Title>
    </Alert.Root>
  );
}

/** The stored choice when it still exists, else the first phone / plan. */
function resolve<T extends { id: string }>(items: readonly T[], id: string | null): T | undefined {
  return (id !== null ? items.find((x) => x.id === id) : undefined) ?? items[0];
}

/**
 * The inputs in the address (urlState.ts): what it names when the calculator opens is taken first (over the
 * stored choices), then every change is written back (replaced, not pushed). Returns the typed 판매 조건 it named.
 */
function useInputsFromAddress(): CalculatorConditions {
  const store = useStore();
  const [params] = useSearchParams();
  // Once, before the inputs below are read: a shared link's values, not the ones stored on this device.
  const [conditions] = useState(() => {
    const named = inputsFromParams(params);
    if (named.mode) store.set(calculatorModeAtom, named.mode);
    if (named.selection) store.set(selectionAtom, named.selection);
    if (named.contract) store.set(contractMonthsAtom, named.contract);
    if (named.budget) store.set(budgetAtom, named.budget);
    if (named.discounts) store.set(discountsAtom, named.discounts);
    if (named.pricing) store.set(pricingAtom, named.pricing);
    return named.conditions ?? NO_CALCULATOR_CONDITIONS;
  });
  return conditions;
}

/** Writes the inputs into the address when they change (only then: an unchanged address is not navigated to again). */
function useInputsInAddress(inputs: CalculatorInputs) {
  const [params, setParams] = useSearchParams();
  const next = withInputParams(params, inputs);
  const changed = next.toString() !== params.toString();
  useEffect(() => {
    if (changed) setParams(next, { replace: true });
  });
}

function Calculator({ phones, plans }: { phones: CalculatorEntry[]; plans: Plan[] }) {
  const namedConditions = useInputsFromAddress();
  const [mode, setMode] = useAtom(calculatorModeAtom);
  const selection = useAtomValue(selectionAtom);
  const [months, setMonths] = useAtom(contractMonthsAtom);
  const [budget, setBudget] = useAtom(budgetAtom);
  const discounts = useAtomValue(discountsAtom);
  const pricing = useAtomValue(pricingAtom);
  const choose = useSetAtom(chooseCombinationAtom);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const modeTop = useRef<HTMLDivElement>(null);

  const phone = resolve(phones, selection.phoneId);
  const plan = resolve(plans, selection.planId);

  const [conditions, setConditions] = useState(namedConditions);
  useInputsInAddress({
    mode, contract: months, budget, discounts, pricing, conditions,
    selection: { phoneId: phone?.id ?? selection.phoneId, planId: plan?.id ?? selection.planId },
  });
  const priced = useMemo(
    () => (phone && plan ? priceChoice(phone, plan, pricing, pricingConditionsOf(conditions, plan, plans)) : undefined),
    [phone, plan, pricing, conditions, plans],
  );

  // Sliders update every step; the list follows without blocking the input.
  const deferredBudget = useDeferredValue(budget);
  const deferredDiscounts = useDeferredValue(discounts);
  const recommendations = useMemo(
    () =>
      mode === 'budget'
        ? recommendCombinations({
            phones,
            plans,
            maxMonthly: deferredBudget.maxMonthly,
            maxTotal: deferredBudget.maxTotal,
            contractMonths: months,
            discounts: deferredDiscounts,
          })
        : [],
    [mode, phones, plans, deferredBudget, months, deferredDiscounts],
  );

  if (!phone || !plan || !priced) return <Empty />;

  const onChoose = (r: Recommendation<CalculatorEntry, Plan>) => {
    choose({ phoneId: r.phone.id, planId: r.plan.id });
    // Show the chosen combination: move to the top of the calculator and focus the result heading.
    requestAnimationFrame(() => {
      modeTop.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      resultHeading.current?.focus({ preventScroll: true });
    });
  };

  const onApplyAdvice = (advice: { budget?: Partial<Budget>; months?: typeof months }) => {
    if (advice.budget) setBudget((b) => ({ ...b, ...advice.budget }));
    if (advice.months) setMonths(advice.months);
  };

  const q = priced.chosen;
  const previewItems =
    mode === 'direct'
      ? [phone.name, `${plan.name} (${plan.carrier})`, DISCOUNT_LABELS[q.discount], `할부 ${q.months}개월`]
      : [`월 ${formatWon(budget.maxMonthly)} 이하`, `총 ${formatWon(budget.maxTotal)} 이하`, contractLabel(months)];
  const appliedDiscounts =
    mode === 'direct'
      ? [
          ...(q.subsidy > 0 ? [`${PRICE_LABELS.subsidy} -${formatWon(q.subsidy)}`] : []),
          ...(q.extraSubsidy > 0 ? [`${PRICE_LABELS.extraSubsidy} -${formatWon(q.extraSubsidy)}`] : []),
          ...(q.planDiscount > 0 ? [`${DISCOUNT_LABELS.selective} 월 -${formatWon(q.planDiscount)}`] : []),
        ]
      : appliedOptionLabels(discounts);

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Box ref={modeTop} scrollMarginTop="24">
        <ModeSelector />
      </Box>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <GridItem>
          {mode === 'direct' ? (
            <Stack gap="4">
              <DirectInputs phones={phones} plans={plans} phone={phone} plan={plan} />
              <ConditionInputs value={conditions} onChange={setConditions} plan={plan} plans={plans} />
            </Stack>
          ) : <BudgetInputs />}
        </GridItem>
        <GridItem position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <Stack gap="4">
            <PreviewBadges items={previewItems} discounts={appliedDiscounts} />
            {mode === 'direct' ? (
              <PriceResult ref={resultHeading} phone={phone} plan={plan} priced={priced} />
            ) : (
              <>
                <RecommendationList
                  recommendations={recommendations}
                  months={months}
                  budget={deferredBudget}
                  onChoose={onChoose}
                  onApplyAdvice={onApplyAdvice}
                />
                <Text fontSize="sm" color="fg.muted">
                  추천은 아래 할인 규칙으로 낸 금액을 기준으로 해요. 추천 점수: 요금제 할인율·혜택 수·데이터 제공량, 삼성·애플 가산점, 예산 대비 절약
                  비율(30%)을 반영해요. 카드를 누르면 직접 선택 모드에서 예상 납부액을 볼 수 있어요.{' '}
                  <Button variant="plain" size="xs" colorPalette="brand" px="0" onClick={() => setMode('direct')}>
                    직접 선택으로 돌아가기
                  </Button>
                </Text>
              </>
            )}
          </Stack>
        </GridItem>
      </Grid>

      <RulesSection phone={phone} plan={plan} direct={mode === 'direct'} />
    </Stack>
  );
}

/**
 * The spec's discount conditions (기존 고객, 보상판매, 자동이체, 연령, 가족 결합), their own section. In direct mode
 * they never make a second total (issue 39 §6): each condition that applies is one 예상 line with its rule,
 * beside the one total above (the pricing module's). In budget mode they and the 약정 기간 rank the
 * recommendations.
 */
function RulesSection({ phone, plan, direct }: { phone: CalculatorEntry; plan: Plan; direct: boolean }) {
  const discounts = useAtomValue(discountsAtom);
  const extras = useMemo(() => expectedExtras(discounts, { devicePrice: phone.releasePrice, planFee: plan.monthlyFee }), [discounts, phone, plan]);
  return (
    <Box as="section" aria-labelledby="rules-title" data-testid="rules-section" pt={{ base: '2', md: '4' }} borderTopWidth="1px">
      <Stack gap="2" mb="5">
        <Heading as="h2" id="rules-title" size="lg">
          {direct ? '할인 조건 (예상)' : '할인 조건과 약정 기간'}
        </Heading>
        <Text color="fg.muted" fontSize="sm" maxW="4xl" data-testid="rules-note">
          {direct
            ? '기존 고객·보상판매·자동이체·연령·가족 결합 할인은 판매처와 통신사 조건에 따라 달라요. 고른 조건마다 예상 금액을 따로 보여드리며, 위 총비용은 바뀌지 않아요.'
            : '예산 기반 추천은 이 할인 조건과 약정 기간으로 계산한 참고 금액을 기준으로 해요. 통신사가 실제로 청구하는 금액은 직접 선택 모드의 예상 납부액이 기준이에요.'}
        </Text>
      </Stack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <GridItem>
          <RuleOptions devicePrice={direct ? phone.releasePrice : undefined} withContract={!direct} />
        </GridItem>
        {direct ? <GridItem><ExpectedExtrasCard extras={extras} /></GridItem> : null}
      </Grid>
    </Box>
  );
}

export default function PriceCalculatorPage() {
  useDocumentTitle('가격 계산기');
  const { data, isPending, error, refetch } = useCalculatorCatalogue();
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <PageHeader />
      {error ? (
        <LoadError error={error} onRetry={refetch} />
      ) : isPending || !data ? (
        <Loading />
      ) : data.phones.length === 0 || data.plans.length === 0 ? (
        <Empty />
      ) : (
        <Calculator phones={data.phones} plans={data.plans} />
      )}
    </Container>
  );
}
