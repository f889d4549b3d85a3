import { Badge, Box, Heading, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useBrands } from '../../shared/api/catalogue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { GridSkeleton, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { BrandLogo } from './BrandLogo';
import { CardLinkBox } from './CardLinkBox';

const BRAND_COLUMNS = { base: 1, sm: 2, lg: 3 };

/** /brands — every brand with logo, Korean and English name and model count (spec §2). */
export default function BrandsPage() {
  useDocumentTitle('브랜드');
  const brands = useBrands();

  return (
    <PageFrame back={{ to: '/', label: '홈으로' }}>
      <Stack gap="1" mb={{ base: '5', md: '8' }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          브랜드
        </Heading>
        <Text color="fg.muted">브랜드를 선택하면 해당 브랜드의 모델을 볼 수 있습니다.</Text>
      </Stack>

      {brands.isPending ? (
        <GridSkeleton label="브랜드를 불러오는 중..." columns={BRAND_COLUMNS} count={6} height="32" />
      ) : brands.isError ? (
        <InlineLoadError error={brands.error} onRetry={() => void brands.refetch()} />
      ) : brands.data.length === 0 ? (
        <Text color="fg.muted">등록된 브랜드가 없습니다.</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={BRAND_COLUMNS} gap="4" data-testid="brand-list">
          {brands.data.map((brand) => (
            <Box as="li" key={brand.id}>
              <CardLinkBox gap="4" alignItems="flex-start" p={{ base: '4', md: '5' }} data-testid="brand-card">
                <BrandLogo src={brand.logo} />
                <Stack gap="1" minW="0" flex="1">
                  <Heading as="h2" size="md">
                    <LinkOverlay asChild>
                      <RouterLink to={`/brand/${encodeURIComponent(brand.id)}`}>
                        {/* Korean only (issue 39): no 'Samsung'/'Apple' beside 삼성/애플. */}
                        {brand.nameKo}
                      </RouterLink>
                    </LinkOverlay>
                  </Heading>
                  <Badge alignSelf="start" variant={brand.modelCount > 0 ? 'subtle' : 'outline'} colorPalette={brand.modelCount > 0 ? 'brand' : 'gray'}>
                    모델 {brand.modelCount}개
                  </Badge>
                  {brand.description ? (
                    <Text fontSize="sm" color="fg.muted">
                      {brand.description}
                    </Text>
                  ) : null}
                </Stack>
              </CardLinkBox>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
