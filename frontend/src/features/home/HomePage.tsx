import { lazy, Suspense } from 'react';
import { Box, Container, Skeleton, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useModels } from '../../shared/api/models';
import { useAfterIdle } from '../../shared/hooks/useAfterIdle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { AdHero } from './AdHero';
import { DEFAULT_FILTERS, SORT_OPTIONS, toProductQuery, type HomeFilters } from './filters';
import { FilterBar } from './FilterBar';
import { FEED_ID, FEED_PAGE_SIZE } from './feedConstants';
import { QuickActions } from './QuickActions';
import { useSession } from '../../shared/auth/session';
import { useWelcomeToast } from './useWelcomeToast';

const HomeBelowFold = lazy(() => import('./HomeBelowFold'));
const FloatingActions = lazy(() => import('./FloatingActions'));

function BelowFoldSkeleton() {
  return (
    <Stack gap="6" aria-hidden="true">
      <Skeleton height="8" width="40" />
      <Box display="grid" gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={{ base: '72', md: '96' }} rounded="xl" />
        ))}
      </Box>
    </Stack>
  );
}

/**
 * The floating buttons and live ranking (its socket too) are not the first screen: they mount
 * after hydration. Their own component, so that mounting them re-renders only this.
 */
function IdleFloatingActions() {
  return useAfterIdle() ? (
    <Suspense fallback={null}>
      <FloatingActions />
    </Suspense>
  ) : null;
}

/** 폰마켓 홈 (spec §2, top to bottom). */
export default function HomePage() {
  useDocumentTitle('홈');
  useWelcomeToast();
  const { role } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  // The filters live in the query string (issue 10): Back and reload keep them, a filtered home can be shared.
  const filters: HomeFilters = {
    carrier: searchParams.get('carrier') ?? DEFAULT_FILTERS.carrier,
    storage: searchParams.get('storage') ?? DEFAULT_FILTERS.storage,
    budget: searchParams.get('budget') ?? DEFAULT_FILTERS.budget,
    sort: SORT_OPTIONS.find((o) => o.value === searchParams.get('sort'))?.value ?? DEFAULT_FILTERS.sort,
  };
  const setFilters = (next: HomeFilters) => {
    const params = new URLSearchParams(searchParams);
    for (const key of Object.keys(DEFAULT_FILTERS) as (keyof HomeFilters)[]) {
      if (next[key] === DEFAULT_FILTERS[key]) params.delete(key); else params.set(key, next[key]);
    }
    setSearchParams(params, { preventScrollReset: true });
  };

  const feedQuery = { ...toProductQuery(filters, q), chip: searchParams.get('chip') ?? undefined };
  // Same query key as the feed's first page: shares its cache entry, no extra request.
  const firstPage = useModels({ ...feedQuery, page: 1, limit: FEED_PAGE_SIZE });
  const showResults = () => {
    const feed = document.getElementById(FEED_ID);
    if (!feed) return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    feed.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };

  const resetFilters = () => {
    setFilters(DEFAULT_FILTERS);
    toaster.create({ title: '필터 초기화', description: '모든 필터를 기본값으로 되돌렸습니다.', type: 'info' });
  };

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }} data-testid="home-page">
      <Stack gap={{ base: '6', md: '8' }}>
        <AdHero />
        <FilterBar value={filters} onChange={setFilters} total={firstPage.data?.total} onShowResults={showResults} />
        <QuickActions role={role} />
        <Suspense fallback={<BelowFoldSkeleton />}>
          <Box pt={{ base: '2', md: '4' }}>
            <HomeBelowFold feedQuery={feedQuery} q={q} onResetFilters={resetFilters} />
          </Box>
        </Suspense>
      </Stack>
      <IdleFloatingActions />
    </Container>
  );
}
