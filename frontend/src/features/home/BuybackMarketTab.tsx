import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuybackMarket } from '../../shared/buyback/api';
import { formatNumber } from '../../shared/format';
import { RankingListSkeleton } from '../../shared/ranking/RankingList';
import { SectionError } from './SectionError';

const TREND = { up: { label: '▲ 상승', color: 'red' }, down: { label: '▼ 하락', color: 'blue' }, stable: { label: '– 보합', color: 'gray' } } as const;

/**
 * 인기 견적 (issue 26): the market's used-phone quotes (`GET /api/buyback/market`, top 10): median best
 * price and range by model and grade, quotes in the last 7 days and the trend; read again when a quote is made.
 * Its own chunk: the home page loads it only when the tab is opened.
 */
export default function BuybackMarketTab() {
  const market = useBuybackMarket();
  if (market.isPending) return <RankingListSkeleton count={5} />;
  if (market.isError) return <SectionError text="인기 견적을 불러오지 못했습니다." onRetry={() => void market.refetch()} />;
  if (market.data.length === 0) {
    return (
      <Stack align="center" gap="3" py="10" textAlign="center" data-testid="quotes-empty">
        <Text fontWeight="semibold">최근 7일 동안 받은 매입 견적이 없습니다</Text>
        <Button asChild size="sm" colorPalette="brand"><RouterLink to="/sell">내 폰 판매가 견적 받기</RouterLink></Button>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label="인기 중고폰 견적">
        {market.data.map((item, i) => (
          <Box as="li" key={`${item.modelId}-${item.grade}`} data-testid="market-item" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
            <HStack gap="3" py="2.5" px="2">
              <Flex boxSize="7" flexShrink={0} align="center" justify="center" rounded="md" bg="bg.muted" fontWeight="bold" fontSize="sm">{i + 1}</Flex>
              <Stack gap="0" flex="1" minW="0">
                <HStack gap="1.5" minW="0">
                  <Text fontWeight="medium" fontSize="sm" truncate>{item.deviceModel}</Text>
                  <Badge size="xs">{item.condition}</Badge>
                </HStack>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {formatNumber(item.priceRange.min)}~{formatNumber(item.priceRange.max)}원 · 최근 7일 견적 {formatNumber(item.recentQuotes)}건
                </Text>
              </Stack>
              <Stack gap="0" align="flex-end" flexShrink={0}>
                <Text fontWeight="bold" fontSize="sm">{formatNumber(item.estimatedPrice)}원</Text>
                <Badge size="xs" colorPalette={TREND[item.trend].color} variant="plain">{TREND[item.trend].label}</Badge>
              </Stack>
            </HStack>
          </Box>
        ))}
      </Stack>
      <Button asChild size="sm" variant="outline" alignSelf="center"><RouterLink to="/sell">내 폰 판매가 견적 받기</RouterLink></Button>
    </Stack>
  );
}
