import { Badge, Box, chakra, Flex, Heading, HStack, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CONDITION_LABEL, formatNumber, formatStorage, formatWon, modelHeadline } from '../../shared/format';
import { PHOTO_BACKDROP, PhoneImage } from '../../shared/ui/PhoneImage';
import { AVAILABILITY_LABEL, type Condition, type ModelView } from './brand-filters';
import { CardLinkBox } from './CardLinkBox';

const CONDITION_PALETTE: Record<Condition, string> = { new: 'brand', refurbished: 'teal', used: 'orange' };
const AVAILABILITY_PALETTE = { 'in-stock': 'green', limited: 'orange', 'sold-out': 'gray' } as const;

const SPEC_ROWS = [
  ['display', '디스플레이'],
  ['camera', '카메라'],
  ['battery', '배터리'],
  ['os', '운영체제'],
] as const;

/**
 * One model of a brand on sale (issue 30: the live catalogue): its conditions, stock, rating and
 * review count from real reviews, and the figures of its card (최저 월 like with like, 최저가,
 * 판매처). The whole card opens the model's product page.
 */
export function BrandModelCard({ view }: { view: ModelView }) {
  const { model } = view;
  const headline = modelHeadline(view);
  const conditions = view.condition ? [view.condition] : model.conditions.map((c) => c.condition);
  return (
    <CardLinkBox data-testid="brand-model-card" flexDirection="column" gap="3" p="4">
      <Flex gap="3">
        <Box flexShrink={0} w={{ base: '20', md: '24' }} aspectRatio="3 / 4" bg={PHOTO_BACKDROP} rounded="lg" overflow="hidden" css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain' } }}>
          <PhoneImage src={model.img} alt={model.name} brand={model.brand} width={252} sizes="(min-width: 768px) 96px, 80px" />
        </Box>
        <Stack gap="1.5" minW="0" flex="1">
          <HStack gap="1" wrap="wrap">
            {conditions.map((c) => (
              <Badge key={c} size="sm" variant="solid" colorPalette={CONDITION_PALETTE[c]} data-testid="model-condition">
                {CONDITION_LABEL[c]}
              </Badge>
            ))}
            <Badge size="sm" variant="subtle" colorPalette={AVAILABILITY_PALETTE[view.availability]} data-testid="model-availability">
              {AVAILABILITY_LABEL[view.availability]}
            </Badge>
          </HStack>
          <Heading as="h2" size="sm" lineClamp={2}>
            <LinkOverlay asChild>
              <RouterLink to={`/product/${encodeURIComponent(model.id)}`}>{model.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            {model.storages.map(formatStorage).join(' / ')}
          </Text>
          <Text fontSize="sm" data-testid="model-rating">
            {model.reviewCount > 0 ? (
              <>
                {/* an aria-label on a paragraph is not read (no role allows it): the spoken form is text */}
                <chakra.span srOnly>{`평점 ${model.rating.toFixed(1)}, 리뷰 ${formatNumber(model.reviewCount)}개`}</chakra.span>
                <chakra.span color="yellow.fg" aria-hidden="true">
                  ★
                </chakra.span>{' '}
                <chakra.span fontWeight="semibold" aria-hidden="true">
                  {model.rating.toFixed(1)}
                </chakra.span>{' '}
                <chakra.span color="fg.muted" aria-hidden="true">
                  (리뷰 {formatNumber(model.reviewCount)})
                </chakra.span>
              </>
            ) : (
              <chakra.span color="fg.muted">아직 리뷰가 없어요</chakra.span>
            )}
          </Text>
        </Stack>
      </Flex>

      <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="xs">
        {SPEC_ROWS.map(([key, label]) => (
          <Box key={key} display="contents">
            <chakra.dt color="fg.muted" whiteSpace="nowrap">
              {label}
            </chakra.dt>
            <chakra.dd>{model.specifications[key]}</chakra.dd>
          </Box>
        ))}
      </chakra.dl>

      {model.badges.length > 0 ? (
        <Flex as="ul" wrap="wrap" gap="1" listStyleType="none" aria-label="주요 특징">
          {model.badges.map((f) => (
            <Box as="li" key={f}>
              <Badge size="sm" variant="outline">
                {f}
              </Badge>
            </Box>
          ))}
        </Flex>
      ) : null}

      <Flex mt="auto" pt="3" borderTopWidth="1px" borderColor="border" justify="space-between" align="flex-end" gap="2" wrap="wrap">
        <Text fontSize="xs" color="fg.muted" data-testid="model-sellers">
          판매처 {view.sellerCount}곳
        </Text>
        <Stack gap="0" align="flex-end">
          <Text fontSize="lg" fontWeight="bold" color="brand.fg" data-testid="model-monthly">
            {headline.label} {formatWon(headline.amount)}
          </Text>
          <Text fontSize="sm" data-testid="model-price">
            {headline.sameAsLowestPrice ? '통신사 할부 없음' : `최저가 ${formatWon(view.lowestPrice)}`}
          </Text>
        </Stack>
      </Flex>
    </CardLinkBox>
  );
}
