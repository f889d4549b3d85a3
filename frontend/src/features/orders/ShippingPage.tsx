import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { RETURN_SHIPPING_NOTE, type SellerOrder } from '@phonemarket/contracts';
import { useSellerOrderPushes } from '../../shared/api/orders';
import { SellerGate } from '../../shared/auth/SellerGate';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { useSellerOrders } from './api/orders';
import { SellerOrderCard } from './SellerOrderCard';

/** One list of 배송 관리; empty, it says what will appear there (s62: a bare '0건' told the seller nothing). */
function Section({ title, orders, testId, hint, empty }: { title: string; orders: SellerOrder[]; testId: string; hint?: string; empty: string }) {
  return (
    <Stack gap="3" as="section" aria-label={title} data-testid={testId}>
      <Heading as="h2" size="md">{title} <Text as="span" color="fg.muted" fontWeight="normal">{orders.length}건</Text></Heading>
      {hint && orders.length ? <Text fontSize="sm" color="fg.muted">{hint}</Text> : null}
      {orders.length ? null : <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-empty`}>{empty}</Text>}
      {orders.map((o) => <SellerOrderCard key={o.id} order={o} actions />)}
    </Stack>
  );
}

function Shipping() {
  const { role } = useSession();
  const seller = role === 'seller';
  // A new order, a cancel or a 교환/반품 request (the server notifies the seller) reads every list here again.
  useSellerOrderPushes();
  const toShip = [
    useSellerOrders('paid', seller), useSellerOrders('preparing', seller), useSellerOrders('activating', seller),
    useSellerOrders('activated', seller), useSellerOrders('exchanging', seller),
  ];
  const requested = useSellerOrders('return_requested', seller);
  const returning = useSellerOrders('returning', seller);
  const shipped = useSellerOrders('shipped', seller);
  const all = [...toShip, requested, returning, shipped];
  const failed = all.find((q) => q.isError);
  if (all.some((q) => q.isPending)) return <Stack gap="3" role="status" aria-busy="true">{[0, 1].map((i) => <Skeleton key={i} h="32" />)}</Stack>;
  if (failed) return <InlineLoadError error={failed.error} onRetry={() => void Promise.all(all.map((q) => q.refetch()))} />;
  // An order moved on shows once (its newest answer) while the lists it left and joined are read again.
  const newest = new Map<string, SellerOrder>();
  for (const o of toShip.flatMap((q) => q.data?.orders ?? [])) {
    const seen = newest.get(o.id);
    if (!seen || seen.updatedAt < o.updatedAt) newest.set(o.id, o);
  }
  const waiting = [...newest.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const returns = [...(requested.data?.orders ?? []), ...(returning.data?.orders ?? [])];
  const onTheWay = shipped.data?.orders ?? [];
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">배송 관리</Heading>
      {waiting.length === 0 && onTheWay.length === 0 && returns.length === 0 ? (
        <CatalogueEmptyState data-testid="shipping-empty" title="발송할 주문이 없습니다" description="내 상품이 주문되면 이곳에서 개통을 기록하고 송장을 등록합니다. 새 주문은 알림과 함께 바로 나타납니다." />
      ) : (
        <>
          <Section title="발송할 주문" orders={waiting} testId="to-ship" empty="지금 발송할 주문은 없습니다. 새 주문이 결제되면 이곳에 나타나고, 개통을 기록하고 송장을 등록해 발송합니다."
            hint="통신사 개통이 필요한 주문은 개통 준비 → 개통 완료(개통일, 번호 뒤 4자리)를 기록한 뒤 발송합니다. 매장 방문 주문은 택배 없이, 구매자가 매장에서 받으면 매장 수령 완료로 바꿉니다." />
          <Section title="교환/반품" orders={returns} testId="return-requests" empty="처리할 교환/반품이 없습니다. 구매자가 배송완료 후 교환이나 반품을 신청하면 이곳에 나타납니다."
            hint={`반품은 승인 → 회수(택배 송장 또는 매장 반납) → 검수 → 환불 순서로 진행됩니다. 불량·오배송은 배송비 무료이고, ${RETURN_SHIPPING_NOTE}(환불 금액에서 차감)입니다.`} />
          <Section title="배송중" orders={onTheWay} testId="on-the-way" empty="배송중인 주문이 없습니다. 발송한 주문은 구매자가 받을 때까지 이곳에 있고, 송장을 잘못 적었다면 여기서 정정합니다."
            hint="구매자가 받으면 배송완료로 바꿔주세요. 구매자가 수령 확인을 누르면 자동으로 배송완료가 됩니다." />
        </>
      )}
    </Stack>
  );
}

/** /shipping (배송 관리): the seller's orders to open (개통) and ship (or hand over at the store), oldest first; 교환/반품 to take step by step; then those on the way, to mark 배송완료. Live. */
export default function ShippingPage() {
  useDocumentTitle('배송 관리');
  return <PageFrame back={{ to: '/seller-dashboard', label: '셀러 대시보드' }}><SellerGate><Shipping /></SellerGate></PageFrame>;
}
