import { forwardRef } from 'react';
import { Box, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  DISCOUNT_LABELS, INSTALLMENT_ANNUAL_RATE, PRICE_LABELS, priceBreakdown, quote, recommendedDiscount, totalCostLabel,
  type AddOn, type DiscountType, type PriceQuote, type PricingConditions, type PricingInput,
} from '@phonemarket/contracts';
import type { Plan } from '../../shared/api/catalogue';
import { formatMonthly, formatWon } from '../../shared/format';
import { QuoteFigures } from '../../shared/ui/QuoteFigures';
import { WhyThisPrice } from '../../shared/ui/Conditions';
import type { CalculatorEntry } from './api';
import { subsidyOf } from './Inputs';
import type { PricingInputs } from './state';

const RATE_TEXT = `${Math.round(INSTALLMENT_ANNUAL_RATE * 1000) / 10}%`;
const other = (d: DiscountType): DiscountType => (d === 'subsidy' ? 'selective' : 'subsidy');
/** '공시지원금으로', '선택약정 25%로' (받침 있는 '금' takes '으로'). */
const WITH: Record<DiscountType, string> = { subsidy: `${DISCOUNT_LABELS.subsidy}으로`, selective: `${DISCOUNT_LABELS.selective}로` };

export interface PricedChoice {
  input: PricingInput;
  /** The cheaper 할인 방식 for this phone, plan and months. */
  recommended: DiscountType;
  /** The chosen (or, with none chosen, the recommended) 할인 방식 priced: the page's one total. */
  chosen: PriceQuote;
  /** The other 할인 방식 priced the same way, for the comparison line (never added to the first). */
  alternative: PriceQuote;
  /** The typed 부가서비스 (issue 40), for the figure's lines. */
  addOns: AddOn[];
}

/** The phone priced by the one pricing module: 출고가, the carrier's 공시지원금 for the plan, the typed 추가지원금. */
export function priceChoice(phone: CalculatorEntry, plan: Plan, inputs: PricingInputs, typed: { conditions: PricingConditions; addOns: AddOn[] } | null = null): PricedChoice {
  const input: PricingInput = {
    devicePrice: phone.releasePrice, subsidy: subsidyOf(phone, plan), extraSubsidy: inputs.extraSubsidy, planFee: plan.monthlyFee,
    ...(typed ? { conditions: typed.conditions } : {}),
  };
  const recommended = recommendedDiscount(input, inputs.months);
  const discount = inputs.discount ?? recommended;
  return {
    input,
    recommended,
    chosen: quote(input, { discount, months: inputs.months }),
    alternative: quote(input, { discount: other(discount), months: inputs.months }),
    addOns: typed?.addOns ?? [],
  };
}

/** The product page with this phone, plan and terms chosen (carrier and plan only where sellers offer them). */
export function sellersLink(phone: CalculatorEntry, plan: Plan, q: PriceQuote): string {
  const params = new URLSearchParams({ storage: String(phone.storage) });
  if (Object.hasOwn(phone.subsidies, plan.id)) {
    params.set('carrier', plan.carrier);
    params.set('plan', plan.id);
    params.set('discount', q.discount);
  }
  params.set('months', String(q.months));
  return `/product/${encodeURIComponent(phone.modelId)}?${params.toString()}`;
}

export interface PriceResultProps {
  phone: CalculatorEntry;
  plan: Plan;
  priced: PricedChoice;
}

/**
 * '예상 납부액': the page's one total. The chosen phone and plan priced by the one pricing module (the
 * product page's and the cart's): 공시지원금 or 선택약정 25%, never both, 할부 이자 included.
 */
export const PriceResult = forwardRef<HTMLHeadingElement, PriceResultProps>(function PriceResult({ phone, plan, priced }, headingRef) {
  const q = priced.chosen;
  const alt = priced.alternative;
  const difference = alt.totalCost - q.totalCost;
  return (
    <Card.Root as="section" aria-labelledby="price-result-title" data-testid="price-result" variant="outline" bg="bg.panel" shadow="sm">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="price-result-title" size="lg" ref={headingRef} tabIndex={-1} outline="none">
          예상 납부액
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {phone.name} · {plan.name} ({plan.carrier}) · {DISCOUNT_LABELS[q.discount]} · 할부 {q.months}개월
        </Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Box rounded="lg" p="4" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted">
              <Text fontSize="sm" color="brand.fg" fontWeight="medium">
                {PRICE_LABELS.monthlyTotal}
              </Text>
              <Text data-testid="result-monthly-total" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="black" color="brand.fg" fontVariantNumeric="tabular-nums" aria-live="polite">
                {formatMonthly(q.monthlyTotal)}
              </Text>
            </Box>
            <Box rounded="lg" p="4" bg="bg.muted" borderWidth="1px">
              <Text fontSize="sm" color="fg.muted" fontWeight="medium" data-testid="result-total-label">
                {totalCostLabel(q.months)}
              </Text>
              <Text data-testid="result-total" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="black" fontVariantNumeric="tabular-nums">
                {formatWon(q.totalCost)}
              </Text>
            </Box>
          </SimpleGrid>

          <QuoteFigures quote={q} testId="price-quote" />
          {/* The figure opened into its lines, with who pays each (the same component as offers, issue 40). */}
          <WhyThisPrice breakdown={priceBreakdown(q, priced.addOns)} total={q.totalCost} totalLabel={totalCostLabel(q.months)} testId="calc-why" />
          {q.cardDiscountAvailable > 0 && q.cardDiscount === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="calc-card-apart">{`카드 제휴 할인 최대 ${formatWon(q.cardDiscountAvailable)} (쓰겠다고 체크하면 실부담에 반영)`}</Text>
          ) : null}

          <Text fontSize="sm" data-testid="discount-comparison" p="3" rounded="lg" bg="bg.subtle" borderWidth="1px">
            {difference === 0
              ? `${WITH[alt.discount]} 받아도 ${totalCostLabel(q.months)}은 같아요.`
              : `${WITH[alt.discount]} 받으면 ${totalCostLabel(q.months)} ${formatWon(alt.totalCost)}, ${formatWon(Math.abs(difference))} ${difference > 0 ? '더 내요' : '덜 내요'}.`}
          </Text>

          <Box as="ul" ps="5" listStyleType="disc" fontSize="xs" color="fg.muted" data-testid="price-notes">
            <li>공시지원금은 통신사가 공시한 금액(이 휴대폰을 파는 판매처 기준)이고, 선택약정 25%와 함께 받을 수 없어요.</li>
            <li>월 할부금은 할부원금을 연 {RATE_TEXT}로 {q.months}개월 나눠 낸 금액이에요 (원 단위 반올림).</li>
            {q.keepMonths > 0 || priced.addOns.length > 0 || q.cardDiscount > 0
              ? <li>{totalCostLabel(q.months)}에는 입력한 요금제 유지·이후 요금제·부가서비스{q.cardDiscount > 0 ? '·카드 할인' : ''}이 들어 있어요. 개통비 {formatWon(plan.setupFee)}은 따로예요.</li>
              : <li>{totalCostLabel(q.months)} = {PRICE_LABELS.monthlyTotal} × {q.months}개월. 개통비 {formatWon(plan.setupFee)}과 부가서비스는 따로예요.</li>}
          </Box>
        </Stack>
      </Card.Body>
      <Card.Footer px={{ base: '4', md: '6' }}>
        <Button asChild colorPalette="brand" size="lg" width="full">
          <RouterLink to={sellersLink(phone, plan, q)} data-testid="buy-button">
            이 조건으로 판매처 보기
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
});
