import { lazy, Suspense, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useModels } from '../../shared/api/models';
import { formatDate, formatKoreanClock, modelPriceLine } from '../../shared/format';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { RankingList, RankingListSkeleton } from '../../shared/ranking/RankingList';
import { LiveRankingSyncOnView, useLiveRanking } from '../../shared/ranking/useLiveRanking';
import { ClockIcon } from './icons';
import { SectionError } from './SectionError';
import { SectionHeader } from './SectionHeader';

/** Spec §9: the ranking clock ticks every 60 s; the new tab lists 5 products with 10 skeletons. */
export const RANKING_CLOCK_TICK_MS = 60_000;
export const NEW_TAB_LIMIT = 5;
export const NEW_TAB_SKELETONS = 10;


const subscribeClock = (onTick: () => void) => {
  const id = window.setInterval(onTick, RANKING_CLOCK_TICK_MS);
  return () => window.clearInterval(id);
};
/** The current tick (a number, so React sees the same snapshot until the next tick). */
const clockTick = () => Math.floor(Date.now() / RANKING_CLOCK_TICK_MS);
const noClock = () => null;

/**
 * The browser's clock at the last tick, null on the server and while hydrating: the server's time
 * (another minute, a reused guest page, another time zone) would not match the browser's text.
 */
function useClock(): Date | null {
  const tick = useSyncExternalStore(subscribeClock, clockTick, noClock);
  return tick === null ? null : new Date(tick * RANKING_CLOCK_TICK_MS);
}


function ProductsTab() {
  const ranking = useLiveRanking();
  if (ranking.isPending) return <RankingListSkeleton count={NEW_TAB_SKELETONS} />;
  if (ranking.isError) return <SectionError text="랭킹을 불러오지 못했습니다." onRetry={() => void ranking.refetch()} />;
  if (ranking.data.length === 0) return <Text color="fg.muted" py="8" textAlign="center">아직 랭킹 데이터가 없습니다.</Text>;
  return <RankingList items={ranking.data} />;
}

/** 신상품: new-condition models released in the last 6 months, newest first (issue 10), at their real lowest offer. */
function NewTab() {
  const models = useModels({ chip: '신상품', condition: 'new', sort: 'new', limit: NEW_TAB_LIMIT });
  if (models.isPending) return <RankingListSkeleton count={NEW_TAB_SKELETONS} />;
  if (models.isError) return <SectionError text="신상품을 불러오지 못했습니다." onRetry={() => void models.refetch()} />;
  if (models.data.models.length === 0) return <Text color="fg.muted" py="8" textAlign="center">최근 6개월 안에 출시된 새 모델이 없습니다.</Text>;
  return (
    <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label="최근 출시 모델">
      {models.data.models.map((m, i) => (
        <Box as="li" key={m.id} data-testid="new-item" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
          <HStack asChild gap="3" py="2.5" px="2" rounded="md" _hover={{ bg: 'bg.muted' }}>
            <RouterLink to={`/product/${encodeURIComponent(m.id)}`}>
              <Flex boxSize="7" flexShrink={0} align="center" justify="center" rounded="md" bg="bg.muted" fontWeight="bold" fontSize="sm">{i + 1}</Flex>
              <Box boxSize="12" flexShrink={0} rounded="md" overflow="hidden" bg="bg.muted" css={{ '& img, & svg': { width: '100%', height: '100%', objectFit: 'contain' } }}>
                <PhoneImage src={m.img} alt="" brand={m.brand} width={252} sizes="48px" />
              </Box>
              <Stack gap="0" flex="1" minW="0">
                <HStack gap="1.5" minW="0">
                  <Text fontWeight="medium" fontSize="sm" truncate>{m.name}</Text>
                  <Badge size="xs" colorPalette="green">신규</Badge>
                </HStack>
                <Text fontSize="xs" color="fg.muted" truncate>{modelPriceLine(m)}</Text>
              </Stack>
              <Text fontSize="xs" color="fg.muted" flexShrink={0} hideBelow="sm">{formatDate(m.releasedAt)} 출시</Text>
            </RouterLink>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

/** 인기 견적 (issue 26): the buyback market, its own chunk loaded when the tab opens. */
const BuybackMarketTab = lazy(() => import('./BuybackMarketTab'));
function QuotesTab() {
  return (
    <Suspense fallback={<RankingListSkeleton count={5} />}>
      <BuybackMarketTab />
    </Suspense>
  );
}

export type RankingTab = 'products' | 'new' | 'quotes';
export const RANKING_TABS: { value: RankingTab; label: string }[] = [
  { value: 'products', label: '인기 상품' },
  { value: 'new', label: '신상품' },
  { value: 'quotes', label: '인기 견적' },
];

/** WAI-ARIA tabs (roving tabindex; arrows, Home and End move and select). */
function RankingTabList({ value, onChange }: { value: RankingTab; onChange: (tab: RankingTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = RANKING_TABS.findIndex((t) => t.value === value);
    const last = RANKING_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current + 1) % RANKING_TABS.length
      : event.key === 'ArrowLeft' ? (current - 1 + RANKING_TABS.length) % RANKING_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = RANKING_TABS[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  };
  return (
    <Flex role="tablist" aria-label="랭킹 종류" borderBottomWidth="1px" gap="1" onKeyDown={onKeyDown}>
      {RANKING_TABS.map((t, i) => {
        const selected = t.value === value;
        return (
          <Box
            as="button"
            key={t.value}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`ranking-tab-${t.value}`}
            data-testid={`ranking-tab-${t.value}`}
            aria-selected={selected}
            aria-controls={`ranking-panel-${t.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.value)}
            px={{ base: '3', md: '4' }}
            py="2.5"
            mb="-1px"
            fontSize="sm"
            fontWeight={selected ? 'bold' : 'medium'}
            color={selected ? 'brand.fg' : 'fg.muted'}
            borderBottomWidth="2px"
            borderColor={selected ? 'brand.solid' : 'transparent'}
            cursor="pointer"
            _hover={{ color: 'fg' }}
            focusVisibleRing="inside"
          >
            {t.label}
          </Box>
        );
      })}
    </Flex>
  );
}

/** 'HH:MM 기준', once hydrated; its own component, so each tick re-renders only this text. */
function RankingClock() {
  const now = useClock();
  return now ? (
    <Text asChild>
      <time dateTime={now.toISOString()}>{formatKoreanClock(now)} 기준</time>
    </Text>
  ) : null;
}

/** 실시간 베스트 랭킹: products (live, default), new, quotes. */
export function RankingTabs() {
  const [tab, setTab] = useState<RankingTab>('products');
  const sectionRef = useRef<HTMLElement | null>(null);
  return (
    <Box as="section" ref={sectionRef} data-testid="ranking-tabs" aria-labelledby="ranking-title" bg="bg.panel" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }}>
      <SectionHeader
        id="ranking-title"
        title="실시간 베스트 랭킹"
        subtitle="랭킹은 10분마다 업데이트됩니다"
        action={
          <HStack gap="1.5" fontSize="sm" color="fg.muted" data-testid="ranking-clock">
            <ClockIcon boxSize="4" />
            <RankingClock />
          </HStack>
        }
      />
      <RankingTabList value={tab} onChange={setTab} />
      <Box
        role="tabpanel"
        id={`ranking-panel-${tab}`}
        aria-labelledby={`ranking-tab-${tab}`}
        data-testid={`ranking-panel-${tab}`}
        tabIndex={0}
        pt="3"
        outline="none"
        focusVisibleRing="outside"
        rounded="md"
      >
        {tab === 'products' ? <ProductsTab /> : tab === 'new' ? <NewTab /> : <QuotesTab />}
      </Box>
      <LiveRankingSyncOnView targetRef={sectionRef} />
    </Box>
  );
}
