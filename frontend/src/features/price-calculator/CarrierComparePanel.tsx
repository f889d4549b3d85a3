import { useMemo } from 'react';
import { Alert, Badge, Box, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import type { Plan, Product } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
import {
  ASSUMPTIONS,
  DEFAULT_INSTALMENT_RATE,
  SELECTIVE_DISCOUNT_RATE,
  compareSubsidyVsSelectiveDiscount,
  type BillBreakdown,
  type InstalmentMonths,
  type SelectiveDiscountMonths,
  type SubsidyComparison,
} from './carrier-comparison';
import { SelectField, WonInput } from './controls';
import { carrierCompareAtom } from './state';

const RATE_TEXT = `${Math.round(DEFAULT_INSTALMENT_RATE * 1000) / 10}%`;
const SELECTIVE_TEXT = `${Math.round(SELECTIVE_DISCOUNT_RATE * 100)}%`;

const INSTALMENT_OPTIONS: Array<{ value: InstalmentMonths; label: string }> = [
  { value: 24, label: '24개월' },
  { value: 36, label: '36개월' },
];
const minus = (n: number) => (n > 0 ? `−${formatWon(n)}` : formatWon(0));

const SELECTIVE_OPTIONS: Array<{ value: SelectiveDiscountMonths; label: string }> = [
  { value: 12, label: '12개월' },
  { value: 24, label: '24개월' },
];

function Line({ label, value, muted, strong, testId }: { label: string; value: string; muted?: boolean; strong?: boolean; testId?: string }) {
  return (
    <Flex as="div" justify="space-between" gap="3" fontSize="sm">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight={strong ? 'bold' : 'medium'} color={muted ? 'fg.muted' : 'fg'} fontVariantNumeric="tabular-nums" textAlign="end" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );
}

function OptionCard({
  bill,
  price,
  publicSubsidy,
  storeSubsidy,
  horizon,
  cheaper,
}: {
  bill: BillBreakdown;
  price: number;
  publicSubsidy: number;
  storeSubsidy: number;
  horizon: number;
  cheaper: boolean;
}) {
  const isSubsidy = bill.option === 'subsidy';
  const restMonths = horizon - bill.discountMonths;
  return (
    <Card.Root
      as="section"
      aria-label={`${bill.label} 조건`}
      data-testid={`carrier-option-${bill.option}`}
      variant="outline"
      bg="bg.panel"
      borderWidth={cheaper ? '2px' : '1px'}
      borderColor={cheaper ? 'green.solid' : 'border'}
    >
      <Card.Header pb="1">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h3" size="md">
            {isSubsidy ? '공시지원금' : `선택약정 ${SELECTIVE_TEXT}`}
          </Heading>
          {cheaper ? (
            <Badge colorPalette="green" variant="solid">
              더 저렴
            </Badge>
          ) : null}
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {isSubsidy ? '기기값에서 공시지원금을 빼고, 요금은 정상가' : `기기값은 그대로, 요금을 ${bill.discountMonths}개월 동안 ${SELECTIVE_TEXT} 할인`}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <Text fontSize="xs" color="fg.muted">
          {horizon}개월 총 납부액
        </Text>
        <Text fontSize="2xl" fontWeight="black" fontVariantNumeric="tabular-nums" color={cheaper ? 'green.fg' : 'fg'} data-testid={`carrier-${bill.option}-total`}>
          {formatWon(bill.total)}
        </Text>
        <Stack as="dl" gap="1.5" mt="3">
          <Line label="출고가" value={formatWon(price)} />
          <Line label="공시지원금" value={isSubsidy ? minus(publicSubsidy) : '해당 없음'} muted={!isSubsidy} />
          <Line label="추가지원금" value={minus(storeSubsidy)} />
          <Line label="할부원금" value={formatWon(bill.devicePrincipal)} strong />
          <Line label={`월 할부금 (${horizon}개월)`} value={formatMonthly(bill.monthlyInstalment)} />
          <Line label={`할부 이자 합계 (연 ${RATE_TEXT})`} value={formatWon(bill.totalInterest)} testId={`carrier-${bill.option}-interest`} />
          <Line
            label={isSubsidy ? '월 요금' : `월 요금 (할인 ${bill.discountMonths}개월)`}
            value={isSubsidy ? formatMonthly(bill.monthlyPlanFee) : `${formatMonthly(bill.monthlyPlanFee)} (−${formatWon(bill.monthlyPlanDiscount)})`}
          />
          <Line label="요금 합계" value={formatWon(bill.planTotal)} />
          <Line
            label={isSubsidy || restMonths === 0 ? '월 납부액' : `월 납부액 (처음 ${bill.discountMonths}개월)`}
            value={formatMonthly(bill.monthlyBillFirstMonths)}
            strong
          />
          {!isSubsidy && restMonths > 0 ? (
            <Line label={`월 납부액 (이후 ${restMonths}개월)`} value={formatMonthly(bill.monthlyBillAfterDiscount)} strong />
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Verdict({ c }: { c: SubsidyComparison }) {
  if (c.cheaper === 'same') {
    return (
      <Alert.Root status="info" data-testid="carrier-verdict">
        <Alert.Indicator />
        <Alert.Title>두 방법의 {c.horizonMonths}개월 총 납부액이 같아요</Alert.Title>
      </Alert.Root>
    );
  }
  // '공시지원금이' / '선택약정 25%가' (퍼센트 ends in a vowel)
  const winner = c.cheaper === 'subsidy' ? '공시지원금이' : `선택약정 ${SELECTIVE_TEXT}가`;
  return (
    <Alert.Root status="success" data-testid="carrier-verdict" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {winner} {formatWon(c.difference)} 더 저렴해요
        </Alert.Title>
        <Alert.Description>할부 이자(연 {RATE_TEXT})를 포함한 {c.horizonMonths}개월 총 납부액 기준</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Beyond the spec: the real Korean bill — 공시지원금 vs 선택약정 25% with instalment interest. */
export function CarrierComparePanel({ phone, plan, note }: { phone: Product; plan: Plan; note?: string }) {
  const [inputs, setInputs] = useAtom(carrierCompareAtom);
  const comparison = useMemo(
    () =>
      compareSubsidyVsSelectiveDiscount({
        devicePrice: phone.price,
        planMonthlyFee: plan.monthlyFee,
        instalmentMonths: inputs.instalmentMonths,
        selectiveDiscountMonths: inputs.selectiveDiscountMonths,
        publicSubsidy: inputs.publicSubsidy,
        storeSubsidy: inputs.storeSubsidy,
      }),
    [phone.price, plan.monthlyFee, inputs],
  );

  return (
    <Card.Root as="section" aria-labelledby="carrier-compare-title" data-testid="carrier-compare" variant="outline" bg="bg.panel">
      <Card.Header px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="carrier-compare-title" size="lg">
          통신사 실제 조건 비교
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {phone.name} · {plan.name} ({plan.carrier}, {formatMonthly(plan.monthlyFee)}) 기준으로 공시지원금과 선택약정 {SELECTIVE_TEXT}를
          할부 이자 연 {RATE_TEXT}까지 넣어 비교해요.
          {note ? ` ${note}` : ''}
        </Text>
        <Text color="fg.muted" fontSize="xs" data-testid="calculator-difference">
          위 계산기 결과는 명세의 단순 규칙(약정 할인율·가족·연령 할인, 이자 없음)으로 낸 참고값이고, 이 패널은 실제 통신사 조건(공시지원금 또는 선택약정 25%, 연 5.9% 할부 이자)을 상품 페이지·장바구니와 같은 가격 모듈로 계산합니다.
        </Text>
      </Card.Header>
      <Card.Body px={{ base: '4', md: '6' }}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <SelectField
              label="단말기 할부 기간"
              testId="instalment-select"
              value={inputs.instalmentMonths}
              onChange={(instalmentMonths) => setInputs((p) => ({ ...p, instalmentMonths }))}
              options={INSTALMENT_OPTIONS}
              helper={`연 ${RATE_TEXT} 원리금균등상환`}
            />
            <SelectField
              label="선택약정 기간"
              testId="selective-months-select"
              value={inputs.selectiveDiscountMonths}
              onChange={(selectiveDiscountMonths) => setInputs((p) => ({ ...p, selectiveDiscountMonths }))}
              options={SELECTIVE_OPTIONS}
              helper={`요금 ${SELECTIVE_TEXT} 할인 기간`}
            />
            <WonInput
              label="공시지원금"
              testId="public-subsidy-input"
              value={inputs.publicSubsidy}
              onChange={(publicSubsidy) => setInputs((p) => ({ ...p, publicSubsidy }))}
              helper="통신사가 공시한 금액 (선택약정과 중복 불가)"
            />
            <WonInput
              label="추가지원금 (유통점)"
              testId="store-subsidy-input"
              value={inputs.storeSubsidy}
              onChange={(storeSubsidy) => setInputs((p) => ({ ...p, storeSubsidy }))}
              helper="단통법 폐지로 상한 없음 · 선택약정과도 중복 가능"
            />
          </SimpleGrid>

          <Verdict c={comparison} />

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {[comparison.subsidy, comparison.selective].map((bill) => (
              <OptionCard
                key={bill.option}
                bill={bill}
                price={phone.price}
                publicSubsidy={inputs.publicSubsidy}
                storeSubsidy={inputs.storeSubsidy}
                horizon={comparison.horizonMonths}
                cheaper={comparison.cheaper === bill.option}
              />
            ))}
          </SimpleGrid>

          <Box as="section" aria-labelledby="assumptions-title" p="4" rounded="lg" bg="bg.subtle" borderWidth="1px">
            <Heading as="h3" id="assumptions-title" size="sm" mb="2">
              계산 가정
            </Heading>
            <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" color="fg.muted" data-testid="carrier-assumptions">
              {ASSUMPTIONS.map((a) => (
                <Box as="li" key={a} mb="1">
                  {a}
                </Box>
              ))}
            </Box>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
