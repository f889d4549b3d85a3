import { useState } from 'react';
import { Button, CloseButton, Dialog, EmptyState, NativeSelect, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { SELLER_STATUSES, SELLER_STATUS_LABELS, type AdminSeller, type SellerStatus } from '@phonemarket/contracts';
import { formatDate } from '../../shared/format';
import { describeError } from '../../shared/api/errors';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { historyPath } from './api/history';
import { useChangeSellerStatus, useSellers } from './api/sellers';
import { HistoryTimeline } from './HistoryTimeline';

/** Sellers: each status changed with a dropdown that saves at once; each seller's history as a timeline. */
export function SellersPanel() {
  const sellers = useSellers();
  const change = useChangeSellerStatus();
  const [historyOf, setHistoryOf] = useState<AdminSeller | null>(null);

  if (sellers.isPending) return <Stack gap="2" role="status" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} h="12" />)}</Stack>;
  if (sellers.isError) return <InlineLoadError error={sellers.error} onRetry={() => void sellers.refetch()} />;
  if (sellers.data.length === 0) {
    return (
      <EmptyState.Root data-testid="sellers-empty">
        <EmptyState.Content>
          <EmptyState.Title>등록된 셀러가 없습니다</EmptyState.Title>
          <EmptyState.Description>셀러 신청을 승인하면 이곳에 표시됩니다.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const setStatus = (seller: AdminSeller, status: SellerStatus) =>
    change.mutate({ id: seller.id, status }, {
      onSuccess: () => toaster.success({ title: '셀러 상태 변경', description: `${seller.storeName}: ${SELLER_STATUS_LABELS[status]}` }),
      onError: (error) => toaster.error({ title: '상태 변경 실패', description: describeError(error) }),
    });
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="sellers-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>이름</Table.ColumnHeader>
              <Table.ColumnHeader>스토어</Table.ColumnHeader>
              <Table.ColumnHeader>이메일</Table.ColumnHeader>
              <Table.ColumnHeader>등록일</Table.ColumnHeader>
              <Table.ColumnHeader>상태</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">기록</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sellers.data.map((s) => (
              <Table.Row key={s.id} data-testid="seller-row">
                <Table.Cell>{s.name}</Table.Cell>
                <Table.Cell>{s.storeName}</Table.Cell>
                <Table.Cell><Text truncate maxW="48">{s.email}</Text></Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(s.createdAt)}</Table.Cell>
                <Table.Cell>
                  <NativeSelect.Root size="xs" width="24">
                    <NativeSelect.Field aria-label={`${s.storeName} 상태`} value={s.status} onChange={(e) => setStatus(s, e.currentTarget.value as SellerStatus)}>
                      {SELLER_STATUSES.map((status) => <option key={status} value={status}>{SELLER_STATUS_LABELS[status]}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                <Table.Cell textAlign="end"><Button size="xs" variant="outline" onClick={() => setHistoryOf(s)}>기록 보기</Button></Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HistoryDialog title={historyOf ? `${historyOf.storeName} 기록` : ''} path={historyOf ? historyPath.seller(historyOf.id) : null} onClose={() => setHistoryOf(null)} />
    </>
  );
}

/** A history timeline in a dialog (sellers, accounts). */
export function HistoryDialog({ title, path, onClose }: { title: string; path: string | null; onClose: () => void }) {
  return (
    <Dialog.Root open={path !== null} onOpenChange={(e) => { if (!e.open) onClose(); }} size={{ base: 'full', md: 'md' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="history-dialog">
            <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
            <Dialog.Body>{path ? <HistoryTimeline path={path} /> : null}</Dialog.Body>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="닫기" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
