import { Badge, Box, Button, Heading, Link, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useBrands } from '../../shared/api/catalogue';
import { describeError } from '../../shared/api/errors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { BrandLogo } from './BrandLogo';

/** /brands — every brand with logo, Korean and English name and model count (spec §2). */
export default function BrandsPage() {
  useDocumentTitle('브랜드');
  const brands = useBrands();

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '5', md: '8' }}>
      <Link asChild color="fg.muted" fontSize="sm" mb="4" display="inline-block">
        <RouterLink to="/">← 홈으로</RouterLink>
      </Link>
      <Stack gap="1" mb={{ base: '5', md: '8' }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          브랜드
        </Heading>
        <Text color="fg.muted">브랜드를 선택하면 해당 브랜드의 모델을 볼 수 있습니다.</Text>
      </Stack>

      {brands.isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" role="status" aria-busy="true">
          <Box as="span" srOnly>
            브랜드를 불러오는 중...
          </Box>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height="32" rounded="xl" />
          ))}
        </SimpleGrid>
      ) : brands.isError ? (
        <Stack role="alert" gap="3" align="start">
          <Text color="fg.error">{describeError(brands.error)}</Text>
          <Button size="sm" variant="outline" onClick={() => void brands.refetch()}>
            다시 시도
          </Button>
        </Stack>
      ) : brands.data.length === 0 ? (
        <Text color="fg.muted">등록된 브랜드가 없습니다.</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="brand-list">
          {brands.data.map((brand) => (
            <Box as="li" key={brand.id}>
              <LinkBox
                as="article"
                display="flex"
                gap="4"
                alignItems="flex-start"
                h="full"
                p={{ base: '4', md: '5' }}
                bg="bg.panel"
                borderWidth="1px"
                borderColor="border"
                rounded="xl"
                transition="box-shadow 0.15s, border-color 0.15s"
                _hover={{ shadow: 'md', borderColor: 'brand.border' }}
                _focusWithin={{ borderColor: 'brand.border' }}
                data-testid="brand-card"
              >
                <BrandLogo src={brand.logo} />
                <Stack gap="1" minW="0" flex="1">
                  <Heading as="h2" size="md">
                    <LinkOverlay asChild>
                      <RouterLink to={`/brand/${encodeURIComponent(brand.id)}`}>
                        {brand.nameKo}{' '}
                        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
                          {brand.name}
                        </Text>
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
              </LinkBox>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
