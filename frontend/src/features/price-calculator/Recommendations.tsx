import { Badge, Box, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import type { Plan } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import type { CalculatorEntry } from './api';
import {
  BUDGET_ADVICE_CONTRACT_MONTHS,
  BUDGET_ADVICE_MONTHLY_INCREASE,
  BUDGET_ADVICE_TOTAL_INCREASE,
  MONTHLY_BUDGET_RANGE,
  TOTAL_BUDGET_RANGE,
  type ContractMonths,
  type Recommendation,
} from './cost';
import type { Budget } from './state';

export const RANK_LABELS = ['최고 추천', '2순위', '3순위'] as const;

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex as="span" justify="space-between" gap="2" fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}
      </Text>
      <Text as="span" fontWeight={strong ? 'bold' : 'semibold'} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Flex>
  );
}

export interface RecommendationListProps {
  recommendations: Recommendation<CalculatorEntry, Plan>[];
  months: ContractMonths;
  budget: Budget;
  onChoose: (r: Recommendation<CalculatorEntry, Plan>) => void;
  onApplyAdvice: (advice: { budget?: Partial<Budget>; months?: ContractMonths }) => void;
}

export function RecommendationList({ recommendations, months, budget, onChoose, onApplyAdvice }: RecommendationListProps) {
  return (
    <Box as="section" aria-labelledby="recommendations-title">
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="2" mb="3">
        <Heading as="h2" id="recommendations-title" size="lg">
          예산 맞춤 추천
        </Heading>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          할인 규칙 기준 월 {formatWon(budget.maxMonthly)} · {formatWon(budget.maxTotal)} 이하 · {months}개월 약정{' '}
          {recommendations.length > 0 ? `${recommendations.length}개 조합` : ''}
        </Text>
      </Flex>
      {recommendations.length === 0 ? (
        <NoCombination budget={budget} months={months} onApply={onApplyAdvice} />
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
          {recommendations.map((r, i) => (
            <Box as="li" key={`${r.phone.id}-${r.plan.id}`}>
              <RecommendationCard rank={i} r={r} months={months} onChoose={onChoose} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function RecommendationCard({ rank, r, months, onChoose }: { rank: number; r: Recommendation<CalculatorEntry, Plan>; months: ContractMonths; onChoose: (r: Recommendation<CalculatorEntry, Plan>) => void }) {
  const label = RANK_LABELS[rank] ?? `${rank + 1}순위`;
  const best = rank === 0;
  const planTotal = r.plan.monthlyFee * months;
  return (
    <chakra.button
      type="button"
      data-testid="recommendation-card"
      data-phone-id={r.phone.id}
      data-plan-id={r.plan.id}
      onClick={() => onChoose(r)}
      aria-label={`${label}: ${r.phone.name}, ${r.plan.name} (${r.plan.carrier}), 규칙 적용 금액 ${formatWon(r.totalCost)}, 월 평균 ${formatMonthly(r.monthlyAverage)}. 선택하면 직접 선택 모드에서 예상 납부액을 볼 수 있어요`}
      w="full"
      textAlign="start"
      p="4"
      rounded="xl"
      borderWidth={best ? '2px' : '1px'}
      borderColor={best ? 'brand.solid' : 'border'}
      bg="bg.panel"
      cursor="pointer"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Flex as="span" gap="4" direction={{ base: 'column', sm: 'row' }}>
        <HStack as="span" gap="3" align="flex-start" flex="1" minW="0">
          <Box as="span" display="block" flexShrink={0} w="16" h="20" rounded="md" overflow="hidden" bg="bg.muted">
            <PhoneImage src={r.phone.img} alt="" brand={r.phone.brand} width={64} height={80} sizes="64px" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          </Box>
          <Box as="span" display="block" minW="0">
            <HStack as="span" gap="1.5" mb="1">
              <Badge display="inline-flex" colorPalette={best ? 'brand' : 'gray'} variant={best ? 'solid' : 'subtle'}>
                {label}
              </Badge>
            </HStack>
            <Text as="span" display="block" fontWeight="bold" lineClamp={2}>
              {r.phone.name}
            </Text>
            <Text as="span" display="block" fontSize="sm" color="fg.muted">
              {r.plan.name} ({r.plan.carrier}) · 데이터 {r.plan.data}
            </Text>
            <Text as="span" display="block" mt="2" fontSize="xs" color="fg.muted">
              규칙 적용 금액 ({months}개월)
            </Text>
            <Text as="span" display="block" fontSize="xl" fontWeight="black" color="brand.fg" fontVariantNumeric="tabular-nums">
              {formatWon(r.totalCost)}
            </Text>
            <Text as="span" display="block" fontSize="sm" fontWeight="semibold">
              월 평균 {formatMonthly(r.monthlyAverage)}
            </Text>
          </Box>
        </HStack>
        <Stack as="span" gap="1" minW={{ sm: '52' }} flexShrink={0} justify="center">
          <Figure label="출고가" value={formatWon(r.phone.releasePrice)} />
          <Figure label="요금제 총액" value={formatWon(planTotal)} />
          <Figure label="규칙 할인" value={`-${formatWon(r.discountDetails.total)}`} />
          <Figure label="데이터" value={r.plan.data} />
          <Text as="span" fontSize="xs" color="brand.fg" textAlign="end" mt="1">
            선택해서 자세히 보기 →
          </Text>
        </Stack>
      </Flex>
    </chakra.button>
  );
}

function AdviceButton({ disabled, onClick, children }: { disabled: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Button variant="outline" colorPalette="brand" disabled={disabled} onClick={onClick} whiteSpace="normal" h="auto" py="2">
      {children}
    </Button>
  );
}

function NoCombination({ budget, months, onApply }: { budget: Budget; months: ContractMonths; onApply: RecommendationListProps['onApplyAdvice'] }) {
  const nextMonthly = Math.min(MONTHLY_BUDGET_RANGE.max, budget.maxMonthly + BUDGET_ADVICE_MONTHLY_INCREASE);
  const nextTotal = Math.min(TOTAL_BUDGET_RANGE.max, budget.maxTotal + BUDGET_ADVICE_TOTAL_INCREASE);
  return (
    <Card.Root data-testid="no-combination" role="status" variant="outline" bg="bg.panel" borderStyle="dashed">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h3" size="md">
            예산 내 조합이 없습니다
          </Heading>
          <Text color="fg.muted">
            지금 조건으로는 월 {formatWon(budget.maxMonthly)}, 총 {formatWon(budget.maxTotal)} 안에 들어오는 휴대폰과 요금제 조합이 없어요. 아래처럼
            조건을 바꿔 보세요.
          </Text>
          <Box as="ul" ps="5" color="fg.muted" fontSize="sm" listStyleType="disc">
            <li>월 예산을 {formatWon(BUDGET_ADVICE_MONTHLY_INCREASE)} 올리기</li>
            <li>총 예산을 {formatWon(BUDGET_ADVICE_TOTAL_INCREASE)} 올리기</li>
            <li>{BUDGET_ADVICE_CONTRACT_MONTHS}개월 약정 선택하기 (약정 할인 15%)</li>
          </Box>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
            <AdviceButton disabled={nextMonthly === budget.maxMonthly} onClick={() => onApply({ budget: { maxMonthly: nextMonthly } })}>
              월 예산 {formatWon(nextMonthly)}으로
            </AdviceButton>
            <AdviceButton disabled={nextTotal === budget.maxTotal} onClick={() => onApply({ budget: { maxTotal: nextTotal } })}>
              총 예산 {formatWon(nextTotal)}으로
            </AdviceButton>
            <AdviceButton disabled={months === BUDGET_ADVICE_CONTRACT_MONTHS} onClick={() => onApply({ months: BUDGET_ADVICE_CONTRACT_MONTHS })}>
              {BUDGET_ADVICE_CONTRACT_MONTHS}개월 약정으로
            </AdviceButton>
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
