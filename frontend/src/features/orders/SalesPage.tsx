import { useState } from 'react';
import { Button, Flex, Heading, NativeSelect, SimpleGrid, Skeleton, Stack, Stat } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@phonemarket/contracts';
import { SellerGate } from '../../shared/auth/SellerGate';
import { useSession } from '../../shared/auth/session';
import { formatNumber, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { useSellerOrders } from './api/orders';
import { SellerOrderCard } from './SellerOrderCard';

function Sales() {
  const { role } = useSession();
  const [status, setStatus] = useState('');
  const orders = useSellerOrders(status, role === 'seller');
  const summary = orders.data?.summary;
  const figures: [string, string][] = summary ? [
    ['판매 금액', formatWon(summary.sales)],
    ['발송 대기', `${formatNumber(summary.toShip)}건`],
    ['배송중', `${formatNumber(summary.shipped)}건`],
    ['배송완료', `${formatNumber(summary.delivered)}건`],
  ] : [];
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">판매 관리</Heading>
        <Button asChild variant="outline" size="sm"><RouterLink to="/shipping">배송 관리</RouterLink></Button>
      </Flex>
      {summary ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="sales-summary">
          {figures.map(([label, value]) => (
            <Stat.Root key={label} borderWidth="1px" rounded="md" p="3">
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText>{value}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      ) : null}
      <NativeSelect.Root size="sm" w="40">
        <NativeSelect.Field aria-label="주문 상태" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          <option value="">전체 상태</option>
          {ORDER_STATUSES.map((s) => <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {orders.isPending ? <Stack gap="3" role="status" aria-busy="true">{[0, 1].map((i) => <Skeleton key={i} h="32" />)}</Stack> : null}
      {orders.isError ? <InlineLoadError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      {orders.data?.orders.length === 0 ? (
        <CatalogueEmptyState data-testid="sales-empty" title="주문이 없습니다" description="내 상품이 주문되면 이곳에 표시됩니다." />
      ) : null}
      <Stack gap="3">{orders.data?.orders.map((o) => <SellerOrderCard key={o.id} order={o} />)}</Stack>
    </Stack>
  );
}

/** /sales (판매 관리): the seller's figures and every order holding their lines, by status. */
export default function SalesPage() {
  useDocumentTitle('판매 관리');
  return <PageFrame back={{ to: '/seller-dashboard', label: '셀러 대시보드' }}><SellerGate><Sales /></SellerGate></PageFrame>;
}
