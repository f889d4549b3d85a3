import { Box, chakra } from '@chakra-ui/react';
import { DISCOUNT_LABELS, PAID_IN_FULL_NOTE, PRICE_LABELS, devicePriceLabel, priceHeadline, totalCostLabel, type ProductCondition, type QuotedPrice } from '@phonemarket/contracts';
import { formatWon } from '../format';

/**
 * The figures of one priced offer, one label per figure (contracts' `PRICE_LABELS`; the total's
 * `totalCostLabel(months)` names the months it sums), exactly as the
 * server's pricing module computed them. The product page and the cart line show this same block,
 * so a carted offer reads the same numbers it was chosen with. A quote paid in full (`isPaidInFull`:
 * 자급제, 중고·리퍼) leads with 오늘 결제 금액 and shows no monthly figure: no carrier bills one (s59).
 */
export function QuoteFigures({ quote, condition = 'new', testId = 'quote' }: { quote: QuotedPrice; condition?: ProductCondition; testId?: string }) {
  const headline = priceHeadline(quote);
  const device: [string, string, string][] = [
    ['devicePrice', devicePriceLabel(condition), formatWon(quote.devicePrice)],
    ...(quote.subsidy > 0 ? [['subsidy', PRICE_LABELS.subsidy, `-${formatWon(quote.subsidy)}`] as [string, string, string]] : []),
    ...(quote.extraSubsidy > 0 ? [['extraSubsidy', PRICE_LABELS.extraSubsidy, `-${formatWon(quote.extraSubsidy)}`] as [string, string, string]] : []),
  ];
  const rows: [string, string, string][] = headline.kind === 'today' ? [
    ...device,
    ...(quote.simFee > 0 ? [['simFee', '유심/eSIM 비용', formatWon(quote.simFee)] as [string, string, string]] : []),
    ['payToday', headline.label, formatWon(headline.amount)],
  ] : [
    ...device,
    ['principal', PRICE_LABELS.principal, formatWon(quote.principal)],
    ['monthlyDevice', `${PRICE_LABELS.monthlyDevice} (${quote.months}개월, 연 5.9%)`, formatWon(quote.monthlyDevice)],
    ...(quote.planFee > 0
      ? [['monthlyPlan', `${PRICE_LABELS.monthlyPlan}${quote.planDiscount > 0 ? ` (${DISCOUNT_LABELS.selective} -${formatWon(quote.planDiscount)})` : ''}`, formatWon(quote.monthlyPlan)] as [string, string, string]]
      : []),
    ['monthlyTotal', PRICE_LABELS.monthlyTotal, formatWon(quote.monthlyTotal)],
    // Issue 40: what the conditions add to the period (the 실부담 below counts them).
    ...(quote.keepMonths > 0 ? [['laterPlan', `${quote.keepMonths}개월 뒤 요금 (이후 요금제)`, formatWon(quote.laterMonthlyPlan)] as [string, string, string]] : []),
    ...(quote.addOnCost > 0 ? [['addOnCost', '부가서비스 (유지 개월분)', formatWon(quote.addOnCost)] as [string, string, string]] : []),
    ...(quote.simFee > 0 ? [['simFee', '유심/eSIM 비용', formatWon(quote.simFee)] as [string, string, string]] : []),
    ['totalCost', totalCostLabel(quote.months), formatWon(quote.totalCost)],
    ...(quote.cardDiscountAvailable > 0 && quote.cardDiscount === 0
      ? [['cardDiscountAvailable', '카드 제휴 할인 (사용 시, 위 금액에 미포함)', `-${formatWon(quote.cardDiscountAvailable)}`] as [string, string, string]] : []),
  ];
  const lead = (key: string) => key === 'monthlyTotal' || key === 'payToday';
  return (
    <chakra.dl data-testid={testId} display="grid" gridTemplateColumns="1fr auto" columnGap="4" rowGap="1.5" fontSize="sm">
      {rows.map(([key, label, value]) => (
        <Box key={key} display="contents">
          <chakra.dt color={lead(key) ? 'fg' : 'fg.muted'} fontWeight={lead(key) ? 'semibold' : undefined}>{label}</chakra.dt>
          <chakra.dd data-figure={key} textAlign="end" fontVariantNumeric="tabular-nums" fontWeight={lead(key) || key === 'principal' ? 'bold' : undefined}
            color={lead(key) ? 'brand.fg' : undefined}>
            {value}
          </chakra.dd>
        </Box>
      ))}
      {/* a group of its own: a <dl> holds only dt/dd groups (a lone <dd> after them is invalid). Only with a
          carrier plan: a 자급제 quote (no 월 요금) has neither 공시지원금 nor 선택약정 to choose between. */}
      {headline.kind === 'monthly' ? (
        <Box gridColumn="1 / -1" display="flex" gap="1" fontSize="xs" color="fg.muted">
          <dt>할인 방식:</dt>
          <dd>{DISCOUNT_LABELS[quote.discount]}</dd>
        </Box>
      ) : (
        <Box gridColumn="1 / -1" display="flex" gap="1" fontSize="xs" color="fg.muted" data-testid={`${testId}-paid-in-full`}>
          <dt>결제:</dt>
          <dd>{PAID_IN_FULL_NOTE}</dd>
        </Box>
      )}
    </chakra.dl>
  );
}
