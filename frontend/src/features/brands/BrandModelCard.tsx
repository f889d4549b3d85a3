import { Badge, Box, chakra, Flex, Heading, HStack, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { BrandModel } from '../../shared/api/catalogue';
import { CONDITION_LABEL, formatNumber, formatWon } from '../../shared/format';
import { PHOTO_BACKDROP, PhoneImage } from '../../shared/ui/PhoneImage';
import { AVAILABILITY_LABEL } from './brand-filters';
import { CardLinkBox } from './CardLinkBox';

const CONDITION_PALETTE: Record<BrandModel['condition'], string> = { new: 'brand', refurbished: 'teal', used: 'orange' };

const SPEC_ROWS = [
  ['display', '디스플레이'],
  ['camera', '카메라'],
  ['battery', '배터리'],
  ['os', 'OS'],
] as const;

function VerifiedIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M12 2 14.6 4.1l3.3-.3.9 3.2 2.9 1.7-1.2 3.1 1.2 3.1-2.9 1.7-.9 3.2-3.3-.3L12 22l-2.6-2.1-3.3.3-.9-3.2-2.9-1.7 1.2-3.1-1.2-3.1 2.9-1.7.9-3.2 3.3.3Z" />
      <path d="m8.5 12.2 2.4 2.4 4.6-4.8" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** One model of a brand's static catalogue; the whole card opens /product/{productId}. */
export function BrandModelCard({ model, brandName }: { model: BrandModel; brandName: string }) {
  return (
    <CardLinkBox data-testid="brand-model-card" flexDirection="column" gap="3" p="4">
      <Flex gap="3">
        <Box flexShrink={0} w={{ base: '20', md: '24' }} aspectRatio="3 / 4" style={{ backgroundColor: PHOTO_BACKDROP }} rounded="lg" overflow="hidden" css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain' } }}>
          <PhoneImage src={model.image} alt={model.name} brand={brandName} width={252} sizes="(min-width: 768px) 96px, 80px" />
        </Box>
        <Stack gap="1.5" minW="0" flex="1">
          <HStack gap="1" wrap="wrap">
            <Badge size="sm" variant="solid" colorPalette={CONDITION_PALETTE[model.condition]} data-testid="model-condition">
              {CONDITION_LABEL[model.condition]}
            </Badge>
            <Badge size="sm" variant="subtle" colorPalette={model.availability === 'in-stock' ? 'green' : 'orange'} data-testid="model-availability">
              {AVAILABILITY_LABEL[model.availability]}
            </Badge>
          </HStack>
          <Heading as="h2" size="sm" lineClamp={2}>
            <LinkOverlay asChild>
              <RouterLink to={`/product/${encodeURIComponent(model.productId)}`}>{model.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            {model.storage} · {model.color}
          </Text>
          <Text fontSize="sm">
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

      {model.features.length > 0 ? (
        <Flex as="ul" wrap="wrap" gap="1" listStyleType="none" aria-label="주요 특징">
          {model.features.map((f) => (
            <Box as="li" key={f}>
              <Badge size="sm" variant="outline">
                {f}
              </Badge>
            </Box>
          ))}
        </Flex>
      ) : null}

      <Flex mt="auto" pt="3" borderTopWidth="1px" borderColor="border" justify="space-between" align="flex-end" gap="2" wrap="wrap">
        <Stack gap="0" fontSize="xs" color="fg.muted" minW="0">
          <HStack gap="1">
            <Text as="span" fontWeight="medium" color="fg" truncate>
              {model.seller.name}
            </Text>
            {model.seller.verified ? (
              <HStack as="span" gap="0.5" color="brand.fg" data-testid="seller-verified" title="인증 판매자">
                <VerifiedIcon />
                <Text as="span" fontSize="xs">
                  인증
                </Text>
              </HStack>
            ) : null}
          </HStack>
          <Text as="span">판매자 평점 ★ {model.seller.rating.toFixed(1)}</Text>
        </Stack>
        <Text fontSize="lg" fontWeight="bold" data-testid="model-price">
          최저가 {formatWon(model.price)}
        </Text>
      </Flex>
    </CardLinkBox>
  );
}
