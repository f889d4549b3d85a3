import { useState } from 'react';
import { Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_CANCELLED_BY_LABELS, type OrderListItem } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { AdminGate } from '../../shared/auth/AdminGate';
import { formatDateTime, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';
import { useAdminOrders } from './api/orders';
import { carrierBillEnded, refundOf } from './figures';
import { MoveOn, OrderStatusSelect, refundText, StatusBadge } from './parts';
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

/**
 * 주문 관리 (admin): every order, newest first, by its number; moves any order on (개통 included), decides 교환/반품
 * (a seller does both for their own from 배송 관리), and 관리자 취소 before it ships (s59: the seller's dialog and
 * route; the buyer hears '관리자 취소' with the reason; an order of two sellers is only the admin's to cancel).
 */
export default function AdminOrdersPage() {
  useDocumentTitle('주문 관리');
  return <AdminGate><AdminOrders /></AdminGate>;
}

function AdminOrders() {
  const [status, setStatus] = useState('');
  const orders = useAdminOrders(status);
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Flex justify="space-between" align="center" mb="4" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">주문 관리</Heading>
        <OrderStatusSelect value={status} onChange={setStatus} />
      </Flex>
      {orders.isPending ? <Skeleton h="40" /> : null}
      {orders.isError ? <Text color="red.fg">{describeError(orders.error)}</Text> : null}
      {orders.data ? (
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header><Table.Row>
              <Table.ColumnHeader>주문번호</Table.ColumnHeader><Table.ColumnHeader>주문일시</Table.ColumnHeader><Table.ColumnHeader>구매자</Table.ColumnHeader><Table.ColumnHeader>상품</Table.ColumnHeader>
              <Table.ColumnHeader>오늘 결제</Table.ColumnHeader><Table.ColumnHeader>매월 통신사 청구</Table.ColumnHeader><Table.ColumnHeader>상태</Table.ColumnHeader><Table.ColumnHeader>처리</Table.ColumnHeader>
            </Table.Row></Table.Header>
            <Table.Body>
              {orders.data.orders.map((o) => (
                <Table.Row key={o.id} data-testid="admin-order" data-order-id={o.id}>
                  <Table.Cell whiteSpace="nowrap" data-testid="order-number">{o.orderNumber}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(o.createdAt)}</Table.Cell>
                  <Table.Cell>{o.buyerName}</Table.Cell>
                  <Table.Cell><RouterLink to={`/orders/${encodeURIComponent(o.id)}`}>{o.items[0]?.name}{o.items.length > 1 ? ` 외 ${o.items.length - 1}건` : ''}</RouterLink></Table.Cell>
                  <Table.Cell whiteSpace="nowrap" data-testid="admin-order-pay-now"><PaidToday order={o} /></Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{o.amounts.monthlyCarrier > 0 && !carrierBillEnded(o.status) ? formatWon(o.amounts.monthlyCarrier) : '-'}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={o.status} label={o.statusLabel} />
                    {/* Who cancelled it and why (s59), as the order's page says it. */}
                    {o.cancellation ? <Text data-testid="admin-order-cancelled-by" fontSize="xs" color="fg.muted" mt="1" minW="40" maxW="48" whiteSpace="normal" wordBreak="keep-all">{ORDER_CANCELLED_BY_LABELS[o.cancellation.by]}: {o.cancellation.reason}</Text> : null}
                  </Table.Cell>
                  <Table.Cell minW="64">
                    {/* An admin takes a 교환/반품's steps as its seller would (승인, 회수, 검수). */}
                    {o.status === 'return_requested' || o.status === 'returning'
                      ? <ReturnList returns={o.returns.filter((r) => r.status !== 'rejected' && r.status !== 'refunded')} order={o} as="seller" />
                      : (
                        <Stack gap="2" align="start">
                          <MoveOn order={o} />
                          {o.cancellable ? <SellerCancelButton order={o} as="admin" /> : null}
                        </Stack>
                      )}
                  </Table.Cell>
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
