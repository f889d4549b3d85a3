import { useState } from 'react';
import { Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { ModelSummary } from '@phonemarket/contracts';
import { cleanProductQuery, type ProductQuery } from '../../shared/api/catalogue';
import { MODEL_PATHS, modelSchemas } from '../../shared/api/models';
import { apiFetch } from '../../shared/api/client';
import { formatNumber } from '../../shared/format';
import { ModelCard } from '../../shared/ui/ModelCard';
import { FEED_ID, FEED_PAGE_SIZE } from './feedConstants';
import { SectionHeader } from './SectionHeader';

export { FEED_PAGE_SIZE };

/** Spec §4: the load-more button shows while the loaded count is below the total. */
export function shouldShowLoadMore(loaded: number, total: number): boolean {
  return loaded < total;
}

function useFeedPages(query: ProductQuery, pages: number) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, i) => {
      const params = cleanProductQuery({ ...query, page: i + 1, limit: FEED_PAGE_SIZE });
      return {
        queryKey: [MODEL_PATHS.models, params],
        queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch(MODEL_PATHS.models, { params, schema: () => modelSchemas().then((s) => s.modelListSchema), signal }),
      };
    }),
    combine: (results) => {
      const products: ModelSummary[] = [];
      const seen = new Set<string>();
      let total = 0;
      let loadedPages = 0;
      for (const r of results) {
        if (!r.data) break;
        loadedPages += 1;
        total = r.data.total;
        for (const p of r.data.models) {
          if (!seen.has(p.id)) {
            seen.add(p.id);
            products.push(p);
          }
        }
      }
      const first = results[0];
      const last = results[results.length - 1];
      return {
        products,
        total,
        loadedPages,
        firstPending: first?.isPending ?? true,
        firstError: first?.isError ?? false,
        nextPending: results.length > 1 && (last?.isFetching ?? false) && !last?.data,
        nextError: results.length > 1 && (last?.isError ?? false),
        refetchLast: () => void last?.refetch(),
      };
    },
  });
}

export interface FeedProps {
  query: ProductQuery;
  /** The search text from `?q=`; changes the title. */
  q: string;
  onResetFilters?: () => void;
}

/** 오늘의 추천 — one card per phone model (issue 10), driven by the filter bar and `?q=`; 8 per page, load more. */
export function Feed(props: FeedProps) {
  // A new query starts again at page 1.
  return <FeedPages key={JSON.stringify(cleanProductQuery(props.query))} {...props} />;
}

function FeedPages({ query, q, onResetFilters }: FeedProps) {
  const [page, setPage] = useState(1);
  const feed = useFeedPages(query, page);
  const searching = q.trim().length > 0;
  const showMore = !feed.firstPending && !feed.firstError && shouldShowLoadMore(feed.products.length, feed.total);

  return (
    <Box as="section" id={FEED_ID} scrollMarginTop="32" data-testid="feed" data-page={page} aria-labelledby="feed-title" aria-busy={feed.firstPending}>
      <SectionHeader
        id="feed-title"
        title={searching ? `"${q.trim()}" 검색 결과` : '오늘의 추천'}
        subtitle={
          feed.firstPending ? '상품을 불러오는 중...' : feed.firstError ? undefined : (
            <span data-testid="feed-count">
              총 {formatNumber(feed.total)}개 모델 중 {formatNumber(feed.products.length)}개 표시
            </span>
          )
        }
        action={
          searching ? (
            <Button asChild size="sm" variant="ghost">
              <RouterLink to="/">검색 지우기</RouterLink>
            </Button>
          ) : undefined
        }
      />

      {feed.firstPending ? (
        <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }}>
          {Array.from({ length: FEED_PAGE_SIZE }, (_, i) => (
            <Stack key={i} data-testid="feed-skeleton" gap="2" borderWidth="1px" rounded="xl" p="3" bg="bg.panel">
              <Skeleton aspectRatio="1" rounded="lg" />
              <Skeleton height="4" width="80%" />
              <Skeleton height="4" width="50%" />
              <Skeleton height="3" width="60%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : feed.firstError ? (
        <Box role="alert" textAlign="center" py="10" bg="bg.panel" borderWidth="1px" rounded="xl">
          <Text color="fg.muted" mb="3">
            상품을 불러오지 못했습니다.
          </Text>
          <Button size="sm" variant="outline" onClick={feed.refetchLast}>
            다시 시도
          </Button>
        </Box>
      ) : feed.products.length === 0 ? (
        <Stack align="center" textAlign="center" py="10" gap="3" bg="bg.panel" borderWidth="1px" rounded="xl" data-testid="feed-empty">
          <Text fontWeight="semibold">{searching ? '검색 결과가 없습니다' : '조건에 맞는 상품이 없습니다'}</Text>
          <Text fontSize="sm" color="fg.muted">
            다른 검색어나 필터로 다시 찾아보세요.
          </Text>
          <HStack>
            {onResetFilters ? (
              <Button size="sm" variant="outline" onClick={onResetFilters}>
                필터 초기화
              </Button>
            ) : null}
            <Button asChild size="sm" variant="ghost">
              <RouterLink to="/brands">브랜드별로 보기</RouterLink>
            </Button>
          </HStack>
        </Stack>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }} listStyleType="none" m="0" p="0">
          {feed.products.map((product) => (
            <Box as="li" key={product.id}>
              <Box data-testid="feed-card" h="full"><ModelCard model={product} /></Box>
            </Box>
          ))}
        </SimpleGrid>
      )}

      {feed.nextError ? (
        <Text role="alert" mt="4" textAlign="center" color="fg.error" fontSize="sm">
          다음 상품을 불러오지 못했습니다. 다시 시도해 주세요.
        </Text>
      ) : null}
      {showMore ? (
        <Box textAlign="center" mt="6">
          <Button
            data-testid="load-more"
            variant="outline"
            size="md"
            minW="48"
            loading={feed.nextPending}
            loadingText="불러오는 중..."
            onClick={() => (feed.nextError ? feed.refetchLast() : setPage(feed.loadedPages + 1))}
          >
            더 보기 ({formatNumber(feed.products.length)}/{formatNumber(feed.total)})
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
