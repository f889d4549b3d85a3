import { Badge, chakra, HStack, List, Stack } from '@chakra-ui/react';
import type { ProductCondition, SellerListing, UsedGrade } from '@phonemarket/contracts';
import { formatWon, unitLabel } from '../format';

/*
 * A seller's own (used) listing wherever a line of it is shown — the product page, the cart, checkout and
 * the order (issue 39): as it is, with its grade and battery, priced as 판매가 (no 출고가, no 지원금 lines,
 * no 할인 방식), and the seller's own 보증/반품 terms in place of the new-phone promises.
 */

/** The seller's own terms as written, or saying that none were written. */
export function listingTerms(listing: Pick<SellerListing, 'warranty' | 'returnPolicy'>): { warranty: string; returnPolicy: string } {
  return { warranty: listing.warranty || '판매처가 보증 조건을 적지 않았습니다.', returnPolicy: listing.returnPolicy || '판매처가 교환·반품 조건을 적지 않았습니다.' };
}

/** The seller's own 보증 and 교환·반품 terms (in place of the new-phone promises). */
export function ListingTerms({ listing, testId = 'listing-terms' }: { listing: Pick<SellerListing, 'warranty' | 'returnPolicy'>; testId?: string }) {
  const terms = listingTerms(listing);
  return (
    <List.Root listStyle="none" gap="1" fontSize="sm" color="fg.muted" data-testid={testId}>
      <List.Item>✓ 판매처 보증: {terms.warranty}</List.Item>
      <List.Item>✓ 교환·반품: {terms.returnPolicy}</List.Item>
    </List.Root>
  );
}

export interface UsedUnit { condition: ProductCondition; grade: UsedGrade | null; listing: SellerListing }

/** What a line of a seller's own listing is called and pictured by: the listing's title and first photo (else the catalogue's). */
export function lineLook(used: UsedUnit | null, line: { name: string; image: string }): { name: string; image: string } {
  return used ? { name: used.listing.title, image: used.listing.images[0] ?? line.image } : line;
}

/** A line (a cart line, an order's line listing) of a seller's own listing as a used unit; null for a catalogue offer. */
export function usedUnitOf(line: { condition: ProductCondition; grade: UsedGrade | null; listing: SellerListing | null } | undefined): UsedUnit | null {
  return line?.listing ? { condition: line.condition, grade: line.grade, listing: line.listing } : null;
}

/**
 * One line of a used listing in the cart, checkout or an order: its grade and battery, 판매가 (× 수량), and the
 * seller's terms — the standard price table (출고가, 지원금, 할인 방식) is not shown for it. Its title and photo are
 * the line's own (`lineLook`).
 */
export function UsedLineFigures({ unit, unitPrice, quantity, testId, compact = false }: { unit: UsedUnit; unitPrice: number; quantity: number; testId: string; compact?: boolean }) {
  return (
    <Stack gap="1.5" data-testid={testId}>
      <HStack gap="1" wrap="wrap">
        <Badge variant="subtle" colorPalette="orange" data-testid={`${testId}-unit`}>{unitLabel(unit)}</Badge>
      </HStack>
      <chakra.dl display="grid" gridTemplateColumns="1fr auto" columnGap="4" fontSize="sm">
        <chakra.dt fontWeight="semibold">판매가{quantity > 1 ? ` × ${quantity}` : ''}</chakra.dt>
        <chakra.dd textAlign="end" fontWeight="bold" data-figure="price">{formatWon(unitPrice * quantity)}</chakra.dd>
      </chakra.dl>
      {compact ? null : <ListingTerms listing={unit.listing} testId={`${testId}-terms`} />}
    </Stack>
  );
}
