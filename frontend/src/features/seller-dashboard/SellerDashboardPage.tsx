import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { DISCOUNT_LABELS, OFFER_ACTIVE_LABELS, SELLER_STATUS_LABELS, UNLOCKED, isSellerProductOffer, type SellerOffer, type SellerOffers } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useSellerOrderPushes, useSellerOrders } from '../../shared/api/orders';
import { useSession } from '../../shared/auth/session';
import { formatMonthly, formatNumber, formatWon, SALES_FIGURE_LABEL } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useTabParam } from '../../shared/hooks/useTabParam';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { ShopReviewList } from '../../shared/ui/ShopReviewList';
import { StatGrid } from '../../shared/ui/StatGrid';
import { toaster } from '../../shared/ui/toaster';
import { ADD_OFFER_PARAM } from './addOfferParam';
import { useOfferStockLive, useSellerOffers, useSetOfferActive } from './api/sellerOffers';
import { ListOfferDialog } from './ListOfferDialog';
import { offerTitle } from './offerTitle';
import { PriceDialog } from './PriceDialog';
import { StockDialog } from './StockDialog';
import { SellerGate } from '../../shared/auth/SellerGate';
/** 견적 요청 (issue 25): its own chunk, loaded when the tab opens. */
const SellerQuotesTab = lazy(() => import('../../shared/quotes/SellerQuotesTab'));
import { isSoldOut, SoldOutBadge } from '../../shared/ui/SoldOut';
import { ShopBuybackPanel } from '../../shared/buyback/ShopBuybackPanel';
import { OwnProductsTab } from './OwnProductsTab';

function OfferRow({ offer, onEditPrice, onEditStock, locked }: { offer: SellerOffer; onEditPrice: () => void; onEditStock: () => void; locked: boolean }) {
  const setActive = useSetOfferActive();
  const toggle = () => {
    const active = !offer.active;
    setActive.mutate({ id: offer.id, active }, {
      onSuccess: () => toaster.success({ title: active ? '판매 재개' : '판매 중지', description: `${offer.name}: ${active ? OFFER_ACTIVE_LABELS.active : OFFER_ACTIVE_LABELS.inactive}` }),
      onError: (error) => toaster.error({ title: '상태 변경 실패', description: describeError(error) }),
    });
  };
  return (
    <Stack data-testid="seller-offer" data-offer-id={offer.id} gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" opacity={offer.active ? 1 : 0.85}>
      <Flex gap="3" align="center">
        <Box w="16" h="16" flexShrink={0} overflow="hidden">
          <PhoneImage style={{ width: '100%', height: '100%', objectFit: 'contain' }} src={offer.img} alt={offer.name} brand={offer.brand} sizes="64px" />
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={offer.active ? 'green' : 'gray'} data-testid="offer-status">{offer.active ? OFFER_ACTIVE_LABELS.active : OFFER_ACTIVE_LABELS.inactive}</Badge>
            {isSoldOut(offer.stock) ? <SoldOutBadge data-testid="offer-sold-out" /> : null}
            <Text fontSize="sm" color={isSoldOut(offer.stock) ? 'fg.error' : 'fg.muted'} data-testid="offer-stock">
              재고 {formatNumber(offer.stock)}대 · 판매 {formatNumber(offer.sold)}대
            </Text>
          </HStack>
          <Text fontWeight="semibold" lineClamp={2}>{offerTitle(offer)}</Text>
        </Stack>
      </Flex>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="2" fontSize="sm">
        <Box><Text as="dt" color="fg.muted">판매가</Text><Text as="dd" fontWeight="medium">{formatWon(offer.price)}</Text></Box>
        <Box><Text as="dt" color="fg.muted">추가지원금</Text><Text as="dd" fontWeight="medium" data-testid="offer-extra-subsidy">{offer.extraSubsidy > 0 ? `-${formatWon(offer.extraSubsidy)}` : formatWon(0)}</Text></Box>
        {/* A 자급제 (or used) unit has no carrier 할부: shoppers see what is paid today, so the seller does too (s59). */}
        {offer.carrier === UNLOCKED ? (
          <>
            <Box><Text as="dt" color="fg.muted">오늘 결제 금액</Text><Text as="dd" fontWeight="medium" data-testid="offer-pay-today">{formatWon(offer.principal)}</Text></Box>
            <Box><Text as="dt" color="fg.muted">결제</Text><Text as="dd" fontWeight="medium">통신사 할부 없음</Text></Box>
          </>
        ) : (
          <>
            <Box><Text as="dt" color="fg.muted">할부원금</Text><Text as="dd" fontWeight="medium">{formatWon(offer.principal)}</Text></Box>
            <Box><Text as="dt" color="fg.muted">월 납부금</Text><Text as="dd" fontWeight="medium" data-testid="offer-monthly">{formatMonthly(offer.monthlyTotal)}</Text></Box>
          </>
        )}
      </SimpleGrid>
      {/* Shoppers see this headline; which plan and 할인 방식 it is priced with, so the seller can read the 할부원금 (s62). */}
      {offer.headlineBasis ? (
        <Text fontSize="xs" color="fg.muted" data-testid="offer-headline-basis">
          구매자에게 보이는 최저가 기준: {offer.headlineBasis.planName} · {DISCOUNT_LABELS[offer.headlineBasis.discount]} · {offer.headlineBasis.months}개월 할부
        </Text>
      ) : null}
      <HStack justify="end" gap="2">
        {/* A 중고·리퍼 listing's stock is the listing's (its own tab); a catalogue offer's is set here. */}
        {isSellerProductOffer(offer.id) ? null : (
          <Button size="sm" variant={isSoldOut(offer.stock) ? 'solid' : 'outline'} colorPalette={isSoldOut(offer.stock) ? 'brand' : 'gray'} onClick={onEditStock} disabled={locked} data-testid="edit-stock">재고 수정</Button>
        )}
        <Button size="sm" variant="outline" onClick={onEditPrice} disabled={locked} data-testid="edit-price">가격 수정</Button>
        <Button size="sm" variant={offer.active ? 'outline' : 'solid'} colorPalette={offer.active ? 'gray' : 'brand'} loading={setActive.isPending} disabled={locked} onClick={toggle} data-testid="toggle-active">
          {offer.active ? '비활성으로 전환' : '활성으로 전환'}
        </Button>
      </HStack>
    </Stack>
  );
}

function ProductsTab({ data, onAdd, locked }: { data: SellerOffers; onAdd: () => void; locked: boolean }) {
  const [pricing, setPricing] = useState<SellerOffer | null>(null);
  const [stocking, setStocking] = useState<SellerOffer | null>(null);
  if (data.offers.length === 0) {
    return (
      <CatalogueEmptyState data-testid="seller-offers-empty" title="등록된 상품이 없습니다" description="첫 상품을 등록하면 이곳에서 가격과 판매 상태를 관리할 수 있습니다.">
        <Button colorPalette="brand" onClick={onAdd} disabled={locked}>상품 등록</Button>
      </CatalogueEmptyState>
    );
  }
  return (
    <Stack gap="3">
      {data.offers.map((o) => <OfferRow key={o.id} offer={o} locked={locked} onEditPrice={() => setPricing(o)} onEditStock={() => setStocking(o)} />)}
      <PriceDialog offer={pricing} onClose={() => setPricing(null)} />
      <StockDialog offer={stocking} onClose={() => setStocking(null)} />
    </Stack>
  );
}

function Summary({ data }: { data: SellerOffers }) {
  const stockOnSale = data.offers.filter((o) => o.active).reduce((sum, o) => sum + o.stock, 0);
  const figures: [string, string][] = [
    ['등록 상품', `${formatNumber(data.summary.total)}개`],
    ['판매 중', `${formatNumber(data.summary.active)}개`],
    ['판매 중지', `${formatNumber(data.summary.inactive)}개`],
    ['판매 중 재고', `${formatNumber(stockOnSale)}대`],
  ];
  return <StatGrid figures={figures} testId="seller-summary" />;
}

/**
 * 주문 현황 (issue 30): what waits for the seller (개통 and 발송, 교환/반품 requests) and what is on the
 * way; a new order, a cancel or a 교환/반품 request (the server notifies the seller) reads it again.
 */
function OrdersSummary({ enabled }: { enabled: boolean }) {
  const all = useSellerOrders('', enabled);
  const requests = useSellerOrders('return_requested', enabled);
  useSellerOrderPushes();
  const summary = all.data?.summary;
  if (!summary) return null;
  const returns = requests.data?.total ?? 0;
  const figures: [string, string][] = [
    ['발송 대기 (개통 포함)', `${formatNumber(summary.toShip)}건`],
    ['교환/반품 요청', `${formatNumber(returns)}건`],
    ['배송중', `${formatNumber(summary.shipped)}건`],
    [SALES_FIGURE_LABEL, formatWon(summary.sales)],
  ];
  return (
    <Stack gap="2" as="section" aria-label="주문 현황" data-testid="seller-orders-summary">
      <Flex justify="space-between" align="center" gap="2">
        <Heading as="h2" size="md">주문 현황</Heading>
        <Button asChild size="xs" variant={summary.toShip + returns > 0 ? 'solid' : 'outline'} colorPalette="brand"><RouterLink to="/shipping">배송 관리에서 처리</RouterLink></Button>
      </Flex>
      <StatGrid figures={figures} testId="seller-orders-figures" />
    </Stack>
  );
}

/** The dashboard's tabs; `?tab=` opens one, and follows the tab chosen. */
const DASHBOARD_TABS = ['products', 'own', 'quotes', 'analytics', 'shop-reviews', 'buyback', 'settings'] as const;

/**
 * On a phone the tab strip scrolls sideways: the tab opened by `?tab=` (a notification's link) is
 * brought into view in the strip only — never by scrolling the page.
 */
const showSelectedTab = (list: HTMLDivElement | null) => {
  const tab = list?.querySelector<HTMLElement>('[role=tab][aria-selected=true]');
  if (!list || !tab) return;
  const listBox = list.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
};

function Dashboard() {
  const { role, user } = useSession();
  const offers = useSellerOffers(role === 'seller');
  useOfferStockLive();
  // The 상품 등록 form's state is in the address, so /add-product can open it.
  const [params, setParams] = useSearchParams();
  // The tab open is in the address (`?tab=`): a refresh keeps it.
  const { tab, setTab } = useTabParam(DASHBOARD_TABS, 'products');
  const adding = params.get(ADD_OFFER_PARAM) === '1';
  const setAdding = (open: boolean) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (open) next.set(ADD_OFFER_PARAM, '1');
    else next.delete(ADD_OFFER_PARAM);
    return next;
  }, { replace: true });
  if (offers.isPending) return <Stack gap="3" role="status" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} h="28" />)}</Stack>;
  if (offers.isError) return <InlineLoadError error={offers.error} onRetry={() => void offers.refetch()} />;
  const { seller } = offers.data;
  const suspended = seller.status !== 'approved';
  return (
    <Stack gap="5">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h1" size="xl">셀러 대시보드</Heading>
          <HStack gap="2">
            <Text color="fg.muted">{seller.storeName}</Text>
            <Badge colorPalette={suspended ? 'red' : 'green'}>{SELLER_STATUS_LABELS[seller.status]}</Badge>
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline"><RouterLink to="/my-store">내 스토어</RouterLink></Button>
          <Button asChild variant="outline"><RouterLink to="/sales">판매 관리</RouterLink></Button>
          <Button asChild variant="outline"><RouterLink to="/shipping">배송 관리</RouterLink></Button>
          <Button colorPalette="brand" onClick={() => setAdding(true)} disabled={suspended} data-testid="add-offer">상품 등록</Button>
        </HStack>
      </Flex>
      <OrdersSummary enabled={role === 'seller' && !suspended} />
      {suspended ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>정지된 셀러는 상품을 등록하거나 수정할 수 없습니다. 고객센터에 문의해주세요.</Alert.Title>
        </Alert.Root>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit variant="line">
        <Tabs.List ref={showSelectedTab} overflowX="auto" overflowY="hidden" css={{ '& [role=tab]': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
          <Tabs.Trigger value="products">상품 관리</Tabs.Trigger>
          <Tabs.Trigger value="own" data-testid="seller-tab-own">중고·리퍼 상품</Tabs.Trigger>
          <Tabs.Trigger value="quotes" data-testid="seller-tab-quotes">견적 요청</Tabs.Trigger>
          <Tabs.Trigger value="analytics">분석</Tabs.Trigger>
          <Tabs.Trigger value="shop-reviews" data-testid="seller-tab-shop-reviews">매장 리뷰</Tabs.Trigger>
          <Tabs.Trigger value="buyback" data-testid="seller-tab-buyback">매입</Tabs.Trigger>
          <Tabs.Trigger value="settings">설정</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="products"><ProductsTab data={offers.data} locked={suspended} onAdd={() => setAdding(true)} /></Tabs.Content>
        <Tabs.Content value="own"><OwnProductsTab locked={suspended} /></Tabs.Content>
        <Tabs.Content value="quotes"><Suspense fallback={<Skeleton h="24" mt="4" />}><SellerQuotesTab locked={suspended} /></Suspense></Tabs.Content>
        <Tabs.Content value="analytics"><Summary data={offers.data} /></Tabs.Content>
        {/* Issue 41: the shop's figures from its buyers' reviews, and each review to answer once. */}
        <Tabs.Content value="shop-reviews">{user ? <ShopReviewList sellerId={user.id} /> : null}</Tabs.Content>
        <Tabs.Content value="buyback"><ShopBuybackPanel locked={suspended} /></Tabs.Content>
        <Tabs.Content value="settings">
          <Stack p="6" align="center" textAlign="center" gap="1" data-testid="seller-settings">
            <Text fontWeight="semibold">준비 중입니다</Text>
            <Text color="fg.muted" fontSize="sm">스토어 설정은 곧 제공될 예정입니다.</Text>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      <ListOfferDialog open={adding && !suspended} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/** /seller-dashboard: the signed-in seller's offers (활성/비활성 saved at once, 가격 수정, 재고 수정, 상품 등록, units left and sold live), their figures, and settings to come. */
export default function SellerDashboardPage() {
  useDocumentTitle('셀러 대시보드');
  return <PageFrame><SellerGate><Dashboard /></SellerGate></PageFrame>;
}
