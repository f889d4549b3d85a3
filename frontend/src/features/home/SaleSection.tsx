import { Box, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useProducts, type Product } from '../../shared/api/catalogue';
import { ProductCard } from '../../shared/ui/ProductCard';
import { SectionError } from './SectionError';
import { SectionHeader } from './SectionHeader';

/** Spec §9: the new-phone sale shows 4 products. */
export const SALE_COUNT = 4;
/** Newest products fetched to find the new-phone (isNew) ones. */
const SALE_FETCH_LIMIT = 40;

/** The newest `isNew` products first, topped up with other brand-new (condition 'new') ones. */
export function pickSaleProducts(products: readonly Product[], count = SALE_COUNT): Product[] {
  const picked = products.filter((p) => p.isNew);
  if (picked.length < count) {
    for (const p of products) {
      if (picked.length >= count) break;
      if (!p.isNew && p.condition === 'new') picked.push(p);
    }
  }
  return picked.slice(0, count);
}

/** 신상품 특가: 4 new phones with the sale price (85%) next to the struck original. */
export function SaleSection() {
  const products = useProducts({ sort: 'new', limit: SALE_FETCH_LIMIT });
  const items = products.data ? pickSaleProducts(products.data.products) : [];

  return (
    <Box as="section" data-testid="sale-section" aria-labelledby="sale-title">
      <SectionHeader id="sale-title" title="신상품 특가" subtitle="새로 나온 휴대폰을 15% 할인된 특가로 만나보세요" />
      {products.isPending ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }} aria-busy="true">
          {Array.from({ length: SALE_COUNT }, (_, i) => (
            <Skeleton key={i} height={{ base: '72', md: '96' }} rounded="xl" />
          ))}
        </SimpleGrid>
      ) : products.isError ? (
        <SectionError framed text="특가 상품을 불러오지 못했습니다." onRetry={() => void products.refetch()} />
      ) : items.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          지금은 특가 상품이 없습니다.
        </Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }} listStyleType="none" m="0" p="0">
          {items.map((product) => (
            <Box as="li" key={product.id}>
              <ProductCard product={product} showSalePrice data-testid="sale-card" />
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
