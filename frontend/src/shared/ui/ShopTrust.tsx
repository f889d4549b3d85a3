import { Badge, HStack, Text } from '@chakra-ui/react';
import { FEW_SHOP_REVIEWS, FEW_SHOP_REVIEWS_LABEL, SHOP_REVIEW_STAR_LABELS, type ShopTrust } from '@phonemarket/contracts';

/**
 * A shop's figures from its shop reviews (issue 41), as every 판매처 row, quote offer, buyback quote,
 * store page and the seller dashboard show them: '★ 4.6 · 리뷰 12 · 조건 준수 92%', or '리뷰 적음' under
 * 5 reviews (a few stars say little; the server decides, the page only shows).
 */
export function ShopTrustLine({ trust, size = 'xs' }: { trust: ShopTrust; size?: 'xs' | 'sm' }) {
  if (trust.fewReviews || trust.rating === null) {
    return (
      <Badge data-testid="shop-trust" colorPalette="gray" variant="subtle" size="sm" title={`매장 리뷰 ${trust.reviewCount}개: ${FEW_SHOP_REVIEWS}개부터 평점을 보여드립니다`}>
        {FEW_SHOP_REVIEWS_LABEL}{trust.reviewCount > 0 ? ` (${trust.reviewCount})` : ''}
      </Badge>
    );
  }
  return (
    <Text as="span" data-testid="shop-trust" fontSize={size} color="fg.muted" aria-label={`매장 평점 ${trust.rating.toFixed(1)}점, 리뷰 ${trust.reviewCount}개, 조건 준수율 ${trust.conditionsRate}%`}>
      <Text as="span" color="orange.fg" fontWeight="semibold">★ {trust.rating.toFixed(1)}</Text> · <Text as="span" whiteSpace="nowrap">리뷰 {trust.reviewCount}</Text> · <Text as="span" whiteSpace="nowrap">조건 준수 {trust.conditionsRate}%</Text>
    </Text>
  );
}

/** The three stars' means beside the line (store page, seller dashboard). */
export function ShopTrustDetail({ trust }: { trust: ShopTrust }) {
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm">
      <ShopTrustLine trust={trust} size="sm" />
      {trust.fewReviews ? null : (['kindness', 'speed', 'conditions'] as const).map((k) => (
        <Text key={k} as="span" color="fg.muted">{SHOP_REVIEW_STAR_LABELS[k]} {trust[k]?.toFixed(1)}</Text>
      ))}
    </HStack>
  );
}
