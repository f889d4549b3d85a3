import { useState } from 'react';
import { Flex, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_CANCELLED_BY_LABELS, type OrderListItem } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { AdminGate } from '../../shared/auth/AdminGate';
import { formatDateTime, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMediaMatch } from '../../shared/hooks/useMediaMatch';
import { PageFrame } from '../../shared/ui/PageParts';
import { useAdminOrders } from './api/orders';
import { carrierBillEnded, refundOf } from './figures';
import { MoveOn, nextStep, OrderStatusSelect, refundText, StatusBadge } from './parts';
import { ReturnList } from './Returns';
import { SellerCancelButton } from './SellerCancel';

/** 오늘 결제 as paid; for a cancelled or returned order struck through, with what was refunded under it (`refundOf`, as on the order's page: 환불 완료 and when once recorded). */
function PaidToday({ order }: { order: OrderListItem }) {
  const refund = refundOf(order);
  if (!refund) return <>{formatWon(order.amounts.payNow)}</>;
  return (
    <Stack gap="0">
      <Text as="s" color="fg.muted">{formatWon(order.amounts.payNow)}</Text>
      <Text data-testid="admin-order-refund" color="red.fg">{refundText(refund)}</Text>
    </Stack>
  );
}

/** The order's lines as one link to its page: the first line's name, and how many more. */
function ItemsLink({ order }: { order: OrderListItem }) {
  return <RouterLink to={`/orders/${encodeURIComponent(order.id)}`}>{order.items[0]?.name}{order.items.length > 1 ? ` 외 ${order.items.length - 1}건` : ''}</RouterLink>;
}

/** 매월 통신사 청구 while the order stands; '-' for none, or once cancelled or returned. */
const monthlyText = (o: OrderListItem) => (o.amounts.monthlyCarrier > 0 && !carrierBillEnded(o.status) ? formatWon(o.amounts.monthlyCarrier) : '-');

/** Who cancelled it and why (s59), as the order's page says it. */
function CancelledBy({ order }: { order: OrderListItem }) {
  if (!order.cancellation) return null;
  return <Text data-testid="admin-order-cancelled-by" fontSize="xs" color="fg.muted" mt="1" whiteSpace="normal" wordBreak="keep-all">{ORDER_CANCELLED_BY_LABELS[order.cancellation.by]}: {order.cancellation.reason}</Text>;
}

/** What an admin does with the order now: a 교환/반품's steps as its seller would (승인, 회수, 검수), else the next step and 관리자 취소. */
function AdminActions({ order }: { order: OrderListItem }) {
  if (order.status === 'return_requested' || order.status === 'returning') {
    return <ReturnList returns={order.returns.filter((r) => r.status !== 'rejected' && r.status !== 'refunded')} order={order} as="seller" />;
  }
  return (
    <Stack gap="2" align="start">
      <MoveOn order={order} />
      {order.cancellable ? <SellerCancelButton order={order} as="admin" /> : null}
    </Stack>
  );
}

const hasActions = (o: OrderListItem) => o.status === 'return_requested' || o.status === 'returning' || nextStep(o) !== null || o.cancellable;

/**
 * One order on a phone (s60: the table scrolled sideways inside its box at 375 px, with 처리 at its far end): a card
 * as a seller's order is on 배송 관리, with the same figures and actions as the table's row, nothing wider than the screen.
 */
function AdminOrderCard({ order }: { order: OrderListItem }) {
  return (
    <Stack data-testid="admin-order" data-order-id={order.id} gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" minW="0">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap">
          <StatusBadge status={order.status} label={order.statusLabel} />
          <Text fontSize="sm" color="fg.muted">{formatDateTime(order.createdAt)}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">주문번호 <Text as="span" data-testid="order-number" color="fg" fontWeight="semibold">{order.orderNumber}</Text></Text>
      </Flex>
      <Stack gap="1">
        <ItemsLink order={order} />
        <Text fontSize="sm" color="fg.muted">구매자 {order.buyerName}</Text>
        <CancelledBy order={order} />
      </Stack>
      <Stack gap="1" fontSize="sm" borderTopWidth="1px" pt="3">
        <Flex justify="space-between" align="start" gap="3">
          <Text color="fg.muted" flexShrink={0}>오늘 결제</Text>
          <Stack gap="0" textAlign="end" fontWeight="semibold" data-testid="admin-order-pay-now"><PaidToday order={order} /></Stack>
        </Flex>
        <Flex justify="space-between" gap="3">
          <Text color="fg.muted" flexShrink={0}>매월 통신사 청구</Text>
          <Text fontWeight="semibold">{monthlyText(order)}</Text>
        </Flex>
      </Stack>
      {/* Nothing to do (a cancelled, delivered or returned order): no empty row of actions. */}
      {hasActions(order) ? <AdminActions order={order} /> : null}
    </Stack>
  );
}

/**
 * From Chakra's `lg` up the orders are a table; below it, cards (s60-h4: the narrowest the table's columns go, with
 * 처리's 택배사 and 송장번호 side by side, is about 825 px; at 768 px the page has 720).
 */
const WIDE = '(min-width: 1024px)';

/**
 * 주문 관리 (admin): every order, newest first, by its number; moves any order on (개통 included), decides 교환/반품
 * (a seller does both for their own from 배송 관리), and 관리자 취소 before it ships (s59: the seller's dialog and
 * route; the buyer hears '관리자 취소' with the reason; an order of two sellers is only the admin's to cancel).
 * On a phone or a tablet each order is a card (s60), so every figure and action is on the screen without a sideways
 * scroll; from 1024 px the table fits its box (s60-h4).
 */
export default function AdminOrdersPage() {
  useDocumentTitle('주문 관리');
  return <AdminGate><AdminOrders /></AdminGate>;
}

function AdminOrders() {
  const [status, setStatus] = useState('');
  const orders = useAdminOrders(status);
  // s62: the server's page (and the browser while it hydrates it) has both, the one that does not fit the screen hidden
  // by CSS, so a phone paints the cards at once; once the width is known, only that markup (one set of ids and dialogs).
  const wide = useMediaMatch(WIDE);
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Flex justify="space-between" align="center" mb="4" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">주문 관리</Heading>
        <OrderStatusSelect value={status} onChange={setStatus} />
      </Flex>
      {orders.isPending ? <Skeleton h="40" /> : null}
      {orders.isError ? <Text color="red.fg">{describeError(orders.error)}</Text> : null}
      {orders.data && wide !== true ? (
        <Stack gap="3" data-testid="admin-order-cards" hideFrom="lg">{orders.data.orders.map((o) => <AdminOrderCard key={o.id} order={o} />)}</Stack>
      ) : null}
      {orders.data && wide !== false ? (
        <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="lg">
          {/* s60-h4: fits from 1024 px without a sideways scroll: 주문일시 under the number, 구매자 under the item, the refund
              under what was paid, each wrapping by words (keep-all; the scroll area says nowrap); 처리 keeps the room its 택배사 and 송장번호 need. */}
          <Table.Root size="sm" whiteSpace="normal" wordBreak="keep-all">
            <Table.Header><Table.Row>
              <Table.ColumnHeader>주문번호 · 일시</Table.ColumnHeader><Table.ColumnHeader>상품 · 구매자</Table.ColumnHeader>
              <Table.ColumnHeader>오늘 결제</Table.ColumnHeader><Table.ColumnHeader>매월 통신사 청구</Table.ColumnHeader><Table.ColumnHeader>상태</Table.ColumnHeader><Table.ColumnHeader>처리</Table.ColumnHeader>
            </Table.Row></Table.Header>
            <Table.Body>
              {orders.data.orders.map((o) => (
                <Table.Row key={o.id} data-testid="admin-order" data-order-id={o.id} verticalAlign="top">
                  <Table.Cell>
                    <Text data-testid="order-number" whiteSpace="nowrap">{o.orderNumber}</Text>
                    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">{formatDateTime(o.createdAt)}</Text>
                  </Table.Cell>
                  <Table.Cell minW="28">
                    <ItemsLink order={o} />
                    <Text fontSize="xs" color="fg.muted">구매자 {o.buyerName}</Text>
                  </Table.Cell>
                  <Table.Cell data-testid="admin-order-pay-now" minW="24"><PaidToday order={o} /></Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{monthlyText(o)}</Table.Cell>
                  <Table.Cell minW="28">
                    <StatusBadge status={o.status} label={o.statusLabel} />
                    {/* Its width capped: a long reason wraps here instead of taking the item's and 처리's room. */}
                    {o.cancellation ? <Stack maxW="52"><CancelledBy order={o} /></Stack> : null}
                  </Table.Cell>
                  <Table.Cell w="19rem" minW="19rem"><AdminActions order={o} /></Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {orders.data?.orders.length === 0 ? <Text p="6" textAlign="center" color="fg.muted">주문이 없습니다.</Text> : null}
    </PageFrame>
  );
}
