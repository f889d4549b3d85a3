import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ModelSummary } from '@phonemarket/contracts';
import { brandName, formatStorage, formatWon, modelHeadline } from '../format';
import { CompareToggle } from './Compare';
import { CARD_IMAGE_SIZES, PhoneImage } from './PhoneImage';
import { splitBadges } from './ProductCard';
import { WishlistHeart } from './WishlistHeart';

/**
 * One card per phone model (issue 10): '최저 월 N원 · 최저가 N원 · 판매처 N곳', the server's figures
 * ('최저 월 (중고)' and the like when the model has no new unit on a plan: issue 30, like with like; paid in full,
 * '최저 일시불 (중고) N원': `modelHeadline`, s59) for the model's offers matching the page's filters. Links to the model's product page; the 찜 heart
 * and '비교' (the 비교함, issue 42 §4) sit beside the link, over the photo's corners.
 */
export function ModelCard({ model, maxBadges = 2, variant = 'card' }: { model: ModelSummary; maxBadges?: number; variant?: 'card' | 'row' }) {
  const { shown, rest } = splitBadges(model.badges, maxBadges);
  const row = variant === 'row';
  const headline = modelHeadline(model);
  // The heart is the link's sibling (a button never sits inside a link), over the photo's corner.
  return (
    <Box position="relative" h="full">
      <Box asChild data-testid="model-card" data-variant={variant} display="flex" flexDirection={row ? 'row' : 'column'} gap="3" p="3" borderWidth="1px" rounded="xl" bg="bg.panel"
        textDecoration="none" _hover={{ borderColor: 'brand.border', shadow: 'sm' }} h="full">
        <RouterLink to={`/product/${encodeURIComponent(model.id)}`} aria-label={`${model.name} ${headline.label} ${formatWon(headline.amount)}`}>
          <Box flexShrink={0} w={row ? '24' : 'full'} aspectRatio="1" rounded="lg" bg="bg.muted" overflow="hidden" css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain' } }}>
            <PhoneImage src={model.img} alt="" brand={model.brand} width={252} sizes={row ? '96px' : CARD_IMAGE_SIZES} />
          </Box>
          <Stack gap="1" minW="0" flex="1" pe={row ? '9' : undefined}>
            <Flex gap="1" wrap="wrap" minH="5">
              {model.isNew ? <Badge colorPalette="green" size="sm">신상품</Badge> : null}
              {shown.map((b) => <Badge key={b} variant="outline" size="sm" data-testid="model-badge">{b}</Badge>)}
              {rest > 0 ? <Badge variant="subtle" size="sm" data-testid="model-badge-more">+{rest}</Badge> : null}
            </Flex>
            <Text fontWeight="semibold" lineClamp={2} data-testid="model-name">{model.name}</Text>
            <Text fontSize="xs" color="fg.muted">{brandName(model.brand)} · {model.storages.map(formatStorage).join('/')}</Text>
            <Text fontSize="md" fontWeight="bold" color="brand.fg" data-testid="model-lowest-monthly">{headline.label} {formatWon(headline.amount)}</Text>
            <Text fontSize="sm" data-testid="model-price-line">
              {headline.sameAsLowestPrice ? '통신사 할부 없음' : `최저가 ${formatWon(model.lowestPrice)}`} · 판매처 {model.sellerCount}곳
            </Text>
          </Stack>
        </RouterLink>
      </Box>
      <WishlistHeart model={model} size="sm" position="absolute" top={row ? '2' : '5'} right={row ? '2' : '5'} />
      <CompareToggle model={{ id: model.id, name: model.name }} position="absolute" top={row ? '2' : '5'} left={row ? '2' : '5'} />
    </Box>
  );
}
