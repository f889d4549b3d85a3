import type { ReactNode } from 'react';
import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { DISCOUNT_LABELS, PRICE_LABELS, describeConditions } from '@phonemarket/contracts';
import { QUOTE_COST24_LABEL, QUOTE_OFFER_STATUS_LABELS, QUOTE_TOTAL_LABEL, type QuoteOfferAnswer } from '@phonemarket/contracts/quotes.ts';
import { NEW_SELLER_LABEL, formatDateTime, formatStorage, formatWon, isNewSeller } from '../format';
import { ShopTrustLine } from '../ui/ShopTrust';

/** Every condition of an offer spelled out beside its figure (issue 25: what 시세표 rows leave out). */
export function offerConditions(o: Pick<QuoteOfferAnswer, 'planKeepMonths' | 'addOns' | 'cardRequired' | 'tradeInRequired' | 'planName' | 'conditions'>): string[] {
  // Issue 40: the rest of the one shape (card terms, 유심/eSIM, 차액정산·반환), as every page spells it.
  const more = describeConditions({ ...o.conditions, planKeep: null, addOns: [] });
  return [
    o.planKeepMonths > 0 ? `${o.planName} ${o.planKeepMonths}개월 유지` : `${o.planName} 유지 조건 없음`,
    ...o.addOns.map((a) => `부가서비스 ${a.name} 월 ${formatWon(a.monthlyFee)} × ${a.months}개월`),
    ...(o.conditions.card ? [] : [o.cardRequired ? '제휴카드 발급 필요' : '제휴카드 조건 없음']),
    o.tradeInRequired ? '기기 반납 필요' : '기기 반납 조건 없음',
    ...more,
  ];
}

const STATUS_PALETTE: Record<QuoteOfferAnswer['status'], string> = { submitted: 'blue', accepted: 'green', declined: 'gray', expired: 'gray' };

/** One sealed offer as the buyer (every offer) or its seller (its own) sees it: the 24개월 실부담, the figures and every condition. */
export function QuoteOfferCard({ offer, showSeller = true, action }: { offer: QuoteOfferAnswer; showSeller?: boolean; action?: ReactNode }) {
  const f = offer.figures;
  return (
    <Stack data-testid="quote-offer" data-offer-id={offer.id} gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" borderColor={offer.rank === 1 && offer.status !== 'declined' ? 'brand.solid' : undefined}>
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <HStack gap="2" wrap="wrap">
          {/* A seller's own offer has no rank until the decision (sealed offers). */}
          {offer.rank !== null ? <Badge colorPalette={offer.rank === 1 ? 'brand' : 'gray'} variant="solid" data-testid="quote-offer-rank">{offer.rank}위</Badge> : null}
          {showSeller ? <Text fontWeight="semibold" data-testid="quote-offer-seller">{offer.seller.storeName}</Text> : null}
          {showSeller ? <ShopTrustLine trust={offer.seller.trust} size="sm" /> : null}
          {showSeller ? <Text fontSize="sm" color="fg.muted" data-testid="quote-offer-standing">{isNewSeller(offer.seller) ? NEW_SELLER_LABEL : `거래 ${offer.seller.deals.toLocaleString('ko-KR')}건`}</Text> : null}
        </HStack>
        <HStack gap="2">
          {offer.termsChanged ? <Badge colorPalette="orange">조건 변경됨</Badge> : null}
          <Badge colorPalette={STATUS_PALETTE[offer.status]} data-testid="quote-offer-status">{QUOTE_OFFER_STATUS_LABELS[offer.status]}</Badge>
        </HStack>
      </Flex>
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Box>
          <Text fontSize="sm" color="fg.muted">{QUOTE_TOTAL_LABEL}</Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="quote-offer-total">{formatWon(offer.totalCost)}</Text>
          <Text fontSize="xs" color="fg.muted">{QUOTE_COST24_LABEL} {formatWon(offer.cost24)} + 부가서비스 {formatWon(offer.addOnCost)}</Text>
        </Box>
        <Stack gap="0" textAlign={{ base: 'start', sm: 'end' }} fontSize="sm">
          <Text>{PRICE_LABELS.monthlyTotal} <b>{formatWon(f.monthlyTotal)}</b> ({offer.months}개월 할부)</Text>
          <Text color="fg.muted">{PRICE_LABELS.principal} {formatWon(f.principal)} · {PRICE_LABELS.monthlyPlan} {formatWon(f.monthlyPlan)}</Text>
        </Stack>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {formatStorage(offer.storage)} · {offer.carrier} {offer.joinType} · {DISCOUNT_LABELS[offer.discount]} · {PRICE_LABELS.devicePrice} {formatWon(f.devicePrice)}
        {f.subsidy > 0 ? ` · ${PRICE_LABELS.subsidy} -${formatWon(f.subsidy)}` : ''}
        {f.extraSubsidy > 0 ? ` · ${PRICE_LABELS.extraSubsidy} -${formatWon(f.extraSubsidy)}` : ''}
        {f.planDiscount > 0 ? ` · 선택약정 월 -${formatWon(f.planDiscount)}` : ''}
      </Text>
      <HStack gap="2" wrap="wrap" data-testid="quote-offer-conditions">
        {offerConditions(offer).map((c) => <Badge key={c} variant="outline" size="sm">{c}</Badge>)}
      </HStack>
      {offer.note ? <Text fontSize="sm">판매자 메모: {offer.note}</Text> : null}
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">유효기간 {formatDateTime(offer.validUntil)}{offer.revisions > 0 ? ` · ${offer.revisions}회 수정` : ''}</Text>
        {action}
      </Flex>
    </Stack>
  );
}
