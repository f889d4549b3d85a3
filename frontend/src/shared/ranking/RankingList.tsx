import { Box, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RankingItem } from '../api/catalogue';
import { brandName, formatWon, modelHeadline, modelPriceLine } from '../format';
import { PhoneImage } from '../ui/PhoneImage';
import { RankChange } from './RankChange';

export function RankBadge({ rank }: { rank: number }) {
  const top = rank <= 3;
  return (
    <Flex
      align="center"
      justify="center"
      flexShrink={0}
      boxSize="7"
      rounded="md"
      fontWeight="bold"
      fontSize="sm"
      bg={top ? 'brand.solid' : 'bg.muted'}
      color={top ? 'brand.contrast' : 'fg'}
      fontVariantNumeric="tabular-nums"
    >
      {rank}
      <Box as="span" srOnly>
        위
      </Box>
    </Flex>
  );
}

/** Ranked models: rank, picture, name, '최저 월 · 최저가 · 판매처', ▲/▼/- change. Each row links to the model's product page. */
export function RankingList({ items, compact = false }: { items: RankingItem[]; compact?: boolean }) {
  return (
    <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label="실시간 랭킹">
      {items.map((item) => (
        <Box as="li" key={item.id} data-testid="ranking-item" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
          <HStack
            asChild
            gap="3"
            py="2.5"
            px="2"
            rounded="md"
            _hover={{ bg: 'bg.muted' }}
            textDecoration="none"
          >
            <RouterLink to={`/product/${encodeURIComponent(item.id)}`}>
              <RankBadge rank={item.rank} />
              {!compact ? (
                <Box boxSize="12" flexShrink={0} rounded="md" overflow="hidden" bg="bg.muted" css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain' } }}>
                  <PhoneImage src={item.img} alt="" brand={item.brand} width={252} sizes="48px" />
                </Box>
              ) : null}
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="medium" fontSize="sm" truncate>
                  {item.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate hideFrom={compact ? undefined : 'md'}>
                  {modelPriceLine(item)}
                </Text>
                {!compact ? (
                  <Text fontSize="xs" color="fg.muted" truncate hideBelow="md">
                    {brandName(item.brand)} · {item.series} · 판매처 {item.sellerCount}곳
                  </Text>
                ) : null}
              </Stack>
              {!compact ? (
                <Stack gap="0" align="flex-end" flexShrink={0} hideBelow="md" me="4">
                  <Text fontSize="sm" fontWeight="semibold" data-testid="ranking-headline">
                    {modelHeadline(item).label} {formatWon(modelHeadline(item).amount)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {modelHeadline(item).sameAsLowestPrice ? '통신사 할부 없음' : `최저가 ${formatWon(item.lowestPrice)}`}
                  </Text>
                </Stack>
              ) : null}
              <Box w="10" flexShrink={0} textAlign="end">
                <RankChange change={item.change} value={item.changeValue} />
              </Box>
            </RouterLink>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

export function RankingListSkeleton({ count }: { count: number }) {
  return (
    <Stack gap="3" aria-busy="true" aria-label="랭킹을 불러오는 중">
      {Array.from({ length: count }, (_, i) => (
        <HStack key={i} gap="3" data-testid="ranking-skeleton">
          <Skeleton boxSize="7" rounded="md" />
          <Skeleton boxSize="12" rounded="md" />
          <Stack flex="1" gap="1.5">
            <Skeleton height="3.5" width="70%" />
            <Skeleton height="3" width="45%" />
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
