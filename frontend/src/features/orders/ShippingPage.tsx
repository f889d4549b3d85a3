import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SellerOrder } from '@phonemarket/contracts';
import { SellerGate } from '../../shared/auth/SellerGate';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { useSellerOrders } from './api/orders';
import { SellerOrderCard } from './SellerOrderCard';

function Section({ title, orders, testId }: { title: string; orders: SellerOrder[]; testId: string }) {
  return (
    <Stack gap="3" as="section" aria-label={title} data-testid={testId}>
      <Heading as="h2" size="md">{title} <Text as="span" color="fg.muted" fontWeight="normal">{orders.length}건</Text></Heading>
      {orders.map((o) => <SellerOrderCard key={o.id} order={o} actions />)}
    </Stack>
  );
}

function Shipping() {
  const { role } = useSession();
  const toShip = [useSellerOrders('paid', role === 'seller'), useSellerOrders('preparing', role === 'seller')];
  const shipped = useSellerOrders('shipped', role === 'seller');
  const all = [...toShip, shipped];
  const failed = all.find((q) => q.isError);
  if (all.some((q) => q.isPending)) return <Stack gap="3" role="status" aria-busy="true">{[0, 1].map((i) => <Skeleton key={i} h="32" />)}</Stack>;
  if (failed) return <InlineLoadError error={failed.error} onRetry={() => void Promise.all(all.map((q) => q.refetch()))} />;
  const waiting = toShip.flatMap((q) => q.data?.orders ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const onTheWay = shipped.data?.orders ?? [];
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">배송 관리</Heading>
      {waiting.length === 0 && onTheWay.length === 0 ? (
        <CatalogueEmptyState data-testid="shipping-empty" title="발송할 주문이 없습니다" description="내 상품이 주문되면 이곳에서 송장을 등록합니다." />
      ) : (
        <>
          <Section title="발송할 주문" orders={waiting} testId="to-ship" />
          <Section title="배송중" orders={onTheWay} testId="on-the-way" />
        </>
      )}
    </Stack>
  );
}

/** /shipping (배송 관리): the seller's orders to ship, oldest first, with 배송준비중 and 배송중 (courier, tracking number); then those on the way. */
export default function ShippingPage() {
  useDocumentTitle('배송 관리');
  return <PageFrame back={{ to: '/seller-dashboard', label: '셀러 대시보드' }}><SellerGate><Shipping /></SellerGate></PageFrame>;
}
