import { useState } from 'react';
import { Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSellerOrderPushes } from '../../shared/api/orders';
import { SellerGate } from '../../shared/auth/SellerGate';
import { useSession } from '../../shared/auth/session';
import { formatNumber, formatWon, SALES_FIGURE_LABEL } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { StatGrid } from '../../shared/ui/StatGrid';
import { useSellerOrders } from './api/orders';
import { OrderStatusSelect } from './parts';
import { SellerOrderCard } from './SellerOrderCard';

function Sales() {
  const { role } = useSession();
  const [status, setStatus] = useState('');
  const orders = useSellerOrders(status, role === 'seller');
  // A new order, a cancel or a 교환/반품 request (the server notifies the seller) reads the list again.
  useSellerOrderPushes();
  const summary = orders.data?.summary;
  const figures: [string, string][] = summary ? [
    [SALES_FIGURE_LABEL, formatWon(summary.sales)],
    ['발송 대기 (개통 포함)', `${formatNumber(summary.toShip)}건`],
    ['배송중', `${formatNumber(summary.shipped)}건`],
    ['배송완료', `${formatNumber(summary.delivered)}건`],
  ] : [];
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">판매 관리</Heading>
        <Button asChild variant="outline" size="sm"><RouterLink to="/shipping">배송 관리</RouterLink></Button>
      </Flex>
      {summary ? <StatGrid figures={figures} testId="sales-summary" /> : null}
      <OrderStatusSelect value={status} onChange={setStatus} />
      {orders.isPending ? <Stack gap="3" role="status" aria-busy="true">{[0, 1].map((i) => <Skeleton key={i} h="32" />)}</Stack> : null}
      {orders.isError ? <InlineLoadError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      {orders.data?.orders.length === 0 ? (
        <CatalogueEmptyState data-testid="sales-empty" title="주문이 없습니다" description="내 상품이 주문되면 이곳에 표시됩니다." />
      ) : null}
      <Stack gap="3">{orders.data?.orders.map((o) => <SellerOrderCard key={o.id} order={o} />)}</Stack>
      {orders.data && orders.data.total > orders.data.orders.length ? (
        <Text color="fg.muted" fontSize="sm" textAlign="center">총 {formatNumber(orders.data.total)}건 중 최근 {formatNumber(orders.data.orders.length)}건을 보여 드립니다.</Text>
      ) : null}
    </Stack>
  );
}

/** /sales (판매 관리): the seller's figures and every order holding their lines, by status. */
export default function SalesPage() {
  useDocumentTitle('판매 관리');
  return <PageFrame back={{ to: '/seller-dashboard', label: '셀러 대시보드' }}><SellerGate><Sales /></SellerGate></PageFrame>;
}
