import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { WishlistItem } from '@phonemarket/contracts';
import { useSession } from '../../shared/auth/session';
import { useToggleWishlist, useWishlist } from '../../shared/api/wishlist';
import { formatDate, formatNumber, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { useCoupons, useOrders, usePoints, useRecentlyViewed } from './api/orders';
import { OrderCard } from './OrdersPage';
import { SignInFirst } from './parts';

function ModelRow({ item, onRemove }: { item: WishlistItem; onRemove?: () => void }) {
  return (
    <Flex data-testid="model-row" data-available={item.available} gap="3" p="3" borderWidth="1px" rounded="lg" align="center" opacity={item.available ? 1 : 0.6}>
      <Box w="14" h="14" flexShrink={0} overflow="hidden"><PhoneImage style={{ width: '100%', height: '100%', objectFit: 'contain' }} src={item.image} alt={item.name} brand={item.brand} sizes="56px" /></Box>
      <Stack gap="0" flex="1" minW="0">
        {item.available ? <RouterLink to={`/product/${encodeURIComponent(item.productId)}`}><Text fontWeight="semibold" lineClamp={1}>{item.name}</Text></RouterLink> : <Text fontWeight="semibold">{item.name}</Text>}
        <Text fontSize="sm" color="fg.muted">{item.available && item.lowestPrice !== null ? `최저 ${formatWon(item.lowestPrice)}` : '판매 중인 상품이 없습니다'} · {formatDate(item.addedAt)}</Text>
      </Stack>
      {item.available ? null : <Badge>판매 종료</Badge>}
      {onRemove ? <Button size="xs" variant="outline" onClick={onRemove}>삭제</Button> : null}
    </Flex>
  );
}

/** 마이쇼핑 (spec §2): profile with real points and coupons, four counts, tabs 최근 주문 / 찜 / 최근 본 상품. */
export default function MyShoppingPage() {
  useDocumentTitle('마이쇼핑');
  const { user, isAuthenticated } = useSession();
  const orders = useOrders(isAuthenticated);
  const points = usePoints(isAuthenticated);
  const coupons = useCoupons(isAuthenticated);
  const wishlist = useWishlist(isAuthenticated);
  const recent = useRecentlyViewed(isAuthenticated);
  const toggle = useToggleWishlist();
  if (!isAuthenticated) return <SignInFirst title="마이쇼핑" line="로그인하면 주문, 찜, 포인트를 한눈에 볼 수 있어요." back="/my-shopping" />;
  const usableCoupons = coupons.data?.coupons.filter((c) => !c.used).length;
  const reviewed = orders.data?.orders.reduce((n, o) => n + o.items.filter((i) => i.reviewed).length, 0);
  const count = (v: number | undefined, unit: string) => (v === undefined ? <Skeleton h="6" w="10" /> : <Text fontSize="xl" fontWeight="bold">{formatNumber(v)}{unit}</Text>);
  return (
    <Box maxW="5xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Stack data-testid="profile-card" p="5" borderWidth="1px" rounded="xl" bg="bg.panel" mb="4" gap="1">
        <Heading as="h1" size="lg">{user ? `${user.lastName}${user.firstName}` : ''}님의 마이쇼핑</Heading>
        <HStack gap="4" color="fg.muted" fontSize="sm">
          <Text data-testid="points-balance">포인트 {points.data ? `${formatNumber(points.data.balance)} P` : '…'}</Text>
          <Text data-testid="coupon-count">쿠폰 {usableCoupons ?? '…'}장</Text>
          {/* Quote matching (issue 25): the buyer's requests and the offers on them. */}
          <Text color="brand.fg"><RouterLink to="/quotes" data-testid="my-quotes-link">내 견적 요청</RouterLink></Text>
          {/* Issue 42: the buyer's price alerts. */}
          <Text color="brand.fg"><RouterLink to="/me/alerts" data-testid="my-alerts-link">가격 알림</RouterLink></Text>
          <Text color="brand.fg"><RouterLink to="/my-shopping/addresses" data-testid="my-addresses-link">배송지 관리</RouterLink></Text>
        </HStack>
      </Stack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="6">
        {[
          ['주문', count(orders.data?.total, '건'), '/orders'],
          ['찜', count(wishlist.data?.items.length, '개'), null],
          ['리뷰', count(reviewed, '개'), null],
          ['포인트', count(points.data?.balance, ' P'), null],
        ].map(([label, value, to]) => (
          <Stack key={label as string} p="4" borderWidth="1px" rounded="lg" gap="1" align="center" textAlign="center">
            <Text color="fg.muted" fontSize="sm">{to ? <RouterLink to={to as string}>{label as string}</RouterLink> : (label as string)}</Text>
            {value}
          </Stack>
        ))}
      </SimpleGrid>
      <Tabs.Root defaultValue="orders" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="orders">최근 주문</Tabs.Trigger>
          <Tabs.Trigger value="wishlist">찜</Tabs.Trigger>
          <Tabs.Trigger value="recent">최근 본 상품</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="orders">
          <Stack gap="3">
            {orders.data?.orders.slice(0, 5).map((o) => <OrderCard key={o.id} order={o} />)}
            {orders.data?.orders.length === 0 ? <Text color="fg.muted" p="6" textAlign="center">주문 내역이 없습니다.</Text> : null}
            {orders.data && orders.data.total > 5 ? <Button asChild variant="outline"><RouterLink to="/orders">전체 주문 보기</RouterLink></Button> : null}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="wishlist">
          <Stack gap="3">
            {wishlist.data?.items.map((i) => <ModelRow key={i.productId} item={i} onRemove={() => toggle.mutate({ productId: i.productId, wished: false })} />)}
            {wishlist.data?.items.length === 0 ? <Text color="fg.muted" p="6" textAlign="center">찜한 상품이 없습니다.</Text> : null}
            {/* Issue 42 §4: the 찜 side by side (the first four). */}
            {(wishlist.data?.items.length ?? 0) >= 2 ? (
              <Button asChild size="sm" variant="outline" alignSelf="start" data-testid="wishlist-compare">
                <RouterLink to={`/compare?models=${wishlist.data!.items.slice(0, 4).map((i) => encodeURIComponent(i.productId)).join(',')}`}>찜한 모델 비교하기</RouterLink>
              </Button>
            ) : null}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="recent">
          <Stack gap="3">
            {recent.data?.items.map((i) => <ModelRow key={i.productId} item={i} />)}
            {recent.data?.items.length === 0 ? <Text color="fg.muted" p="6" textAlign="center">최근 본 상품이 없습니다.</Text> : null}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
