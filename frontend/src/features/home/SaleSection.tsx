import { Box, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useModels } from '../../shared/api/models';
import { ModelCard } from '../../shared/ui/ModelCard';
import { SectionError } from './SectionError';
import { SectionHeader } from './SectionHeader';

/** Spec §9: the new-phone sale shows 4 products. */
export const SALE_COUNT = 4;

/**
 * 신상품 특가: the 4 newest new-condition models released in the last 6 months, each at its real
 * lowest offer (issue 10: one price everywhere — no made-up 85% sale price that no seller sells at).
 */
export function SaleSection() {
  const models = useModels({ chip: '신상품', condition: 'new', sort: 'new', limit: SALE_COUNT });
  const items = models.data?.models ?? [];

  return (
    <Box as="section" data-testid="sale-section" aria-labelledby="sale-title">
      <SectionHeader id="sale-title" title="신상품 특가" subtitle="새로 나온 휴대폰, 판매처 최저가로 만나보세요" />
      {models.isPending ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }} aria-busy="true">
          {Array.from({ length: SALE_COUNT }, (_, i) => <Skeleton key={i} height={{ base: '72', md: '96' }} rounded="xl" />)}
        </SimpleGrid>
      ) : models.isError ? (
        <SectionError framed text="특가 상품을 불러오지 못했습니다." onRetry={() => void models.refetch()} />
      ) : items.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">지금은 특가 상품이 없습니다.</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }} listStyleType="none" m="0" p="0">
          {items.map((model) => (
            <Box as="li" key={model.id} data-testid="sale-card"><ModelCard model={model} /></Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
