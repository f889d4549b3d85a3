import { Badge, Box, chakra, EmptyState, Flex, Heading, LinkBox, LinkOverlay, List, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useProducts, type ProductDetail } from '../../shared/api/catalogue';
import { CONDITION_LABEL, formatMonthly, formatStorage, formatWon } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { PHOTO_BACKDROP, PhoneImage } from '../../shared/ui/PhoneImage';
import { NO_QUESTIONS, NO_REVIEWS, POLICY_SECTIONS, SPEC_LABELS } from './content';
import { isSameLine } from './same-line';

/** Listings fetched for the "carrier products" tab (one model line has at most a handful). */
const SAME_LINE_LIMIT = 50;

function Specs({ product }: { product: ProductDetail }) {
  const rows: [string, string][] = [
    ...SPEC_LABELS.map(([key, label]) => [label, product.specifications[key]] as [string, string]),
    ['저장 용량', formatStorage(product.storage)],
    ['상태', CONDITION_LABEL[product.condition]],
    ['통신사', product.carrier],
  ];
  return (
    <Stack gap="4">
      {product.description ? <Text color="fg.muted">{product.description}</Text> : null}
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '6.5rem 1fr', md: '10rem 1fr' }}
        borderTopWidth="1px"
        borderColor="border"
        fontSize="sm"
      >
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <chakra.dt bg="bg.muted" px="3" py="2.5" borderBottomWidth="1px" borderColor="border" fontWeight="medium">
              {label}
            </chakra.dt>
            <chakra.dd px="3" py="2.5" borderBottomWidth="1px" borderColor="border">
              {value || '-'}
            </chakra.dd>
          </Box>
        ))}
      </chakra.dl>
    </Stack>
  );
}

function CarrierProducts({ product }: { product: ProductDetail }) {
  const query = useProducts({ q: product.model, sort: 'priceAsc', limit: SAME_LINE_LIMIT });
  if (query.isPending) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label="통신사별 상품을 불러오는 중">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="16" rounded="lg" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <InlineLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const others = query.data.products.filter((p) => isSameLine(product, p));
  if (others.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Title>같은 모델의 다른 상품이 없습니다</EmptyState.Title>
          <EmptyState.Description>현재 이 모델은 이 상품만 판매 중입니다.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        같은 모델의 다른 용량·통신사·상태 상품 {others.length}개 (낮은 가격순)
      </Text>
      <List.Root as="ul" listStyle="none" gap="2" data-testid="carrier-products">
        {others.map((p) => (
          <List.Item key={p.id}>
            <LinkBox
              as="article"
              display="flex"
              alignItems="center"
              gap="3"
              p="3"
              borderWidth="1px"
              borderColor="border"
              rounded="lg"
              bg="bg.panel"
              _hover={{ borderColor: 'brand.border' }}
              width="100%"
            >
              <Box flexShrink={0} width="12" height="16" overflow="hidden" rounded="md" style={{ backgroundColor: PHOTO_BACKDROP }}>
                <PhoneImage src={p.img} alt="" brand={p.brand} width={48} height={64} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              </Box>
              <Box flex="1" minW="0">
                <LinkOverlay asChild>
                  <RouterLink to={`/product/${encodeURIComponent(p.id)}`}>
                    <Text fontWeight="semibold" lineClamp={2}>
                      {p.name}
                    </Text>
                  </RouterLink>
                </LinkOverlay>
                <Flex gap="1.5" mt="1" wrap="wrap">
                  <Badge colorPalette="brand" variant="subtle">
                    {p.carrier}
                  </Badge>
                  <Badge variant="outline">{formatStorage(p.storage)}</Badge>
                  <Badge variant="outline">{CONDITION_LABEL[p.condition]}</Badge>
                </Flex>
              </Box>
              <Box textAlign="end" flexShrink={0}>
                <Text fontWeight="bold">{formatWon(p.price)}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatMonthly(p.monthly)}
                </Text>
              </Box>
            </LinkBox>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

function Empty({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function Policy() {
  return (
    <Stack gap="5">
      {POLICY_SECTIONS.map((section) => (
        <Box key={section.title}>
          <Heading as="h3" size="sm" mb="2">
            {section.title}
          </Heading>
          <List.Root gap="1" ps="5" color="fg.muted" fontSize="sm">
            {section.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        </Box>
      ))}
    </Stack>
  );
}

/** Lower tabs: specs, carrier products, reviews, Q&A, shipping/exchange/return policy. */
export function ProductInfoTabs({ product }: { product: ProductDetail }) {
  return (
    <Box as="section" aria-label="상품 상세 정보">
      <Tabs.Root defaultValue="specs" variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }}>
          <Tabs.Trigger value="specs" flexShrink={0}>
            상품 정보
          </Tabs.Trigger>
          <Tabs.Trigger value="carriers" flexShrink={0}>
            통신사별 상품
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" flexShrink={0}>
            리뷰
          </Tabs.Trigger>
          <Tabs.Trigger value="qna" flexShrink={0}>
            Q&amp;A
          </Tabs.Trigger>
          <Tabs.Trigger value="policy" flexShrink={0}>
            배송/교환/반품
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="specs">
          <Specs product={product} />
        </Tabs.Content>
        <Tabs.Content value="carriers">
          <CarrierProducts product={product} />
        </Tabs.Content>
        <Tabs.Content value="reviews">
          <Empty title={NO_REVIEWS} description="리뷰가 등록되면 이곳에 표시됩니다." />
        </Tabs.Content>
        <Tabs.Content value="qna">
          <Empty title={NO_QUESTIONS} description="문의가 등록되면 이곳에 표시됩니다." />
        </Tabs.Content>
        <Tabs.Content value="policy">
          <Policy />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
