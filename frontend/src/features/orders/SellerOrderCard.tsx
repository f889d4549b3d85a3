import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { SellerOrder } from '@phonemarket/contracts';
import { formatDateTime, formatStorage, formatWon } from '../../shared/format';
import { MoveOn, StatusBadge } from './parts';

/**
 * One order as its seller sees it (판매 관리, 배송 관리): their lines and their subtotal; for an order
 * they ship, where to (the whole address) and the next step; once shipped, the courier and number.
 */
export function SellerOrderCard({ order, actions = false }: { order: SellerOrder; actions?: boolean }) {
  const s = order.shipping;
  return (
    <Stack data-testid="seller-order" data-order-id={order.id} gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2">
          <StatusBadge status={order.status} label={order.statusLabel} />
          <Text fontSize="sm" color="fg.muted">{formatDateTime(order.createdAt)}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">주문번호 {order.id.slice(0, 8)}</Text>
      </Flex>
      <Stack gap="1" as="ul" listStyleType="none">
        {order.items.map((i) => (
          <Text as="li" key={`${i.productId}-${i.color}`}>{i.name} · {formatStorage(i.storage)} · {i.carrier} · {i.color} × {i.quantity}</Text>
        ))}
      </Stack>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">구매자 {order.buyerName}</Text>
        <Text fontWeight="bold" data-testid="seller-subtotal">{formatWon(order.sellerSubtotal)}</Text>
      </Flex>
      {order.shippable ? (
        <Box data-testid="ship-to" p="3" rounded="md" bg="bg.muted" fontSize="sm">
          <Text fontWeight="semibold">{s.recipient} · {s.phone}</Text>
          <Text>({s.postcode}) {s.address} {s.addressDetail}</Text>
          {s.memo ? <Text color="fg.muted">배송 메모: {s.memo}</Text> : null}
        </Box>
      ) : null}
      {order.trackingNumber ? <Text fontSize="sm" data-testid="tracking">{order.courier} {order.trackingNumber}</Text> : null}
      {actions && order.shippable ? <MoveOn order={order} /> : null}
      {actions && !order.shippable && (order.status === 'paid' || order.status === 'preparing') ? (
        <Text fontSize="sm" color="fg.muted">다른 판매자의 상품이 함께 있는 주문은 관리자가 발송을 처리합니다.</Text>
      ) : null}
    </Stack>
  );
}
