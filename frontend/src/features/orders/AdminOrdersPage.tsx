import { useState } from 'react';
import { Button, Flex, Heading, HStack, Input, NativeSelect, Skeleton, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { COURIERS, ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderListItem, type OrderStatusUpdate } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { formatDateTime, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { useAdminOrders, useChangeOrderStatus } from './api/orders';
import { SignInFirst, StatusBadge } from './parts';

const NEXT: Partial<Record<OrderListItem['status'], OrderStatusUpdate>> = { paid: 'preparing', preparing: 'shipped', shipped: 'delivered' };

function MoveOn({ order }: { order: OrderListItem }) {
  const change = useChangeOrderStatus();
  const [courier, setCourier] = useState<string>(COURIERS[0]);
  const [tracking, setTracking] = useState('');
  const next = NEXT[order.status];
  if (!next) return <Text fontSize="sm" color="fg.muted">-</Text>;
  const submit = () => change.mutate(
    { id: order.id, change: next === 'shipped' ? { status: next, courier, trackingNumber: tracking.trim() } : { status: next } },
    {
      onSuccess: () => toaster.success({ title: `${ORDER_STATUS_LABELS[next]}(으)로 변경했습니다` }),
      onError: (e) => toaster.error({ title: '변경할 수 없습니다', description: describeError(e) }),
    },
  );
  return (
    <HStack gap="2" wrap="wrap">
      {next === 'shipped' ? (
        <>
          <NativeSelect.Root size="xs" w="28"><NativeSelect.Field aria-label="택배사" value={courier} onChange={(e) => setCourier(e.target.value)}>{COURIERS.map((c) => <option key={c}>{c}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
          <Input data-testid="tracking-number" size="xs" w="36" placeholder="송장번호" value={tracking} onChange={(e) => setTracking(e.target.value)} />
        </>
      ) : null}
      <Button data-testid={`move-${next}`} size="xs" colorPalette="brand" loading={change.isPending} onClick={submit}>{ORDER_STATUS_LABELS[next]}</Button>
    </HStack>
  );
}

/** 주문 관리 (admin): every order, newest first; moves an order on (later the item's seller does). */
export default function AdminOrdersPage() {
  useDocumentTitle('주문 관리');
  const { role } = useSession();
  const [status, setStatus] = useState('');
  const orders = useAdminOrders(status);
  if (role === 'guest') return <SignInFirst title="주문 관리" line="관리자 계정으로 로그인해주세요." back="/admin/orders" />;
  if (role !== 'admin') return <Text p="10" textAlign="center">접근 권한이 없습니다</Text>;
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Flex justify="space-between" align="center" mb="4" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">주문 관리</Heading>
        <NativeSelect.Root size="sm" w="40">
          <NativeSelect.Field aria-label="주문 상태" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">전체 상태</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {orders.isPending ? <Skeleton h="40" /> : null}
      {orders.isError ? <Text color="red.fg">{describeError(orders.error)}</Text> : null}
      {orders.data ? (
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header><Table.Row>
              <Table.ColumnHeader>주문일시</Table.ColumnHeader><Table.ColumnHeader>구매자</Table.ColumnHeader><Table.ColumnHeader>상품</Table.ColumnHeader>
              <Table.ColumnHeader>결제 금액</Table.ColumnHeader><Table.ColumnHeader>상태</Table.ColumnHeader><Table.ColumnHeader>처리</Table.ColumnHeader>
            </Table.Row></Table.Header>
            <Table.Body>
              {orders.data.orders.map((o) => (
                <Table.Row key={o.id} data-testid="admin-order" data-order-id={o.id}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(o.createdAt)}</Table.Cell>
                  <Table.Cell>{o.buyerName}</Table.Cell>
                  <Table.Cell><RouterLink to={`/orders/${encodeURIComponent(o.id)}`}>{o.items[0]?.name}{o.items.length > 1 ? ` 외 ${o.items.length - 1}건` : ''}</RouterLink></Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatWon(o.amounts.total)}</Table.Cell>
                  <Table.Cell><StatusBadge status={o.status} label={o.statusLabel} /></Table.Cell>
                  <Table.Cell><MoveOn order={o} /></Table.Cell>
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
