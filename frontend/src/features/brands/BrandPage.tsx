import { Box, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useBrandCatalogue } from '../../shared/api/catalogue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, GridSkeleton, PageFrame, PageLoadError, PageNotFound, SortSelect } from '../../shared/ui/PageParts';
import { BrandLogo } from './BrandLogo';
import { BrandModelCard } from './BrandModelCard';
import {
  AVAILABILITY_FILTERS,
  BRAND_SORTS,
  CONDITION_FILTERS,
  DEFAULT_FILTERS,
  filterModels,
  parseFilters,
  toBrandSort,
  type BrandFilters,
} from './brand-filters';

const NOT_FOUND = '브랜드를 찾을 수 없습니다';
const MODEL_COLUMNS = { base: 1, md: 2, xl: 3 };

const Chip = chakra('button', {
  base: {
    px: '3.5',
    py: '1.5',
    minH: '9',
    rounded: 'full',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg.panel',
    fontSize: 'sm',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _hover: { borderColor: 'brand.border' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    '&[aria-pressed=true]': { bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid', fontWeight: 'semibold' },
  },
});

function ChipGroup<V extends string>({ label, options, value, onChange, testId }: { label: string; options: readonly { value: V; label: string }[]; value: V; onChange: (v: V) => void; testId: string }) {
  const labelId = useId();
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text id={labelId} fontSize="sm" fontWeight="semibold" color="fg.muted" minW="10">
        {label}
      </Text>
      <Flex role="group" aria-labelledby={labelId} gap="1.5" wrap="wrap" data-testid={testId}>
        {options.map((o) => (
          <Chip key={o.value} type="button" aria-pressed={o.value === value} onClick={() => onChange(o.value)}>
            {o.label}
          </Chip>
        ))}
      </Flex>
    </Flex>
  );
}

/** /brand/:brand — a brand's models on sale (the live catalogue) with condition/availability filters and sorts (spec §2). */
export default function BrandPage() {
  const { brand = '' } = useParams();
  const catalogue = useBrandCatalogue(brand);
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);

  const data = catalogue.data;
  useDocumentTitle(data ? data.brand.nameKo : data === null ? NOT_FOUND : '브랜드');

  const update = (patch: Partial<BrandFilters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams(params);
    for (const key of ['condition', 'availability', 'sort'] as const) {
      if (next[key] === DEFAULT_FILTERS[key]) out.delete(key);
      else out.set(key, next[key]);
    }
    setParams(out, { replace: true });
  };

  let body: React.ReactNode;
  if (data === null || !brand) {
    body = (
      <PageNotFound
        title={NOT_FOUND}
        description="주소를 확인하거나 전체 브랜드 목록에서 다시 선택해 주세요."
        link={{ to: '/brands', label: '전체 브랜드 보기' }}
        data-testid="brand-not-found"
      />
    );
  } else if (catalogue.isPending) {
    body = (
      <Stack gap="6">
        <Skeleton height="20" rounded="xl" />
        <GridSkeleton label="브랜드 상품을 불러오는 중..." columns={MODEL_COLUMNS} count={6} />
      </Stack>
    );
  } else if (catalogue.isError || !data) {
    body = <PageLoadError title="브랜드 정보를 불러오지 못했습니다" error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  } else {
    const { brand: info, models } = data;
    const shown = filterModels(models, filters);
    const filtered = filters.condition !== 'all' || filters.availability !== 'all';
    body = (
      <Stack gap={{ base: '5', md: '6' }}>
        <Flex as="header" gap="4" align="center" wrap="wrap">
          <BrandLogo src={info.logo} w={{ base: '20', md: '28' }} h={{ base: '10', md: '14' }} />
          <Stack gap="1" minW="0" flex="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              {info.nameKo}
            </Heading>
            {info.description ? <Text color="fg.muted">{info.description}</Text> : null}
          </Stack>
        </Flex>

        {models.length === 0 ? (
          <CatalogueEmptyState title="등록된 모델이 없습니다" description={`${info.nameKo} 브랜드에는 아직 판매 중인 모델이 없습니다.`} data-testid="brand-empty">
            <Button asChild colorPalette="brand" variant="outline" mt="2">
              <RouterLink to="/brands">다른 브랜드 보기</RouterLink>
            </Button>
          </CatalogueEmptyState>
        ) : (
          <>
            <Stack
              as="section"
              aria-label="필터와 정렬"
              gap="3"
              p={{ base: '3', md: '4' }}
              bg="bg.subtle"
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
            >
              <ChipGroup label="상태" options={CONDITION_FILTERS} value={filters.condition} onChange={(condition) => update({ condition })} testId="condition-filter" />
              <ChipGroup label="재고" options={AVAILABILITY_FILTERS} value={filters.availability} onChange={(availability) => update({ availability })} testId="availability-filter" />
              <Flex align="center" gap="2" justify="space-between" wrap="wrap">
                <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="model-count">
                  모델 {shown.length}개{filtered ? ` / 전체 ${models.length}개` : ''}
                </Text>
                <SortSelect value={filters.sort} options={BRAND_SORTS} onChange={(v) => update({ sort: toBrandSort(v) })} data-testid="brand-sort" />
              </Flex>
            </Stack>

            {shown.length === 0 ? (
              <CatalogueEmptyState title="조건에 맞는 모델이 없습니다" description="다른 상태나 재고 조건을 선택해 보세요." data-testid="brand-filter-empty">
                <Button variant="outline" mt="2" onClick={() => update({ condition: 'all', availability: 'all' })}>
                  필터 초기화
                </Button>
              </CatalogueEmptyState>
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={MODEL_COLUMNS} gap="4" data-testid="brand-models">
                {shown.map((v) => (
                  <Box as="li" key={v.model.id}>
                    <BrandModelCard view={v} />
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    );
  }

  return <PageFrame back={{ to: '/brands', label: '전체 브랜드' }}>{body}</PageFrame>;
}
