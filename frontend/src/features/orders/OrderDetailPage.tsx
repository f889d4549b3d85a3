import { useEffect } from 'react';
import { Box, Button, Flex, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PAYMENT_METHOD_LABELS, RETURN_WINDOW_DAYS, devicePriceLabel, reviewFormPath, setupFeeNote, type OrderView } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useOrderPushes } from '../../shared/api/orders';
import { formatDate, formatDateTime, formatNumber, formatStorage, formatWon, itemsSumLabel } from '../../shared/format';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageNotFound } from '../../shared/ui/PageParts';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { ActivationView } from './ActivationView';
import { useOrder, useOrderHistory } from './api/orders';
import { PAY_TODAY_ITEMS_HINT, carrierBillEnded, isCarrierOrderLine, lineTerms, minusWon, monthlyDeviceLabel, orderBreakdown, refundOf, type CarrierBillEnded } from './figures';
import { actorLabel, describeOrderEvent } from './history';
import { CancelOrderButton, ConfirmOrderButton, ConfirmReceiptButton, ReturnRequestButton, returnDeadline } from './OrderActions';
import { OrderSteps } from './OrderSteps';
import { PickupStore } from './PickupStore';
import { CancellationNote, SignInFirst, StatusBadge } from './parts';
import { SellerCancelButton } from './SellerCancel';
import { ReturnList } from './Returns';
import { OrderInquiryButton, OrderInquiryList } from './OrderInquiries';
import { ShopReviews } from '../../shared/ui/ShopReviews';
import { TrackingLink } from './tracking';
import { lineLook, UsedLineFigures, usedUnitOf, type UsedUnit } from '../../shared/ui/UsedListing';

// The order line's terms, as the seller's views read them too.
export { lineTerms };

function Row({ label, value, testId, strong = false, hint }: { label: string; value: string; testId?: string; strong?: boolean; hint?: string }) {
  return (
    <Flex justify="space-between" gap="3" fontWeight={strong ? 'bold' : undefined}>
      <Box minW="0">
        <Text color={strong ? undefined : 'fg.muted'}>{label}</Text>
        {hint ? <Text fontSize="xs" color="fg.muted" fontWeight="normal">{hint}</Text> : null}
      </Box>
      <Text data-testid={testId} textAlign="end" flexShrink={0}>{value}</Text>
    </Flex>
  );
}

/**
 * 오늘 결제 and 매월 통신사 청구 apart (issue 30), each label saying what it sums. A returned order (issue 39)
 * shows what was refunded (less a 단순 변심's 왕복 배송비) and no carrier bill: the line was given back; a
 * cancelled one its refund and no carrier bill either (cancelled before 개통). `refundOf`, as 주문 관리 shows it.
 */
function Amounts({ order: o }: { order: OrderView }) {
  const f = orderBreakdown(o.items);
  // Used or refurbished units (a seller's own listing, issue 39, or a store's, s59) have no 출고가 and no 지원금: their own 판매가.
  const allUsed = o.items.every((i) => i.condition !== 'new' || o.listings.some((l) => l.productId === i.productId));
  const monthsText = f.installmentMonths.length === 1 ? `${f.installmentMonths[0]}개월` : '할부 개월 수';
  // Cancelled (before 개통) or returned: nothing of it is billed by the carrier, so no row says it will be (s60).
  const ended = carrierBillEnded(o.status);
  const refund = refundOf(o);
  return (
    <Flex gap="6" direction={{ base: 'column', md: 'row' }} data-testid="order-amounts">
      <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
        <Heading size="sm">오늘 결제</Heading>
        {allUsed ? <Row label="판매가 합계" value={formatWon(o.amounts.items)} testId="order-used-total" /> : (
          <>
            {/* A new unit's 출고가 beside a used unit's own 판매가 (s59): the sum names both. */}
            <Row label={o.items.some((i) => i.condition !== 'new') ? '출고가·판매가 합계' : '출고가 합계'} value={formatWon(o.amounts.items + o.amounts.discount)} testId="order-device-total" />
            <Row label="지원금 할인 (출고가 대비)" value={minusWon(o.amounts.discount, formatWon)} testId="order-discount" />
            {/* The cart's label (s59): 할부원금 only when every line is a carrier line. */}
            <Row label={itemsSumLabel(o.items.map(isCarrierOrderLine))} value={formatWon(o.amounts.items)} testId="order-items-total" />
          </>
        )}
        {f.installmentPrincipal > 0 ? (
          <Row label={ended?.installment ?? '할부 (통신사가 매월 청구)'} hint={ended?.installmentHint ?? `할부원금을 ${monthsText} 동안 나눠 청구`} value={minusWon(f.installmentPrincipal, formatWon)} testId="order-installment" />
        ) : null}
        <Row label="오늘 결제할 상품 금액" hint={PAY_TODAY_ITEMS_HINT} value={formatWon(f.payToday)} />
        <Row label="쿠폰 할인" value={minusWon(o.amounts.coupon, formatWon)} />
        <Row label="포인트 사용" value={o.amounts.points > 0 ? `-${formatNumber(o.amounts.points)} P` : '0 P'} />
        <Separator />
        <Row label="오늘 결제 금액" value={formatWon(o.amounts.payNow)} testId="order-total" strong />
        <Row label="결제 수단" value={PAYMENT_METHOD_LABELS[o.paymentMethod]} />
        {refund && refund.shippingFee > 0 ? <Row label="왕복 배송비 (단순 변심 반품)" value={minusWon(refund.shippingFee, formatWon)} testId="order-refund-fee" /> : null}
        {/* A refund as a fact once its `PaymentRefunded` is recorded (s59): 환불 완료, and when. */}
        {refund ? <Row label={refund.at ? '환불 완료 (결제 수단으로)' : '환불 금액 (결제 수단으로)'} hint={refund.at ? formatDateTime(refund.at) : undefined} value={formatWon(refund.amount)} testId="order-refund" strong /> : null}
      </Stack>
      <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg" data-testid="order-monthly-box">
        <Heading size="sm">매월 통신사 청구</Heading>
        {/* Returned, or cancelled before 개통 (the cancel dialog: 할부는 통신사 청구 전에 취소됩니다): no line, no bill. */}
        {ended ? <Text color="fg.muted" fontSize="sm" data-testid={`order-monthly-${o.status}`}>{ended.monthly}</Text>
        : f.monthlyCarrier === 0 && f.installmentPrincipal === 0 ? <Text color="fg.muted" fontSize="sm">통신사 약정 상품이 없어 매월 청구되는 금액이 없습니다.</Text> : (
          <>
            <Row label={monthlyDeviceLabel(f.installmentMonths)} value={formatWon(f.monthlyDevice)} testId="order-monthly-device" />
            <Row label="월 요금 (요금제, 할인 반영)" value={formatWon(f.monthlyPlan)} testId="order-monthly-plan" />
            <Separator />
            <Row label="매월 통신사 청구 합계" hint="월 할부금 + 월 요금 (통신사가 청구)" value={formatWon(o.amounts.monthlyCarrier)} testId="order-monthly" strong />
          </>
        )}
      </Stack>
    </Flex>
  );
}

/** A line as paid: its terms and figures, or for a seller's own (used) listing the listing as it is shown elsewhere (issue 39). */
function LineFigures({ item: i, used, ended }: { item: OrderView['items'][number]; used: UsedUnit | null; ended: CarrierBillEnded | null }) {
  // No 출고가, 지원금 or 할인 방식 for a used unit: its grade, battery, 판매가 and the seller's own terms.
  if (used) return <UsedLineFigures unit={used} unitPrice={i.unitPrice} quantity={i.quantity} testId="order-used" />;
  return (
    <>
      {/* The terms as ordered, then (cancelled or returned) that the carrier bills none of them (s60). */}
      <Text fontSize="sm" color="fg.muted" data-testid="order-line-terms">{lineTerms(i)}</Text>
      <Text fontSize="sm" data-testid="line-figures">
        {i.payment === 'installment'
          ? `할부원금 ${formatWon(i.unitPrice * i.quantity)} · 월 할부금 ${formatWon(i.monthlyDevice * i.quantity)} + 월 요금 ${formatWon(i.monthlyPlan * i.quantity)} = 매월 ${formatWon((i.monthlyDevice + i.monthlyPlan) * i.quantity)} (${i.months}개월)`
          // A carrier line paid 일시불 pays its 할부원금 today; a 자급제 line its price, which is no 할부원금; a used unit its 판매가 (s59).
          : `오늘 결제 ${formatWon(i.unitPrice * i.quantity)}${isCarrierOrderLine(i) ? ' (할부원금, 이자 없음)' : i.condition !== 'new' ? ` (${devicePriceLabel(i.condition)})` : ''}${i.monthlyPlan > 0 ? ` · 매월 월 요금 ${formatWon(i.monthlyPlan * i.quantity)}` : ''}`}
      </Text>
      {ended && isCarrierOrderLine(i) ? <Text fontSize="sm" color="fg.muted" data-testid="order-line-not-billed">{ended.line}</Text> : null}
      {/* s62: the 개통비 kept on the line when ordered (none for 자급제, a 0 fee, an order from before it was kept, or one never opened). */}
      {!ended && setupFeeNote(i) ? <Text fontSize="sm" color="fg.muted" data-testid="order-setup-fee">{setupFeeNote(i)}</Text> : null}
    </>
  );
}

/** 주문 상세: its steps, lines as paid, 오늘 결제 and 매월 통신사 청구, 개통, the address, 교환/반품 and the order's history as a Korean timeline; live. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  useDocumentTitle('주문 상세');
  // A guest is asked to sign in at once (the server render knows it too); an expired session answers 401.
  const session = useSession();
  const { isAuthenticated, isLoading } = session;
  const order = useOrder(id, isAuthenticated);
  const history = useOrderHistory(id, isAuthenticated);
  // Every step the server tells the buyer of (a notification about this order) reads the order and its history again.
  useOrderPushes(id);
  const updatedAt = order.data?.updatedAt;
  const refetchHistory = history.refetch;
  useEffect(() => {
    if (updatedAt) void refetchHistory();
  }, [updatedAt, refetchHistory]);
  if ((!isAuthenticated && !isLoading) || (order.isError && isApiError(order.error, 401))) return <SignInFirst title="주문 상세" line="로그인하면 주문을 볼 수 있어요." back={`/orders/${id}`} />;
  if (order.data === null) return <PageNotFound title="주문을 찾을 수 없습니다" description="주문 내역에서 다시 확인해주세요." link={{ to: '/orders', label: '주문 내역' }} data-testid="order-not-found" />;
  if (order.isPending) return <Stack p="6" gap="3" maxW="4xl" mx="auto">{[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack>;
  if (order.isError) return <Text p="10" textAlign="center">{describeError(order.error)}</Text>;
  const o = order.data;
  const row = (label: string, value: string, testId?: string) => (
    <Flex justify="space-between" gap="3"><Text color="fg.muted" flexShrink={0}>{label}</Text><Text data-testid={testId} textAlign="end">{value}</Text></Flex>
  );
  // The buyer's steps are the buyer's: an admin reading the order has 관리자 취소 instead (their routes answer a non-buyer 404).
  const actions = session.user?.id === o.buyerId && (o.cancellable || o.confirmable || o.returnable || o.reviewable || o.receivable);
  const atStore = o.activation?.method === 'visit';
  return (
    <Box maxW="4xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Button asChild variant="ghost" size="sm" mb="2"><RouterLink to="/orders">← 주문 내역</RouterLink></Button>
      <HStack mb="1" gap="2" wrap="wrap"><Heading as="h1" size="xl">주문 상세</Heading><StatusBadge status={o.status} label={o.statusLabel} /></HStack>
      <Text fontSize="sm" color="fg.muted" mb="3">주문번호 <Text as="span" data-testid="order-number" fontWeight="semibold" color="fg">{o.orderNumber}</Text> · {formatDateTime(o.createdAt)}</Text>
      <HStack gap="2" mb="3" wrap="wrap">
        <Button asChild size="xs" variant="outline" data-testid="contract-link"><RouterLink to={`/orders/${encodeURIComponent(o.id)}/contract`}>계약 조건서 보기</RouterLink></Button>
        {/* Issue 40: the buyer asks about the order, citing a condition of its 계약 조건서 (an admin reads it here too). */}
        {session.user?.id === o.buyerId ? <OrderInquiryButton order={o} /> : null}
        {/* 관리자 취소 (s59): an admin reading the order cancels it here too, as from 주문 관리. */}
        {session.role === 'admin' && o.cancellable ? <SellerCancelButton order={o} as="admin" /> : null}
      </HStack>
      <Box mb="4"><OrderSteps status={o.status} withActivation={o.activation !== null} atStore={atStore} /></Box>
      {actions ? (
        <HStack data-testid="order-actions" gap="2" wrap="wrap" mb="4">
          {o.receivable ? <ConfirmReceiptButton order={o} /> : null}
          {o.confirmable ? <ConfirmOrderButton order={o} /> : null}
          {o.returnable ? <ReturnRequestButton order={o} /> : null}
          {o.reviewable && o.items[0] ? (
            <Button asChild data-testid="write-review" size="sm" variant="outline"><RouterLink to={reviewFormPath(o.items[0].modelId, o.id)}>리뷰 작성</RouterLink></Button>
          ) : null}
          {o.cancellable ? <CancelOrderButton order={o} /> : null}
        </HStack>
      ) : null}
      {o.returnable && o.deliveredAt ? <Text fontSize="sm" color="fg.muted" mb="4">{`교환/반품은 ${formatDate(returnDeadline(o.deliveredAt))}까지 (배송완료 후 ${RETURN_WINDOW_DAYS}일) 신청할 수 있습니다.`}</Text> : null}
      {o.paymentFailure ? <Text role="alert" color="red.fg" mb="4">{o.paymentFailure}</Text> : null}
      <Box mb={o.cancellation ? '4' : '0'}><CancellationNote order={o} /></Box>
      <ShopReviews orderId={o.id} confirmed={o.status === 'confirmed'} />
      <Stack gap="3" mb="6">
        {o.items.map((i) => {
          const used = usedUnitOf(o.listings.find((l) => l.productId === i.productId));
          const look = lineLook(used, i);
          return (
          <Flex key={`${i.productId}-${i.color}-${i.months}`} data-testid="order-line" gap="3" p="3" borderWidth="1px" rounded="lg" align="start">
            <Box w="16" h="16" flexShrink={0} overflow="hidden"><PhoneImage style={{ width: '100%', height: '100%', objectFit: 'contain' }} src={look.image} alt={look.name} brand={i.brand} sizes="64px" /></Box>
            <Stack gap="1" flex="1" minW="0">
              <RouterLink to={`/product/${encodeURIComponent(i.modelId)}`}><Text fontWeight="semibold">{look.name}</Text></RouterLink>
              <Text fontSize="sm" color="fg.muted">{i.color} · {formatStorage(i.storage)} · {i.quantity}개 · {i.sellerName}</Text>
              <LineFigures item={i} used={used} ended={carrierBillEnded(o.status)} />
            </Stack>
          </Flex>
          );
        })}
      </Stack>
      <Amounts order={o} />
      <Flex gap="6" direction={{ base: 'column', md: 'row' }} mt="6">
        {o.activation ? (
          <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
            <Heading size="sm">개통 정보</Heading>
            <ActivationView activation={o.activation} activated={o.activated} />
          </Stack>
        ) : null}
        {atStore ? (
          // 매장 방문 (issue 39): taken at the store after 개통 — no courier, no 송장, no parcel address.
          <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
            <Heading size="sm">매장 수령</Heading>
            <PickupStore pickup={o.pickup} visitSlot={o.activation?.visitSlot ?? null} />
            {row('방문하실 분', `${o.shipping.recipient} · ${o.shipping.phone}`)}
            {o.trackingNumber ? <Flex justify="space-between" gap="3"><Text color="fg.muted">교환 발송</Text><TrackingLink courier={o.courier} trackingNumber={o.trackingNumber} /></Flex> : null}
            {o.deliveredAt ? row('매장 수령 완료', formatDateTime(o.deliveredAt)) : null}
            {o.confirmedAt ? row('구매확정', formatDateTime(o.confirmedAt)) : null}
          </Stack>
        ) : (
        <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
          <Heading size="sm">배송지</Heading>
          {row('받는 분', o.shipping.recipient)}
          {row('연락처', o.shipping.phone)}
          {row('주소', `${o.shipping.postcode ? `(${o.shipping.postcode}) ` : ''}${o.shipping.address} ${o.shipping.addressDetail}`.trim())}
          {o.shipping.memo ? row('배송 메모', o.shipping.memo) : null}
          {o.trackingNumber ? <Flex justify="space-between" gap="3"><Text color="fg.muted">송장</Text><TrackingLink courier={o.courier} trackingNumber={o.trackingNumber} /></Flex> : null}
          {o.deliveredAt ? row('배송완료', formatDateTime(o.deliveredAt)) : null}
          {o.confirmedAt ? row('구매확정', formatDateTime(o.confirmedAt)) : null}
        </Stack>
        )}
      </Flex>
      {o.returns.length ? (
        <>
          <Heading size="md" mt="6" mb="3">교환/반품</Heading>
          <ReturnList returns={o.returns} order={o} as="buyer" />
        </>
      ) : null}
      {o.inquiries?.length ? (
        <>
          <Heading size="md" mt="6" mb="3">이 주문에 대한 문의</Heading>
          <OrderInquiryList inquiries={o.inquiries} />
        </>
      ) : null}
      <Heading size="md" mt="6" mb="3">주문 이력</Heading>
      {history.isPending ? <Skeleton h="24" /> : null}
      <Stack as="ol" data-testid="order-history" gap="0" borderStartWidth="2px" ps="4" ms="2">
        {history.data?.map((e, n) => (
          <Box as="li" key={`${e.type}-${n}`} listStyleType="none" pb="3" position="relative">
            <Box position="absolute" left="-5" top="1.5" w="2.5" h="2.5" rounded="full" bg="brand.solid" />
            <Text fontWeight="medium">{describeOrderEvent(e)}</Text>
            <Text fontSize="xs" color="fg.muted">{formatDateTime(e.at)} · {actorLabel(e)}</Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
