import { useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Heading, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { modelListSchema, responsiveImage } from '@phonemarket/contracts';
import { useCategories, type Category, type ProductSort } from '../../shared/api/catalogue';
import { MODEL_PATHS, cleanQuery, type ModelQuery } from '../../shared/api/models';
import { ModelCard } from '../../shared/ui/ModelCard';
import { ModelFilters, useModelFilterQuery } from '../../shared/ui/ModelFilters';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PhoneIcon } from '../../shared/ui/icons';
import { CatalogueEmptyState, GridSkeleton, InlineLoadError, PageFrame, PageLoadError, PageNotFound, SortSelect } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import {
  CATEGORY_PAGE_SIZE,
  CATEGORY_SORTS,
  DEFAULT_SORT,
  DEFAULT_VIEW,
  MAX_BADGES,
  apiSort,
  toCategorySort,
  toCategoryView,
  type CategoryView,
} from './category-options';

function GridIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="3.5" y="4" width="5" height="5" rx="1" />
      <rect x="3.5" y="15" width="5" height="5" rx="1" />
      <path d="M12 6.5h8.5M12 17.5h8.5" />
    </svg>
  );
}

const VIEW_BUTTONS = [
  { value: 'grid', label: '그리드 보기', Icon: GridIcon },
  { value: 'list', label: '목록 보기', Icon: ListIcon },
] as const satisfies readonly { value: CategoryView; label: string; Icon: () => React.ReactNode }[];

/** Product grid columns, shared by the grid view and the loading skeletons. */
const PRODUCT_COLUMNS = { base: 2, md: 3, lg: 4 };

/** GET /api/models?brand={category key}&{URL filters}&sort=…&page&limit — one card per model, one page per "load more". */
function useCategoryProducts(key: string, sort: ProductSort, filters: ModelQuery) {
  const params = cleanQuery({ ...filters, brand: key, sort, limit: CATEGORY_PAGE_SIZE });
  return useInfiniteQuery({
    queryKey: [MODEL_PATHS.models, params, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiFetch(MODEL_PATHS.models, { params: { ...params, page: pageParam }, schema: modelListSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.models.length, 0);
      return last.models.length > 0 && loaded < last.total ? all.length + 1 : undefined;
    },
  });
}

/** The spec's 'category page opened' toast, once per category (StrictMode-safe). */
function useOpenedToast(category: Category | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!category || shown.current === category.id) return;
    shown.current = category.id;
    toaster.create({ title: '카테고리', description: `${category.label} 카테고리를 열었습니다` });
  }, [category]);
}

function CategoryLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box flexShrink={0} boxSize={{ base: '12', md: '16' }} rounded="xl" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
      {failed || !src ? (
        <PhoneIcon boxSize="6" color="fg.muted" data-testid="category-logo-fallback" />
      ) : (
        <img {...responsiveImage(src, { sizes: '(min-width: 768px) 64px, 48px', maxWidth: 160 })} alt="" width={64} height={64} style={{ width: '100%', height: '100%', objectFit: 'cover' }} onError={() => setFailed(true)} />
      )}
    </Box>
  );
}

function ProductList({ category, sort, view }: { category: Category; sort: ProductSort; view: CategoryView }) {
  const filters = useModelFilterQuery();
  const query = useCategoryProducts(category.key, sort, filters);

  if (query.isPending) {
    return <GridSkeleton label="상품을 불러오는 중..." columns={PRODUCT_COLUMNS} count={8} />;
  }
  if (query.isLoadingError) {
    return <InlineLoadError centered error={query.error} onRetry={() => void query.refetch()} />;
  }

  const products = query.data.pages.flatMap((p) => p.models);
  const total = query.data.pages.at(-1)?.total ?? 0;

  if (products.length === 0) {
    return (
      <CatalogueEmptyState title="이 카테고리에 등록된 상품이 없습니다" description="브랜드별 상품을 둘러보세요." data-testid="category-empty">
        <Button asChild colorPalette="brand" variant="outline" mt="2">
          <RouterLink to="/brands">브랜드 보러 가기</RouterLink>
        </Button>
      </CatalogueEmptyState>
    );
  }

  return (
    <Stack gap="6">
      {view === 'grid' ? (
        <SimpleGrid as="ul" listStyleType="none" columns={PRODUCT_COLUMNS} gap={{ base: '3', md: '4' }} data-testid="category-products" data-view="grid">
          {products.map((p) => (
            <Box as="li" key={p.id}>
              <ModelCard model={p} variant="card" maxBadges={MAX_BADGES.grid} />
            </Box>
          ))}
        </SimpleGrid>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="category-products" data-view="list">
          {products.map((p) => (
            <Box as="li" key={p.id}>
              <ModelCard model={p} variant="row" maxBadges={MAX_BADGES.list} />
            </Box>
          ))}
        </Stack>
      )}
      <Stack align="center" gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="loaded-count">
          {formatNumber(total)}개 중 {formatNumber(products.length)}개 표시
        </Text>
        {query.hasNextPage ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} loadingText="불러오는 중..." data-testid="load-more">
            더 보기
          </Button>
        ) : null}
        {query.error ? (
          <Text role="alert" fontSize="sm" color="fg.error">
            {describeError(query.error)}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** /category/:id — a category's products with sort, grid/list toggle and load-more (spec §2). */
export default function CategoryPage() {
  const { id = '' } = useParams();
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const sort = toCategorySort(params.get('sort'));
  const view = toCategoryView(params.get('view'));

  const category = categories.data?.find((c) => c.id === id);
  useOpenedToast(category);
  useDocumentTitle(category ? category.label : categories.isSuccess ? '카테고리를 찾을 수 없습니다' : '카테고리');

  const setParam = (key: 'sort' | 'view', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  let body: React.ReactNode;
  if (categories.isPending) {
    body = (
      <Stack gap="6">
        <Skeleton height="16" width="60" rounded="xl" />
        <GridSkeleton label="카테고리를 불러오는 중..." columns={PRODUCT_COLUMNS} count={8} />
      </Stack>
    );
  } else if (categories.isError) {
    body = <PageLoadError title="카테고리를 불러오지 못했습니다" error={categories.error} onRetry={() => void categories.refetch()} />;
  } else if (!category) {
    body = (
      <PageNotFound
        title="카테고리를 찾을 수 없습니다"
        description="Category not found — 요청하신 카테고리가 없거나 삭제되었습니다."
        link={{ to: '/brands', label: '브랜드 보러 가기' }}
        data-testid="category-not-found"
      />
    );
  } else {
    body = (
      <Stack gap={{ base: '5', md: '6' }}>
        <Flex as="header" gap="4" align="center">
          <CategoryLogo src={category.img} />
          <Stack gap="0.5" minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              {category.label}
            </Heading>
            <Text color="fg.muted" data-testid="category-count">
              모델 {formatNumber(category.count)}개
            </Text>
          </Stack>
        </Flex>

        <Flex
          as="section"
          aria-label="정렬과 보기 방식"
          justify="space-between"
          align="center"
          gap="3"
          wrap="wrap"
          py="2"
          borderBottomWidth="1px"
          borderColor="border"
        >
          <SortSelect value={sort} options={CATEGORY_SORTS} onChange={(v) => setParam('sort', toCategorySort(v), DEFAULT_SORT)} data-testid="category-sort" />
          <Flex role="group" aria-label="보기 방식" gap="1">
            {VIEW_BUTTONS.map(({ value, label, Icon }) => (
              <IconButton
                key={value}
                size="sm"
                variant={view === value ? 'solid' : 'ghost'}
                aria-label={label}
                title={label}
                aria-pressed={view === value}
                onClick={() => setParam('view', value, DEFAULT_VIEW)}
                data-testid={`view-${value}`}
              >
                <Icon />
              </IconButton>
            ))}
          </Flex>
        </Flex>

        <ModelFilters />
        <ProductList category={category} sort={apiSort(sort)} view={view} />
      </Stack>
    );
  }

  return <PageFrame back={{ to: '/', label: '홈으로' }}>{body}</PageFrame>;
}
