import { useState } from 'react';
import { Box, Button, Flex, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useCategories, type Category } from '../../shared/api/catalogue';
import { PhoneIcon } from '../../shared/ui/icons';
import { SectionHeader } from './SectionHeader';

/** Spec §9: 6 category skeletons while loading. */
export const CATEGORY_SKELETONS = 6;

function CategoryLogo({ category }: { category: Category }) {
  const [failed, setFailed] = useState(false);
  return (
    <Flex boxSize={{ base: '14', md: '16' }} align="center" justify="center" rounded="xl" overflow="hidden" bg="bg.muted" color="fg.muted">
      {failed ? (
        <PhoneIcon boxSize="7" data-testid="category-fallback-icon" />
      ) : (
        <img src={category.img} alt="" width={64} height={64} loading="lazy" decoding="async" onError={() => setFailed(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
    </Flex>
  );
}

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
        <Box role="alert" textAlign="center" py="6" bg="bg.panel" borderWidth="1px" rounded="xl">
          <Text color="fg.muted" mb="3">
            카테고리를 불러오지 못했습니다.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void categories.refetch()}>
            다시 시도
          </Button>
        </Box>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 3, md: 6 }} gap="3" listStyleType="none" m="0" p="0">
          {categories.data.map((category) => (
            <Box
              position="relative"
              as="li"
              key={category.id}
              data-testid="category-item"
              display="flex"
              flexDirection="column"
              alignItems="center"
              gap="2"
              py="4"
              px="2"
              bg="bg.panel"
              borderWidth="1px"
              rounded="xl"
              textAlign="center"
              _hover={{ borderColor: 'brand.border', shadow: 'sm' }}
              transition="border-color 0.15s, box-shadow 0.15s"
            >
              <CategoryLogo category={category} />
              <Box asChild css={{ '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 } }}>
                <RouterLink to={`/category/${encodeURIComponent(category.id)}`}>
                  <Text as="span" fontWeight="semibold" fontSize="sm">
                    {category.label}
                  </Text>
                </RouterLink>
              </Box>
              <Text fontSize="xs" color="fg.muted">
                {category.count}개 상품
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
