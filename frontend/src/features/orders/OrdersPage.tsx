import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { reviewFormPath, type OrderListItem } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useOrderPushes } from '../../shared/api/orders';
import { formatDateTime, formatWon } from '../../shared/format';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { useOrders } from './api/orders';
import { CancelOrderButton, ConfirmOrderButton, ConfirmReceiptButton, ReturnRequestButton } from './OrderActions';
import { carrierBillEnded, refundOf } from './figures';
import { CancellationNote, SignInFirst, StatusBadge, refundText } from './parts';
import { TrackingLink } from './tracking';

/** An order in the buyer's lists (주문 내역, 마이쇼핑): its number, status, 오늘 결제 and 매월 통신사 청구, and what the buyer may do now. */
export function OrderCard({ order }: { order: OrderListItem }) {
  const first = order.items[0];
  const title = order.items.length > 1 ? `${first?.name} 외 ${order.items.length - 1}건` : first?.name;
  const refund = refundOf(order);
  // 판매자 취소 (s59): the buyer reads why without opening the order.
  const noteShown = order.cancellation !== null && order.cancellation.by !== 'buyer';
  return (
    <Stack data-testid="order-card" gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap"><StatusBadge status={order.status} label={order.statusLabel} /><Text fontSize="sm" color="fg.muted">{formatDateTime(order.createdAt)}</Text></HStack>
        <Button asChild size="xs" variant="ghost" ms="auto"><RouterLink to={`/orders/${encodeURIComponent(order.id)}`}>상세 보기</RouterLink></Button>
      </Flex>
      <Flex gap="3" align="center">
        {first ? <Box w="16" h="16" flexShrink={0} overflow="hidden"><PhoneImage style={{ width: '100%', height: '100%', objectFit: 'contain' }} src={first.image} alt={first.name} brand={first.brand} sizes="64px" /></Box> : null}
        {/* On a phone the total goes under the name, so '외 N건' is not cut off. */}
        <Flex flex="1" minW="0" gap="1" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
          <Stack gap="0" flex="1" minW="0">
            <Text fontSize="xs" color="fg.muted">주문번호 <Text as="span" data-testid="order-number">{order.orderNumber}</Text></Text>
            <Text fontWeight="semibold" lineClamp={1}>{title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {order.activation?.method === 'visit' ? `매장 수령 · ${order.pickup?.storeName ?? '판매 매장'}` : `받는 분 ${order.shipping.recipient} · ${order.shipping.address}`}
            </Text>
            {order.trackingNumber ? <TrackingLink courier={order.courier} trackingNumber={order.trackingNumber} /> : null}
          </Stack>
          <Stack gap="0" align={{ base: 'start', sm: 'end' }} flexShrink={0}>
            <Text fontWeight="bold" data-testid="order-pay-now">오늘 결제 {formatWon(order.amounts.payNow)}</Text>
            {/* What went back (s60), unless the seller's or admin's cancel note below says it already. */}
            {refund && refund.amount > 0 && !noteShown ? <Text fontSize="sm" color="red.fg" data-testid="order-card-refund">{refundText(refund)}</Text> : null}
            {/* A returned or cancelled order's line is no more: nothing is billed monthly. */}
            {order.amounts.monthlyCarrier > 0 && !carrierBillEnded(order.status) ? <Text fontSize="sm" color="fg.muted" data-testid="order-monthly">매월 통신사 청구 {formatWon(order.amounts.monthlyCarrier)}</Text> : null}
          </Stack>
        </Flex>
      </Flex>
      {noteShown ? <CancellationNote order={order} /> : null}
      {order.cancellable || order.reviewable || order.confirmable || order.returnable || order.receivable ? (
        <HStack justify="end" gap="2" wrap="wrap">
          {order.receivable ? <ConfirmReceiptButton order={order} /> : null}
          {order.confirmable ? <ConfirmOrderButton order={order} /> : null}
          {order.returnable ? <ReturnRequestButton order={order} /> : null}
          {order.cancellable ? <CancelOrderButton order={order} /> : null}
          {order.reviewable && first ? (
            <Button asChild data-testid="write-review" size="sm" colorPalette="brand"><RouterLink to={reviewFormPath(first.modelId, order.id)}>리뷰 작성</RouterLink></Button>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}

/** 주문 내역: the account's orders, newest first (spec §4: cancel while cancellable, review once delivered). */
export default function OrdersPage() {
  useDocumentTitle('주문 내역');
  const { isAuthenticated, isLoading } = useSession();
  const orders = useOrders(isAuthenticated);
  // Each step the server tells the buyer of (a notification about one of their orders) reads the list again.
  useOrderPushes();
  if ((!isAuthenticated && !isLoading) || (orders.isError && isApiError(orders.error, 401))) return <SignInFirst title="주문 내역" line="로그인하면 주문 내역을 볼 수 있어요." back="/orders" />;
  return (
    <Box maxW="4xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="xl" mb="4">주문 내역</Heading>
      {orders.isPending ? <Stack gap="3">{[0, 1, 2].map((i) => <Skeleton key={i} h="32" rounded="lg" />)}</Stack> : null}
      {orders.isError ? <Text color="red.fg">{describeError(orders.error)}</Text> : null}
      {orders.data && orders.data.orders.length === 0 ? (
        <Stack data-testid="orders-empty" p="10" gap="4" align="center" textAlign="center">
          <Text color="fg.muted">주문 내역이 없습니다.</Text>
          <Button asChild colorPalette="brand"><RouterLink to="/">쇼핑하러 가기</RouterLink></Button>
        </Stack>
      ) : null}
      <Stack gap="3">{orders.data?.orders.map((o) => <OrderCard key={o.id} order={o} />)}</Stack>
    </Box>
  );
}
