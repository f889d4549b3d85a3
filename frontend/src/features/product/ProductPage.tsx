import { useEffect, useRef } from 'react';
import {
  Badge,
  Box,
  Breadcrumb,
  Button,
  Flex,
  Grid,
  Heading,
  List,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { PATHS, useBrands, useProduct, type ProductDetail } from '../../shared/api/catalogue';
import { apiFetch, isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { CONDITION_LABEL, formatDeals, formatMonthly, formatNumber, formatStorage, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { HomeIcon } from '../../shared/ui/icons';
import { PageFrame, PageNotFound } from '../../shared/ui/PageParts';
import { PHOTO_BACKDROP, PhoneImage } from '../../shared/ui/PhoneImage';
import { BENEFITS, NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE } from './content';
import { ProductInfoTabs } from './ProductInfoTabs';
import { PurchaseOptions } from './PurchaseOptions';
import { useWishlisted } from './wishlist';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

const viewAnswerSchema = z.object({ counted: z.boolean() });

/**
 * POST /api/products/{id}/views once per mount of a product (StrictMode-safe), sent once the
 * product has loaded (a missing product records nothing); failures are ignored. A counted view
 * refreshes the product so its view count includes this visit.
 */
function useRecordView(id: string | undefined, loaded: boolean) {
  const recorded = useRef<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!id || !loaded || recorded.current === id) return;
    recorded.current = id;
    apiFetch(PATHS.productViews(id), { method: 'POST', schema: viewAnswerSchema })
      .then((answer) => {
        if (answer.counted) void queryClient.invalidateQueries({ queryKey: [PATHS.product(id)], exact: true });
      })
      .catch(() => {
        // a view that was not counted is not the visitor's problem
      });
  }, [id, loaded, queryClient]);
}

function WishlistToggle({ id }: { id: string }) {
  const [wished, toggle] = useWishlisted(id);
  return (
    <Stack gap="1" align={{ base: 'stretch', sm: 'start' }}>
      <Button
        variant={wished ? 'solid' : 'outline'}
        colorPalette={wished ? 'red' : 'gray'}
        onClick={toggle}
        aria-pressed={wished}
        data-testid="wishlist-toggle"
      >
        <HeartIcon filled={wished} />
        {wished ? '찜 해제' : '찜하기'}
      </Button>
      <Text fontSize="xs" color="fg.muted">
        찜 목록은 이 브라우저에만 저장됩니다 (로컬 저장).
      </Text>
    </Stack>
  );
}

function ProductSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-live="polite">
      <Box as="span" srOnly>
        상품 정보를 불러오는 중...
      </Box>
      <Skeleton height="4" width="48" mb="6" />
      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '6', lg: '10' }}>
        <Skeleton height={{ base: '72', md: '96' }} rounded="2xl" />
        <Stack gap="4">
          <Skeleton height="6" width="40" />
          <Skeleton height="9" width="80%" />
          <SkeletonText noOfLines={2} />
          <Skeleton height="14" rounded="lg" />
          <Skeleton height="32" rounded="lg" />
          <Skeleton height="48" rounded="xl" />
        </Stack>
      </Grid>
    </Box>
  );
}

function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <PageNotFound
      title={NOT_FOUND_TITLE}
      description={NOT_FOUND_DESCRIPTION}
      link={{ to: '/', label: '홈으로 돌아가기', icon: <HomeIcon /> }}
      data-testid="product-not-found"
    />
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack as="section" role="alert" gap="4" align="center" textAlign="center" py={{ base: '12', md: '20' }}>
      <Heading as="h1" size="xl">
        상품 정보를 불러오지 못했습니다
      </Heading>
      <Text color="fg.muted">{describeError(error)}</Text>
      <Flex gap="2">
        <Button colorPalette="brand" onClick={onRetry}>
          다시 시도
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/">홈으로</RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  useDocumentTitle(product.name);
  const brands = useBrands();
  const brandKo = brands.data?.find((b) => b.id === product.brand.toLowerCase())?.nameKo;

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Breadcrumb.Root aria-label="현재 위치" size="sm">
        <Breadcrumb.List flexWrap="wrap">
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/">홈</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to={`/brand/${encodeURIComponent(product.brand)}`}>{brandKo ?? product.brand}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item minW="0">
            <Breadcrumb.CurrentLink truncate>{product.name}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>

      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '6', lg: '10' }} alignItems="start">
        <Box position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          <Box
            style={{ backgroundColor: PHOTO_BACKDROP }}
            rounded="2xl"
            p={{ base: '6', md: '10' }}
            display="flex"
            alignItems="center"
            justifyContent="center"
            aspectRatio={{ base: '4 / 3', lg: '4 / 5' }}
            overflow="hidden"
          >
            <PhoneImage
              src={product.img}
              alt={product.name}
              brand={product.brand}
              width={400}
              height={500}
              loading="eager"
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </Box>
        </Box>

        <Stack gap="5" minW="0">
          <Stack gap="2">
            <Flex gap="1.5" wrap="wrap">
              <Badge variant="solid" colorPalette={product.condition === 'new' ? 'brand' : product.condition === 'refurbished' ? 'teal' : 'orange'}>
                {CONDITION_LABEL[product.condition]}
              </Badge>
              {product.isNew ? <Badge colorPalette="green">신상품</Badge> : null}
              {product.isHot ? <Badge colorPalette="red">HOT</Badge> : null}
              {product.badges.map((b) => (
                <Badge key={b} variant="outline">
                  {b}
                </Badge>
              ))}
            </Flex>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="product-name">
              {product.name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {brandKo ?? product.brand} · {formatStorage(product.storage)} · {product.carrier} · 조회 {formatNumber(product.viewCount)}
            </Text>
            <Flex align="baseline" gap="3" wrap="wrap">
              <Text fontSize="xl" fontWeight="bold">
                판매가 {formatWon(product.price)}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                월 {formatMonthly(product.monthly)}
              </Text>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              판매자 <Text as="span" fontWeight="semibold" color="fg">{product.seller.name}</Text> · 평점 ★ {product.seller.rating.toFixed(1)} · 거래{' '}
              {formatDeals(product.seller.deals)}건
            </Text>
          </Stack>

          <WishlistToggle id={product.id} />

          <PurchaseOptions key={product.id} product={product} />

          <Box as="section" aria-labelledby="benefits-title" borderWidth="1px" borderColor="border" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel">
            <Heading as="h2" id="benefits-title" size="md" mb="3">
              추가 혜택
            </Heading>
            <List.Root listStyle="none" gap="2" fontSize="sm">
              {BENEFITS.map((b) => (
                <List.Item key={b} display="flex" alignItems="center" gap="2">
                  <Box color="green.fg" flexShrink={0}>
                    <CheckIcon />
                  </Box>
                  {b}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        </Stack>
      </Grid>

      <ProductInfoTabs product={product} />
    </Stack>
  );
}

/** /product/:id — product detail with options, price summary and info tabs (spec §2, §9). */
export default function ProductPage() {
  const { id } = useParams();
  const query = useProduct(id);
  useRecordView(id, query.isSuccess);

  let content;
  if (!id || isApiError(query.error, 404)) content = <NotFound />;
  else if (query.isPending) content = <ProductSkeleton />;
  else if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else content = <ProductDetailView product={query.data} />;

  return <PageFrame>{content}</PageFrame>;
}
