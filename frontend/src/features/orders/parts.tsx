import { useState } from 'react';
import { Badge, Button, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { COURIERS, ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderListItem, type OrderStatus, type OrderStatusUpdate } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { toaster } from '../../shared/ui/toaster';
import { useChangeOrderStatus } from './api/orders';

/** 결제완료 blue, 배송준비 purple, 배송중 orange, 배송완료 green, 취소됨 gray, 결제실패 red. */
export const STATUS_PALETTE: Record<OrderStatus, string> = {
  paid: 'blue', preparing: 'purple', shipped: 'orange', delivered: 'green', cancelled: 'gray', payment_failed: 'red',
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <Badge data-testid="order-status" colorPalette={STATUS_PALETTE[status]} variant="solid">{label}</Badge>;
}

/** A guest on a signed-in page: sign in and come back here. */
export function SignInFirst({ title, line, back }: { title: string; line: string; back: string }) {
  return (
    <Stack p="10" gap="4" align="center" textAlign="center">
      <Heading size="lg">{title}</Heading>
      <Text color="fg.muted">{line}</Text>
      <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(back)}`}>로그인</RouterLink></Button>
    </Stack>
  );
}

const NEXT: Partial<Record<OrderListItem['status'], OrderStatusUpdate>> = { paid: 'preparing', preparing: 'shipped', shipped: 'delivered' };

/** Moves an order on by one step (배송중 with the courier and the tracking number): the admin's 주문 관리 and the seller's 배송 관리. */
export function MoveOn({ order }: { order: Pick<OrderListItem, 'id' | 'status'> }) {
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

/** The order lists' status filter ('' = every status). */
export function OrderStatusSelect({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <NativeSelect.Root size="sm" w="40">
      <NativeSelect.Field aria-label="주문 상태" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">전체 상태</option>
        {ORDER_STATUSES.map((s) => <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
