import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { setupFeeNote, type SellerOrder } from '@phonemarket/contracts';
import { formatDateTime, formatStorage, formatWon, itemsSumLabel, unitLabel } from '../../shared/format';
import { lineLook, ListingTerms, usedUnitOf } from '../../shared/ui/UsedListing';
import { ActivationView } from './ActivationView';
import { isCarrierOrderLine, lineTerms } from './figures';
import { CancellationNote, MoveOn, nextStep, StatusBadge } from './parts';
import { SellerCancelButton } from './SellerCancel';
import { PickupStore } from './PickupStore';
import { ReturnList } from './Returns';
import { OrderInquiryList } from './OrderInquiries';
import { TrackingLink } from './tracking';

/**
 * One order as its seller sees it (판매 관리, 배송 관리): its number, their lines (가입유형, 할인 방식, 할부 or
 * 일시불; a used listing as sold: its title, grade, battery and 보증/반품 terms) and their subtotal; for an order they handle, where to (the whole address; a 매장 방문 order: their
 * store, no courier), the 개통 details unmasked and the next step (개통 준비 → 개통 완료 → 배송중 → 배송완료, or
 * → 매장 수령 완료); once shipped, the courier with its tracking link; a 교환/반품 with the seller's steps
 * (승인, 회수, 검수); before it ships, 판매자 취소 with its reason, and a cancelled order says who cancelled it and why.
 */
export function SellerOrderCard({ order, actions = false }: { order: SellerOrder; actions?: boolean }) {
  const s = order.shipping;
  // The server lets only the seller of every line move the order on and decide a 교환/반품 (an admin does the others).
  const wholeOrder = order.handles;
  const atStore = order.activation?.method === 'visit';
  return (
    <Stack data-testid="seller-order" data-order-id={order.id} gap="3" p="4" borderWidth="1px" rounded="lg" bg="bg.panel">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2">
          <StatusBadge status={order.status} label={order.statusLabel} />
          <Text fontSize="sm" color="fg.muted">{formatDateTime(order.createdAt)}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">주문번호 <Text as="span" data-testid="order-number" color="fg" fontWeight="semibold">{order.orderNumber}</Text></Text>
      </Flex>
      <Stack gap="2" as="ul" listStyleType="none">
        {order.items.map((i) => {
          // A seller's own (used) listing as it was sold (issue 39): its title, grade, battery and terms then, whatever was edited since.
          const used = usedUnitOf(i.listingAsSold ?? undefined);
          return (
            <Box as="li" key={`${i.productId}-${i.color}`}>
              <Text>{lineLook(used, i).name} · {formatStorage(i.storage)} · {i.carrier} · {i.color} × {i.quantity}</Text>
              <Text fontSize="sm" color="fg.muted" data-testid="seller-line-terms">{lineTerms(i)}</Text>
              {setupFeeNote(i) ? <Text fontSize="sm" color="fg.muted" data-testid="seller-setup-fee">{setupFeeNote(i)}</Text> : null}
              {used ? (
                <Stack gap="1" mt="1" data-testid="seller-line-listing">
                  <Text fontSize="sm">{unitLabel(used)}</Text>
                  <ListingTerms listing={used.listing} testId="seller-line-listing-terms" />
                </Stack>
              ) : null}
            </Box>
          );
        })}
      </Stack>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">구매자 {order.buyerName}</Text>
        <Box textAlign="end">
          <Text fontWeight="bold" data-testid="seller-subtotal">{formatWon(order.sellerSubtotal)}</Text>
          <Text fontSize="xs" color="fg.muted">내 {itemsSumLabel(order.items.map(isCarrierOrderLine))}</Text>
        </Box>
      </Flex>
      {order.activation ? (
        <Box>
          <Text fontSize="sm" fontWeight="semibold" mb="1">개통 정보{order.shippable ? '' : ' (가려짐)'}</Text>
          <ActivationView activation={order.activation} activated={order.activated} compact />
        </Box>
      ) : null}
      {order.shippable && atStore && order.status !== 'exchanging' ? (
        <PickupStore pickup={order.pickup} visitSlot={order.activation?.visitSlot ?? null} who={`${s.recipient} · ${s.phone}`} />
      ) : null}
      {order.shippable && (!atStore || order.status === 'exchanging') ? (
        <Box data-testid="ship-to" p="3" rounded="md" bg="bg.muted" fontSize="sm">
          <Text fontWeight="semibold">{s.recipient} · {s.phone}</Text>
          <Text>{s.postcode ? `(${s.postcode}) ` : ''}{s.address} {s.addressDetail}</Text>
          {s.memo ? <Text color="fg.muted">배송 메모: {s.memo}</Text> : null}
        </Box>
      ) : null}
      {order.trackingNumber ? <TrackingLink courier={order.courier} trackingNumber={order.trackingNumber} /> : null}
      {order.returns.length ? <ReturnList returns={order.returns} order={order} as={actions && wholeOrder ? 'seller' : undefined} /> : null}
      <OrderInquiryList inquiries={order.inquiries} />
      {actions && !wholeOrder && (order.status === 'return_requested' || order.status === 'returning') ? (
        <Text fontSize="sm" color="fg.muted">다른 판매자의 상품이 함께 있는 주문의 교환/반품은 관리자가 처리합니다.</Text>
      ) : null}
      <CancellationNote order={order} />
      {actions && wholeOrder && nextStep(order) ? <MoveOn order={order} /> : null}
      {/* 판매자 취소 (s59): before it ships, when they cannot fulfil it. */}
      {actions && order.sellerCancellable ? <HStack><SellerCancelButton order={order} /></HStack> : null}
      {actions && !order.shippable && (order.status === 'paid' || order.status === 'preparing' || order.status === 'activating' || order.status === 'activated') ? (
        <Text fontSize="sm" color="fg.muted">다른 판매자의 상품이 함께 있는 주문은 관리자가 개통과 발송을 처리합니다.</Text>
      ) : null}
    </Stack>
  );
}
