import { Box, Button, SimpleGrid, Skeleton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useCategories } from '../../shared/api/catalogue';
import { CategoryTile } from '../../shared/ui/CategoryTile';
import { SectionError } from './SectionError';
import { SectionHeader } from './SectionHeader';

/** Spec §9: 6 category skeletons while loading. */
export const CATEGORY_SKELETONS = 6;

/** Brand categories from GET /api/categories; each links to /category/{id}. */
export function CategoryGrid() {
  const categories = useCategories();
  return (
    <Box as="section" data-testid="category-grid" aria-labelledby="category-title">
      <SectionHeader
        id="category-title"
        title="브랜드·카테고리"
        subtitle="원하는 브랜드와 테마로 바로 찾아보세요"
        action={
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/brands">전체 브랜드 보기</RouterLink>
          </Button>
        }
      />
      {categories.isPending ? (
        <SimpleGrid columns={{ base: 3, md: 6 }} gap="3" aria-busy="true" aria-label="카테고리를 불러오는 중">
          {Array.from({ length: CATEGORY_SKELETONS }, (_, i) => (
            <Skeleton key={i} data-testid="category-skeleton" height={{ base: '28', md: '32' }} rounded="xl" />
          ))}
        </SimpleGrid>
      ) : categories.isError ? (
        <SectionError framed text="카테고리를 불러오지 못했습니다." onRetry={() => void categories.refetch()} />
      ) : (
        <SimpleGrid as="ul" columns={{ base: 3, md: 6 }} gap="3" listStyleType="none" m="0" p="0">
          {categories.data.map((category) => (
            <CategoryTile key={category.id} category={category} data-testid="category-item" />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
