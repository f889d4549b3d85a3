import { useDeferredValue, useMemo, useRef } from 'react';
import { Alert, Box, Button, Container, Grid, GridItem, Heading, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { Plan, Product } from '../../shared/api/catalogue';
import { formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useCalculatorCatalogue } from './api';
import { CarrierComparePanel } from './CarrierComparePanel';
import { calculateTotalCost, contractLabel, recommendCombinations, type Recommendation } from './cost';
import { CalculatorIcon } from './icons';
import { BudgetInputs, DirectInputs, DiscountOptions } from './Inputs';
import { appliedOptionLabels, discountRows } from './labels';
import { ModeSelector } from './ModeSelector';
import { RecommendationList } from './Recommendations';
import { PreviewBadges, ResultCard } from './ResultCard';
import {
  budgetAtom,
  calculatorModeAtom,
  chooseCombinationAtom,
  contractMonthsAtom,
  discountsAtom,
  selectionAtom,
  type Budget,
} from './state';

function PageHeader() {
  return (
    <Stack gap="2" mb={{ base: '5', md: '8' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} display="flex" alignItems="center" gap="2">
        <CalculatorIcon boxSize={{ base: '6', md: '7' }} color="brand.solid" />
        가격 계산기
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        휴대폰 기기값과 요금제, 약정·할인을 모두 더해 실제로 내는 총 비용을 계산해요. 예산만 정하면 맞는 조합도 추천해 드려요.
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

function Calculator({ phones, plans }: { phones: Product[]; plans: Plan[] }) {
  const [mode, setMode] = useAtom(calculatorModeAtom);
  const selection = useAtomValue(selectionAtom);
  const [months, setMonths] = useAtom(contractMonthsAtom);
  const [budget, setBudget] = useAtom(budgetAtom);
  const discounts = useAtomValue(discountsAtom);
  const choose = useSetAtom(chooseCombinationAtom);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const modeTop = useRef<HTMLDivElement>(null);

  const phone = resolve(phones, selection.phoneId);
  const plan = resolve(plans, selection.planId);

  const result = useMemo(
    () => (phone && plan ? calculateTotalCost({ phone, plan, contractMonths: months, discounts }) : undefined),
    [phone, plan, months, discounts],
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

  if (!phone || !plan || !result) return <Empty />;

  const onChoose = (r: Recommendation<Product, Plan>) => {
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

  const appliedDiscountLabels = discountRows(months, plan)
    .filter((row) => result.discountDetails[row.key] > 0)
    .map((row) => `${row.label} ${formatWon(result.discountDetails[row.key])}`);

  const previewItems =
    mode === 'direct'
      ? [phone.name, `${plan.name} (${plan.carrier})`, contractLabel(months)]
      : [`월 ${formatWon(budget.maxMonthly)} 이하`, `총 ${formatWon(budget.maxTotal)} 이하`, contractLabel(months)];

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Box ref={modeTop} scrollMarginTop="24">
        <ModeSelector />
      </Box>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <GridItem>
          <Stack gap="6">
            {mode === 'direct' ? <DirectInputs phones={phones} plans={plans} phone={phone} plan={plan} /> : <BudgetInputs />}
            <DiscountOptions devicePrice={mode === 'direct' ? phone.price : undefined} />
          </Stack>
        </GridItem>
        <GridItem position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <Stack gap="4">
            <PreviewBadges items={previewItems} discounts={mode === 'direct' ? appliedDiscountLabels : appliedOptionLabels(discounts)} />
            {mode === 'direct' ? (
              <ResultCard ref={resultHeading} phone={phone} plan={plan} months={months} result={result} />
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
                  추천 점수: 요금제 할인율·혜택 수·데이터 제공량, 삼성·애플 가산점, 예산 대비 절약 비율(30%)을 반영해요. 카드를 누르면 직접 선택
                  모드에서 자세한 분석을 볼 수 있어요.{' '}
                  <Button variant="plain" size="xs" colorPalette="brand" px="0" onClick={() => setMode('direct')}>
                    직접 선택으로 돌아가기
                  </Button>
                </Text>
              </>
            )}
          </Stack>
        </GridItem>
      </Grid>

      <CarrierComparePanel
        phone={phone}
        plan={plan}
        note={mode === 'budget' ? '(직접 선택 모드에서 고른 휴대폰과 요금제 기준이에요. 추천 카드를 누르면 그 조합으로 바뀌어요.)' : undefined}
      />
    </Stack>
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
