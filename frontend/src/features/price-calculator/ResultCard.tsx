import { forwardRef } from 'react';
import { Badge, Box, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Plan } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
import type { CalculatorEntry } from './api';
import { contractLabel, type ContractMonths, type CostResult } from './cost';
import { InfoIcon } from './icons';
import { discountRows } from './labels';

export interface PreviewBadgesProps {
  items: string[];
  /** the discounts that apply: amounts in direct mode, switched-on options in budget mode */
  discounts: string[];
}

/** The preview: badges for the selected items and the discounts that apply. */
export function PreviewBadges({ items, discounts }: PreviewBadgesProps) {
  return (
    <Box as="section" aria-label="선택 항목 미리보기" data-testid="preview-badges" p="4" rounded="xl" borderWidth="1px" bg="bg.subtle">
      <Stack gap="2.5">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" fontWeight="bold" color="fg.muted" minW="14">
            선택 항목
          </Text>
          <Wrap gap="1.5">
            {items.map((item) => (
              <Badge key={item} colorPalette="brand" variant="subtle" size="md" whiteSpace="normal">
                {item}
              </Badge>
            ))}
          </Wrap>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" fontWeight="bold" color="fg.muted" minW="14">
            적용 할인
          </Text>
          <Wrap gap="1.5">
            {discounts.length === 0 ? (
              <Badge variant="outline" size="md">
                적용되는 할인 없음
              </Badge>
            ) : (
              discounts.map((d) => (
                <Badge key={d} colorPalette="green" variant="subtle" size="md" whiteSpace="normal">
                  {d}
                </Badge>
              ))
            )}
          </Wrap>
        </Flex>
      </Stack>
    </Box>
  );
}

/** One dt/dd group of the result's list (a <dl> holds only such groups: no separators, no wrappers). */
function Row({ label, value, testId, strong, sub, negative, divided }: { label: string; value: string; testId?: string; strong?: boolean; sub?: string; negative?: boolean; divided?: boolean }) {
  return (
    <Flex justify="space-between" align="baseline" gap="3" {...(divided ? { borderTopWidth: '1px', pt: '2' } : {})}>
      <Box as="dt" color="fg.muted" fontSize="sm">
        {label}
        {sub ? (
          <Text as="span" display="block" fontSize="xs">
            {sub}
          </Text>
        ) : null}
      </Box>
      <Text as="dd" fontWeight={strong ? 'bold' : 'semibold'} textAlign="end" fontVariantNumeric="tabular-nums" color={negative ? 'green.fg' : undefined}>
        {negative ? <span aria-hidden="true">−</span> : null}
        <span data-testid={testId}>{value}</span>
      </Text>
    </Flex>
  );
}

export interface ResultCardProps {
  phone: CalculatorEntry;
  plan: Plan;
  months: ContractMonths;
  result: CostResult;
}

/**
 * The spec's discount rules applied to the chosen phone and plan: the rules' amount, monthly average,
 * the parts, every discount and how it is counted. Labelled as what it is (a rule-based reference,
 * not what a carrier bills); the page's one total is `PriceResult`'s.
 */
export const ResultCard = forwardRef<HTMLHeadingElement, ResultCardProps>(function ResultCard({ phone, plan, months, result }, headingRef) {
  const planTotal = plan.monthlyFee * months;
  const rows = discountRows(months, plan);
  const d = result.discountDetails;
  const gross = result.deviceCost + planTotal + result.setupFee;
  return (
    <Card.Root as="section" aria-labelledby="result-title" data-testid="result-card" variant="outline" bg="bg.panel" shadow="sm">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h3" id="result-title" size="lg" ref={headingRef} tabIndex={-1} outline="none">
          할인 규칙 적용 결과
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {phone.name} · {plan.name} ({plan.carrier}) · {contractLabel(months)}
        </Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Box rounded="lg" p="4" bg="bg.muted" borderWidth="1px">
              <Text fontSize="sm" color="fg.muted" fontWeight="medium">
                규칙 적용 금액 ({months}개월)
              </Text>
              <Text data-testid="rules-total" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontVariantNumeric="tabular-nums" aria-live="polite">
                {formatWon(result.totalCost)}
              </Text>
            </Box>
            <Box rounded="lg" p="4" bg="bg.muted" borderWidth="1px">
              <Text fontSize="sm" color="fg.muted" fontWeight="medium">
                월 평균 (규칙 적용 금액 ÷ {months}개월)
              </Text>
              <Text data-testid="rules-monthly" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatMonthly(result.monthlyAverage)}
              </Text>
            </Box>
          </SimpleGrid>

          <Stack as="dl" gap="2">
            <Row label="출고가" value={formatWon(result.deviceCost)} testId="rules-device" />
            <Row label="요금제 총액" sub={`${formatMonthly(plan.monthlyFee)} × ${months}개월`} value={formatWon(planTotal)} testId="rules-plan-total" />
            <Row label="개통비" value={formatWon(result.setupFee)} testId="rules-setup-fee" />
            <Row label="규칙 할인 합계" value={formatWon(result.discount)} testId="rules-discount" strong negative divided />
          </Stack>

          <Box>
            <Heading as="h4" size="sm" mb="2">
              규칙별 할인 내역
            </Heading>
            <SimpleGrid as="ul" columns={{ base: 2, md: 4 }} gap="2" listStyleType="none" m="0" p="0">
              {rows.map((row) => {
                const amount = d[row.key];
                const zero = amount === 0;
                return (
                  <Box
                    as="li"
                    key={row.key}
                    data-testid={`discount-${row.key}`}
                    data-zero={zero ? 'true' : 'false'}
                    p="3"
                    rounded="lg"
                    borderWidth="1px"
                    bg={zero ? 'transparent' : 'green.subtle'}
                    borderColor={zero ? 'border' : 'green.muted'}
                    borderStyle={zero ? 'dashed' : 'solid'}
                  >
                    <Text fontSize="xs" fontWeight="bold" color={zero ? 'fg.muted' : 'green.fg'}>
                      {row.label}
                    </Text>
                    <Text fontWeight="bold" fontSize="md" fontVariantNumeric="tabular-nums" color={zero ? 'fg.muted' : 'fg'}>
                      {zero ? '0원' : `-${formatWon(amount)}`}
                    </Text>
                    <Text fontSize="2xs" color="fg.muted" lineHeight="short" mt="0.5">
                      {zero ? '해당 없음 · ' : ''}
                      {row.rule}
                    </Text>
                  </Box>
                );
              })}
            </SimpleGrid>
          </Box>

          <Box as="aside" aria-label="계산 방식 안내" p="3" rounded="lg" bg="bg.subtle" borderWidth="1px" fontSize="sm">
            <HStack gap="2" align="flex-start">
              <InfoIcon boxSize="4" color="fg.muted" mt="0.5" flexShrink={0} />
              <Stack gap="1" color="fg.muted">
                <Text>
                  <strong>투명한 계산:</strong> 출고가 {formatWon(result.deviceCost)} + 요금제 {formatWon(planTotal)} + 개통비{' '}
                  {formatWon(result.setupFee)} = {formatWon(gross)}, 여기서 규칙 할인 {formatWon(result.discount)}을 빼면{' '}
                  {formatWon(result.totalCost)}이에요. 월 평균은 이 금액 ÷ {months}개월(원 단위 반올림)입니다.
                </Text>
                <Text>
                  각 할인은 원 단위 미만을 버려 따로 계산한 뒤 더했어요. 통신사가 실제로 청구하는 금액이 아니라 단순 규칙으로 낸 참고 금액이며,
                  할부 이자·공시지원금·선택약정은 위 ‘예상 납부액’에 반영돼 있어요.
                </Text>
              </Stack>
            </HStack>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
});
