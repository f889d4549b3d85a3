import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PAID_IN_FULL_LABEL, type Product, type ShopTrust } from '@phonemarket/contracts';
import { NEW_SELLER_LABEL, brandName, formatDeals, formatMonthly, formatStorage, formatWon, isNewSeller, offerHref, unitLabel } from '../format';
import { CARD_IMAGE_SIZES, PhoneImage } from './PhoneImage';
import { ShopTrustLine } from './ShopTrust';
import { isSoldOut, SOLD_OUT_LABEL, SoldOutBadge } from './SoldOut';

/** The product fields a card reads (a catalogue `Product` or a ranking item fits). */
export interface ProductCardProduct {
  id: string;
  /** The offer's phone model: the card links to its page with this offer chosen. */
  modelId: string;
  name: string;
  brand: string;
  img: string;
  price: number;
  /** 월 납부금; null: paid in full (자급제, 중고·리퍼), `price` is what is paid today and no 월 is shown (s59). */
  monthly: number | null;
  storage: number;
  carrier: string;
  badges: string[];
  isHot: boolean;
  isNew: boolean;
  /** The shop: its name, deals and its shop reviews' figures (issue 41; '리뷰 적음' under 5) — never the old profile rating. */
  seller: { name: string; deals: number; trust?: ShopTrust };
  /** Units left (a catalogue `Product` has it): 0 shows 품절. Absent (a ranking item): not shown. */
  stock?: number;
  /** A seller's own listing (issue 39): shown as it is — its grade and battery, priced as 판매가. */
  condition?: Product['condition'];
  grade?: string | null;
  listing?: { batteryHealth: number | null } | null;
}

/** Spec §9: the sale section shows sale price = 85% of price. */
export const SALE_RATE = 0.85;

/** 85% of the price, floored to 10 won: 1,797,400 → 1,527,790. */
export function salePriceOf(price: number): number {
  return Math.floor((price * SALE_RATE) / 10) * 10;
}

/** Spec §9: at most `max` badges are shown, then '+n' for the rest. */
export function splitBadges(badges: readonly string[], max: number): { shown: string[]; rest: number } {
  const limit = Math.max(0, max);
  return { shown: badges.slice(0, limit), rest: Math.max(0, badges.length - limit) };
}

export interface ProductCardProps {
  product: ProductCardProduct;
  /** 'card' (grid, default) or 'row' (list). */
  variant?: 'card' | 'row';
  /** Badges shown before '+n' (spec: 3; the category grid uses 2). */
  maxBadges?: number;
  /** Shows the sale price (85%) next to the struck original price. */
  showSalePrice?: boolean;
  /** Image width the provider resizes to (252, 400 or 800). */
  imageWidth?: 252 | 400 | 800;
  /** The seller line (name, shop-review figures, deals); a store's own page leaves it out. */
  showSeller?: boolean;
  /** Extra content under the price (e.g. a rank). */
  children?: ReactNode;
  'data-testid'?: string;
}

function Markers({ isHot, isNew }: { isHot: boolean; isNew: boolean }) {
  if (!isHot && !isNew) return null;
  return (
    <HStack gap="1">
      {isHot ? (
        <Badge data-testid="marker-hot" colorPalette="red" variant="solid" size="sm">
          인기
        </Badge>
      ) : null}
      {isNew ? (
        <Badge data-testid="marker-new" colorPalette="green" variant="solid" size="sm">
          신상
        </Badge>
      ) : null}
    </HStack>
  );
}

function Badges({ badges, max }: { badges: string[]; max: number }) {
  const { shown, rest } = splitBadges(badges, max);
  if (shown.length === 0 && rest === 0) return null;
  return (
    <Flex as="ul" wrap="wrap" gap="1" listStyleType="none" m="0" p="0" aria-label="혜택">
      {shown.map((badge) => (
        <Box as="li" key={badge}>
          <Badge size="sm" variant="subtle" colorPalette="brand" data-testid="product-badge">
            {badge}
          </Badge>
        </Box>
      ))}
      {rest > 0 ? (
        <Box as="li">
          <Badge size="sm" variant="outline" colorPalette="gray" data-testid="product-badge-more" title={badges.slice(max).join(', ')} aria-label={`혜택 ${rest}개 더 있음`}>
            +{rest}
          </Badge>
        </Box>
      ) : null}
    </Flex>
  );
}

function Price({ price, monthly, showSalePrice }: { price: number; monthly: number | null; showSalePrice: boolean }) {
  const sale = salePriceOf(price);
  return (
    <Stack gap="0">
      {showSalePrice ? (
        <HStack gap="1.5" wrap="wrap" align="baseline">
          <Text as="span" color="red.fg" fontWeight="bold" fontSize="sm">
            15%
          </Text>
          <Text as="span" fontWeight="bold" fontSize="md" data-testid="sale-price">
            {formatWon(sale)}
          </Text>
          <Text as="del" color="fg.muted" fontSize="xs" data-testid="original-price" aria-label={`정가 ${formatWon(price)}`}>
            {formatWon(price)}
          </Text>
        </HStack>
      ) : (
        <Text fontWeight="bold" fontSize="md" data-testid="product-price">
          {formatWon(price)}
        </Text>
      )}
      <Text color="brand.fg" fontSize="sm" fontWeight="semibold" data-testid="product-monthly">
        {monthly === null ? `${PAID_IN_FULL_LABEL} · 통신사 할부 없음` : formatMonthly(monthly)}
      </Text>
    </Stack>
  );
}

function SellerLine({ seller }: { seller: ProductCardProduct['seller'] }) {
  return (
    <HStack gap="1.5" fontSize="xs" color="fg.muted" wrap="wrap" data-testid="product-seller">
      <Text as="span" fontWeight="medium" color="fg" truncate maxW="full">
        {seller.name}
      </Text>
      {/* The shop's review figures as on its 판매처 row; an item without them (a ranking) shows none rather than a seeded figure. */}
      {seller.trust ? <ShopTrustLine trust={seller.trust} /> : null}
      {isNewSeller(seller) ? <Text as="span" data-testid="new-seller">{NEW_SELLER_LABEL}</Text> : <Text as="span">거래 {formatDeals(seller.deals)}</Text>}
    </HStack>
  );
}

/**
 * A product as a grid card or a list row: picture (brand placeholder on failure), name,
 * brand, price, monthly, carrier and storage, badges (max then '+n'), seller, markers, and
 * 품절 over the picture when no units are left. The whole card links to /product/{id}.
 */
export function ProductCard({
  product,
  variant = 'card',
  maxBadges = 3,
  showSalePrice = false,
  imageWidth = 400,
  showSeller = true,
  children,
  'data-testid': testId = 'product-card',
}: ProductCardProps) {
  const isRow = variant === 'row';
  const listed = product.listing && product.condition ? product : null;
  const meta = listed ? `${unitLabel({ ...listed, condition: listed.condition! })} · ${formatStorage(product.storage)}` : `${product.carrier} · ${formatStorage(product.storage)}`;
  const soldOut = product.stock !== undefined && isSoldOut(product.stock);

  return (
    <Box
      position="relative"
      as="article"
      data-testid={testId}
      data-variant={variant}
      data-sold-out={soldOut || undefined}
      display="flex"
      flexDirection={isRow ? 'row' : 'column'}
      gap={isRow ? '3' : '0'}
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      overflow="hidden"
      p={isRow ? '3' : '0'}
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ shadow: 'md', borderColor: 'brand.border' }}
      _focusWithin={{ borderColor: 'brand.border' }}
      h="full"
    >
      <Box
        position="relative"
        flexShrink={0}
        w={isRow ? { base: '20', md: '24' } : 'full'}
        aspectRatio={isRow ? '3 / 4' : '1'}
        bg="bg.muted"
        rounded={isRow ? 'lg' : undefined}
        overflow="hidden"
        p={isRow ? '0' : '2'}
        css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain', borderRadius: 'var(--chakra-radii-lg)' } }}
      >
        <Box opacity={soldOut ? 0.5 : undefined} w="full" h="full">
          <PhoneImage src={product.img} alt={product.name} brand={product.brand} width={imageWidth} sizes={isRow ? '(min-width: 768px) 96px, 80px' : CARD_IMAGE_SIZES} />
        </Box>
        {!isRow ? (
          <Box position="absolute" top="2" insetStart="2">
            <Markers isHot={product.isHot} isNew={product.isNew} />
          </Box>
        ) : null}
        {soldOut ? (
          <Box position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" pointerEvents="none">
            <SoldOutBadge size={isRow ? 'sm' : 'lg'} data-testid="product-sold-out" />
          </Box>
        ) : null}
      </Box>

      <Stack gap="2" p={isRow ? '0' : '3'} flex="1" minW="0">
        {isRow ? <Markers isHot={product.isHot} isNew={product.isNew} /> : null}
        <Stack gap="0.5">
          <Text fontSize="xs" color="fg.muted" data-testid="product-brand">
            {brandName(product.brand)}
          </Text>
          <Box asChild css={{ '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 } }}>
            <RouterLink to={offerHref(product)}>
              <Text as="span" fontWeight="semibold" fontSize="sm" lineClamp={2} data-testid="product-name">
                {product.name}
              </Text>
              {soldOut ? <Box as="span" srOnly>({SOLD_OUT_LABEL})</Box> : null}
            </RouterLink>
          </Box>
          <Text fontSize="xs" color="fg.muted" data-testid="product-meta">
            {meta}
          </Text>
        </Stack>
        <Box opacity={soldOut ? 0.6 : undefined}>
          {listed ? (
            <Text fontWeight="bold" fontSize="md" data-testid="product-price">
              <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">판매가 </Text>{formatWon(product.price)}
            </Text>
          ) : <Price price={product.price} monthly={product.monthly} showSalePrice={showSalePrice} />}
        </Box>
        <Badges badges={product.badges} max={maxBadges} />
        {showSeller ? (
          <Box mt="auto">
            <SellerLine seller={product.seller} />
          </Box>
        ) : null}
        {children}
      </Stack>
    </Box>
  );
}

export default ProductCard;
