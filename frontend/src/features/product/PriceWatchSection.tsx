import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { TOTAL_24_LABEL } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { formatStorage, formatWon } from '../../shared/format';
import { useAfterIdle } from '../../shared/hooks/useAfterIdle';
import { useNearViewport } from '../../shared/hooks/useNearViewport';
import { usePriceWatch, type PriceSeriesChoice, type PriceWatchDays } from './api/priceWatch';

/** recharts and @chakra-ui/charts load with this section's chart only. */
const PriceHistoryChart = lazy(() => import('./PriceHistoryChart'));

const DAYS: readonly PriceWatchDays[] = [30, 90, 365];
export const seriesLabel = (s: PriceSeriesChoice) => `${formatStorage(s.storage)} · ${s.carrier}${s.joinType ? ` ${s.joinType}` : ''}`;
const seriesValue = (s: PriceSeriesChoice) => `${s.storage}|${s.carrier}|${s.joinType ?? ''}`;

/**
 * The lowest 24개월 실부담 of one series (storage × carrier × 가입유형) per day for 30/90/365 days, the
 * lowest marked, and the server's verdict when there is history enough (issue 42). `action` is the
 * place for the alert button.
 *
 * `preferred` is the series of what the buyer has chosen on the page (s61): the chart, its 지금 figure and
 * the alert follow it, not the model's cheapest series (a buyer on KT 번호이동 was shown, and set an alert
 * on, SKT 번호이동's prices). `undefined` while the page does not know it yet (nothing is asked until
 * then); `null` for no preference (the server's cheapest). A series picked in the chart's own select holds
 * until the page's choice changes.
 */
export function PriceWatchSection({ modelId, preferred, action }: {
  modelId: string;
  preferred: PriceSeriesChoice | null | undefined;
  action?: (series: PriceSeriesChoice | null, current: number | null) => ReactNode;
}) {
  const [days, setDays] = useState<PriceWatchDays>(90);
  const preferredKey = preferred ? seriesValue(preferred) : String(preferred);
  const [picked, setPicked] = useState<{ for: string; series: PriceSeriesChoice } | null>(null);
  const series = picked?.for === preferredKey ? picked.series : preferred ?? null;
  const watch = usePriceWatch(modelId, days, series, { enabled: preferred !== undefined });
  // The chart's chunk (recharts, ~110 KB gz; evaluating it is a long task on a phone) loads when the
  // section nears the viewport only: not with the first screen, nor when the page goes idle (issue 37).
  const [sectionRef, nearViewport] = useNearViewport<HTMLDivElement>();
  // The alert form depends on the session: mounted after hydration, so the server's markup and the first render agree.
  const idle = useAfterIdle();
  const data = watch.data;
  const shown = series ?? data?.series ?? null;
  return (
    <Box ref={sectionRef} as="section" aria-labelledby="history-title" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel" data-testid="price-watch">
      <Flex justify="space-between" align="center" mb="3" gap="2" wrap="wrap">
        <Heading as="h2" id="history-title" size="md">{TOTAL_24_LABEL} 최저가 추이</Heading>
        <HStack gap="1" role="group" aria-label="기간">
          {DAYS.map((d) => (
            <Button key={d} size="xs" variant={days === d ? 'solid' : 'outline'} aria-pressed={days === d} onClick={() => setDays(d)}>{d}일</Button>
          ))}
        </HStack>
      </Flex>
      {data ? (
        <Stack gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <NativeSelect.Root size="sm" width={{ base: 'full', sm: '64' }}>
              <NativeSelect.Field aria-label="조건" value={shown ? seriesValue(shown) : ''} data-testid="price-watch-series"
                onChange={(e) => {
                  const next = data.choices.find((c) => seriesValue(c) === e.currentTarget.value);
                  setPicked(next ? { for: preferredKey, series: next } : null);
                }}>
                {data.choices.map((c) => <option key={seriesValue(c)} value={seriesValue(c)}>{seriesLabel(c)}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {data.verdict ? <Badge colorPalette="green" size="lg" data-testid="price-verdict">{data.verdict}</Badge> : null}
          </Flex>
          <HStack gap="4" wrap="wrap" fontSize="sm">
            <Text>지금 <Text as="strong" data-testid="price-watch-current">{data.current === null ? '판매 중인 상품 없음' : formatWon(data.current)}</Text></Text>
            {data.lowest ? <Text color="fg.muted">{days}일 최저 <Text as="strong" color="red.fg">{formatWon(data.lowest.total)}</Text> ({data.lowest.date.slice(5).replace('-', '/')})</Text> : null}
          </HStack>
          {data.points.length === 0 ? <Text color="fg.muted" fontSize="sm">이 조건의 가격 기록이 아직 없습니다.</Text>
            : nearViewport ? (
              <Suspense fallback={<Skeleton height="56" rounded="lg" />}>
                <PriceHistoryChart label={TOTAL_24_LABEL} points={data.points.map((p) => ({ date: p.date, value: p.total }))}
                  lowest={data.lowest && { date: data.lowest.date, value: data.lowest.total }} />
              </Suspense>
            ) : <Skeleton height="56" rounded="lg" />}
          {data.historyDays < 35 ? <Text color="fg.muted" fontSize="xs">가격 기록이 35일 이상 쌓이면 지금 가격이 싼 편인지 알려드립니다.</Text> : null}
          {idle ? action?.(shown, data.current) : null}
        </Stack>
      ) : watch.isError ? <Text color="fg.error" fontSize="sm">{describeError(watch.error)}</Text> : <Skeleton height="64" rounded="lg" />}
    </Box>
  );
}
