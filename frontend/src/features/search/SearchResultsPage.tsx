import { useEffect, useRef } from 'react';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { MODEL_SORTS } from '@phonemarket/contracts';
import { useModels } from '../../shared/api/models';
import { formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ModelCard } from '../../shared/ui/ModelCard';
import { ModelFilters, useModelFilterQuery } from '../../shared/ui/ModelFilters';
import { recordSearch } from './api/search';
import { CatalogueEmptyState, GridSkeleton, InlineLoadError, PageFrame, SortSelect } from '../../shared/ui/PageParts';

const PAGE_SIZE = 12;
const SORT_OPTIONS = [
  { value: 'score', label: '추천순' },
  { value: 'priceAsc', label: '낮은 가격순' },
  { value: 'priceDesc', label: '높은 가격순' },
  { value: 'new', label: '최신순' },
  { value: 'popular', label: '인기순' },
] as const satisfies readonly { value: (typeof MODEL_SORTS)[number]; label: string }[];
type Sort = (typeof SORT_OPTIONS)[number]['value'];
const COLUMNS = { base: 2, md: 3, lg: 4 };

/** /search?q= — the models the search (and the URL's filters, sort and page) match, one card per model. */
export default function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useModelFilterQuery();
  const q = (params.get('q') ?? '').trim();
  const sort: Sort = SORT_OPTIONS.find((o) => o.value === params.get('sort'))?.value ?? 'score';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useModels({ ...filters, sort, page, limit: PAGE_SIZE });
  const title = q ? `"${q}" 검색 결과` : filters.chip ? `${filters.chip} 상품` : '전체 상품';
  useDocumentTitle(title);
  // Each search term is recorded once per visit of it (StrictMode-safe): it feeds the popular searches.
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (q.length < 2 || recorded.current === q) return;
    recorded.current = q;
    recordSearch(q).catch(() => { /* not counted: not the shopper's problem */ });
  }, [q]);
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value); else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <PageFrame back={{ to: '/', label: '홈으로' }}>
      <Stack gap={{ base: '4', md: '6' }} data-testid="search-results">
        <Stack gap="1">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>{title}</Heading>
          <Text color="fg.muted" data-testid="search-count" aria-live="polite">
            {query.isPending ? '검색 중...' : `모델 ${formatNumber(total)}개`}
          </Text>
        </Stack>
        <ModelFilters />
        <Flex justify="flex-end"><SortSelect value={sort} options={SORT_OPTIONS} onChange={(v) => setParam('sort', v === 'score' ? null : v)} data-testid="search-sort" /></Flex>
        {query.isPending ? <GridSkeleton label="검색 결과를 불러오는 중..." columns={COLUMNS} count={8} />
          : query.isError ? <InlineLoadError centered error={query.error} onRetry={() => void query.refetch()} />
          : query.data.models.length === 0 ? (
            <CatalogueEmptyState title="검색 결과가 없습니다" description="다른 검색어나 필터로 다시 찾아보세요." data-testid="search-empty">
              <Button asChild variant="outline" mt="2"><RouterLink to="/brands">브랜드 보러 가기</RouterLink></Button>
            </CatalogueEmptyState>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={COLUMNS} gap={{ base: '3', md: '4' }}>
              {query.data.models.map((m) => <Box as="li" key={m.id}><ModelCard model={m} /></Box>)}
            </SimpleGrid>
          )}
        {pages > 1 ? (
          <Flex as="nav" aria-label="페이지" gap="2" justify="center" align="center">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setParam('page', String(page - 1))}>이전</Button>
            <Text fontSize="sm" data-testid="search-page">{page} / {pages}</Text>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setParam('page', String(page + 1))}>다음</Button>
          </Flex>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
