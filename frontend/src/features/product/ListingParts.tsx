import { useState } from 'react';
import { Box, Button, chakra, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ModelOffer, SellerListing } from '@phonemarket/contracts';
import { formatWon, unitLabel } from '../../shared/format';
import { PHOTO_BACKDROP } from '../../shared/ui/PhoneImage';

/*
 * A seller's own (used) listing on the product page (issue 39): the seller's photos, title,
 * description, grade and battery, priced as 판매가 (no 출고가, no 공시지원금, no 할인 방식), with the
 * seller's own 보증/반품 terms in place of the new-phone promises.
 */

/** The seller's photos: one large, the others as thumbnails that choose it. */
export function ListingGallery({ listing }: { listing: SellerListing }) {
  const [shown, setShown] = useState(0);
  const current = listing.images[Math.min(shown, listing.images.length - 1)] ?? '';
  return (
    <Stack gap="2" data-testid="listing-gallery">
      <Box bg={PHOTO_BACKDROP} rounded="2xl" overflow="hidden" aspectRatio={{ base: '4 / 3', lg: '4 / 5' }} display="flex" alignItems="center" justifyContent="center">
        <Image src={current} alt={`${listing.title} 사진 ${shown + 1}/${listing.images.length}`} w="full" h="full" objectFit="contain" data-testid="listing-photo" />
      </Box>
      {listing.images.length > 1 ? (
        <HStack gap="2" overflowX="auto" role="group" aria-label="판매처 사진">
          {listing.images.map((url, i) => (
            <Button key={url} variant="outline" p="0" h="16" w="16" flexShrink={0} overflow="hidden" rounded="md" borderColor={i === shown ? 'brand.solid' : 'border'}
              aria-pressed={i === shown} aria-label={`사진 ${i + 1} 보기`} onClick={() => setShown(i)} data-testid="listing-thumb">
              <Image src={url} alt="" w="full" h="full" objectFit="cover" />
            </Button>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}

/** The listing's own words: title, grade and battery, description. */
export function ListingSummary({ offer, listing }: { offer: ModelOffer; listing: SellerListing }) {
  return (
    <Stack gap="1.5" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel" data-testid="listing-summary">
      <Text fontSize="xs" color="fg.muted">{offer.seller.storeName}의 판매 상품</Text>
      <Heading as="h2" size="md" data-testid="listing-title">{listing.title}</Heading>
      <Text fontSize="sm" fontWeight="semibold" color="brand.fg" data-testid="listing-unit">{unitLabel({ ...offer, listing })}</Text>
      {listing.description ? <Text fontSize="sm" whiteSpace="pre-line" data-testid="listing-description">{listing.description}</Text> : null}
    </Stack>
  );
}

/** 판매가 and, for 할부, the monthly device payment only: a used unit has no 출고가, 지원금 or 요금제 lines. */
export function ListingPrice({ offer }: { offer: ModelOffer }) {
  const { quote } = offer;
  return (
    <chakra.dl data-testid="listing-price" display="grid" gridTemplateColumns="1fr auto" columnGap="4" rowGap="1.5" fontSize="sm">
      <chakra.dt fontWeight="semibold">판매가</chakra.dt>
      <chakra.dd textAlign="end" fontWeight="bold" fontSize="lg" color="brand.fg" data-figure="price">{formatWon(quote.principal)}</chakra.dd>
      <chakra.dt color="fg.muted">할부 {quote.months}개월 시 월 (연 5.9%)</chakra.dt>
      <chakra.dd textAlign="end" data-figure="monthlyDevice">{formatWon(quote.monthlyDevice)}</chakra.dd>
    </chakra.dl>
  );
}

export { ListingTerms } from '../../shared/ui/UsedListing';
