import { forwardRef } from 'react';
import { Badge, Box, Button, Card, Flex, HStack, Heading, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Plan, Product } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
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
  phone: Product;
  plan: Plan;
  months: ContractMonths;
  result: CostResult;
}

/** '실제 총 비용 분석': total, monthly average, the parts, every discount and how it is counted. */
export const ResultCard = forwardRef<HTMLHeadingElement, ResultCardProps>(function ResultCard({ phone, plan, months, result }, headingRef) {
  const planTotal = plan.monthlyFee * months;
  const rows = discountRows(months, plan);
  const d = result.discountDetails;
  const gross = result.deviceCost + planTotal + result.setupFee;
  return (
    <Card.Root as="section" aria-labelledby="result-title" data-testid="result-card" variant="outline" bg="bg.panel" shadow="sm">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="result-title" size="lg" ref={headingRef} tabIndex={-1} outline="none">
          실제 총 비용 분석
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {phone.name} · {plan.name} ({plan.carrier}) · {contractLabel(months)}
        </Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Box rounded="lg" p="4" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted">
              <Text fontSize="sm" color="brand.fg" fontWeight="medium">
                총 비용 ({months}개월)
              </Text>
              <Text data-testid="result-total" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="black" color="brand.fg" fontVariantNumeric="tabular-nums" aria-live="polite">
                {formatWon(result.totalCost)}
              </Text>
            </Box>
            <Box rounded="lg" p="4" bg="bg.muted" borderWidth="1px">
              <Text fontSize="sm" color="fg.muted" fontWeight="medium">
                월 평균
              </Text>
              <Text data-testid="result-monthly" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="black" fontVariantNumeric="tabular-nums">
                {formatMonthly(result.monthlyAverage)}
              </Text>
            </Box>
          </SimpleGrid>

          <Stack as="dl" gap="2">
            <Row label="기기값" value={formatWon(result.deviceCost)} testId="result-device" />
            <Row label="요금제 총액" sub={`${formatMonthly(plan.monthlyFee)} × ${months}개월`} value={formatWon(planTotal)} testId="result-plan-total" />
            <Row label="개통비" value={formatWon(result.setupFee)} testId="result-setup-fee" />
            <Row label="할인 합계" value={formatWon(result.discount)} testId="result-discount" strong negative divided />
          </Stack>

          <Box>
            <Heading as="h3" size="sm" mb="2">
              할인 내역
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
                      {zero ? '0원' : `−${formatWon(amount)}`}
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
                  <strong>투명한 계산:</strong> 기기값 {formatWon(result.deviceCost)} + 요금제 {formatWon(planTotal)} + 개통비{' '}
                  {formatWon(result.setupFee)} = {formatWon(gross)}, 여기서 할인 {formatWon(result.discount)}을 빼면 총{' '}
                  {formatWon(result.totalCost)}이에요. 월 평균은 총 비용 ÷ {months}개월(원 단위 반올림)입니다.
                </Text>
                <Text>
                  각 할인은 원 단위 미만을 버려 따로 계산한 뒤 더했어요. 숨은 비용 없이 위 항목이 전부이며, 할부 이자와 공시지원금·선택약정 비교는
                  아래 ‘통신사 실제 조건 비교’에서 확인할 수 있어요.
                </Text>
              </Stack>
            </HStack>
          </Box>
        </Stack>
      </Card.Body>
      <Card.Footer px={{ base: '4', md: '6' }}>
        <Button asChild colorPalette="brand" size="lg" width="full">
          <RouterLink to={`/product/${encodeURIComponent(phone.id)}`} data-testid="buy-button">
            이 조건으로 구매하기
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
});
