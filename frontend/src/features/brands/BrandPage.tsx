import { Box, Button, EmptyState, Flex, Heading, Link, NativeSelect, SimpleGrid, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useBrandCatalogue } from '../../shared/api/catalogue';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { AlertIcon, PhoneIcon } from '../../shared/ui/icons';
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

function CenterState({ title, description, children, testId }: { title: string; description?: string; children?: React.ReactNode; testId?: string }) {
  return (
    <EmptyState.Root data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <PhoneIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** /brand/:brand — a brand's static catalogue with condition/availability filters and sorts (spec §2). */
export default function BrandPage() {
  const { brand = '' } = useParams();
  const catalogue = useBrandCatalogue(brand);
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const sortId = useId();

  const data = catalogue.data;
  useDocumentTitle(data ? `${data.brand.nameKo} (${data.brand.name})` : catalogue.isError ? NOT_FOUND : '브랜드');

  const update = (patch: Partial<BrandFilters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams(params);
    for (const key of ['condition', 'availability', 'sort'] as const) {
      if (next[key] === DEFAULT_FILTERS[key]) out.delete(key);
      else out.set(key, next[key]);
    }
    setParams(out, { replace: true });
  };

  const backLink = (
    <Link asChild color="fg.muted" fontSize="sm" mb="4" display="inline-block">
      <RouterLink to="/brands">← 전체 브랜드</RouterLink>
    </Link>
  );

  let body: React.ReactNode;
  if (isApiError(catalogue.error, 404) || !brand) {
    body = (
      <Stack as="section" gap="4" align="center" textAlign="center" py={{ base: '12', md: '20' }} data-testid="brand-not-found">
        <Box color="fg.muted" aria-hidden="true">
          <AlertIcon boxSize="10" />
        </Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {NOT_FOUND}
        </Heading>
        <Text color="fg.muted">주소를 확인하거나 전체 브랜드 목록에서 다시 선택해 주세요.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/brands">전체 브랜드 보기</RouterLink>
        </Button>
      </Stack>
    );
  } else if (catalogue.isPending) {
    body = (
      <Stack gap="6" role="status" aria-busy="true">
        <Box as="span" srOnly>
          브랜드 상품을 불러오는 중...
        </Box>
        <Skeleton height="20" rounded="xl" />
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height="72" rounded="xl" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  } else if (catalogue.isError) {
    body = (
      <Stack role="alert" gap="3" align="center" textAlign="center" py="12">
        <Heading as="h1" size="lg">
          브랜드 정보를 불러오지 못했습니다
        </Heading>
        <Text color="fg.muted">{describeError(catalogue.error)}</Text>
        <Button colorPalette="brand" onClick={() => void catalogue.refetch()}>
          다시 시도
        </Button>
      </Stack>
    );
  } else {
    const { brand: info, models } = catalogue.data;
    const shown = filterModels(models, filters);
    const filtered = filters.condition !== 'all' || filters.availability !== 'all';
    body = (
      <Stack gap={{ base: '5', md: '6' }}>
        <Flex as="header" gap="4" align="center" wrap="wrap">
          <BrandLogo src={info.logo} w={{ base: '20', md: '28' }} h={{ base: '10', md: '14' }} />
          <Stack gap="1" minW="0" flex="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              {info.nameKo}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal" fontSize={{ base: 'md', md: 'lg' }}>
                {info.name}
              </Text>
            </Heading>
            {info.description ? <Text color="fg.muted">{info.description}</Text> : null}
          </Stack>
        </Flex>

        {models.length === 0 ? (
          <CenterState title="등록된 모델이 없습니다" description={`${info.nameKo} 브랜드에는 아직 판매 중인 모델이 없습니다.`} testId="brand-empty">
            <Button asChild colorPalette="brand" variant="outline" mt="2">
              <RouterLink to="/brands">다른 브랜드 보기</RouterLink>
            </Button>
          </CenterState>
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
                <Flex align="center" gap="2">
                  <chakra.label htmlFor={sortId} fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                    정렬
                  </chakra.label>
                  <NativeSelect.Root size="sm" width="36">
                    <NativeSelect.Field id={sortId} value={filters.sort} onChange={(e) => update({ sort: toBrandSort(e.currentTarget.value) })} data-testid="brand-sort">
                      {BRAND_SORTS.map((s) => (
                        <option key={s.value} value={s.value}>
                          {s.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Flex>
              </Flex>
            </Stack>

            {shown.length === 0 ? (
              <CenterState title="조건에 맞는 모델이 없습니다" description="다른 상태나 재고 조건을 선택해 보세요." testId="brand-filter-empty">
                <Button variant="outline" mt="2" onClick={() => update({ condition: 'all', availability: 'all' })}>
                  필터 초기화
                </Button>
              </CenterState>
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="brand-models">
                {shown.map((m) => (
                  <Box as="li" key={m.id}>
                    <BrandModelCard model={m} brandName={info.name} />
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    );
  }

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '5', md: '8' }}>
      {backLink}
      {body}
    </Box>
  );
}
