import { useState } from 'react';
import { Button, EmptyState, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { SellerApplication } from '@phonemarket/contracts';
import { formatDate } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { useApplications, type ApplicationFilter } from './api/applications';
import { ReviewDialog } from './ReviewDialog';
import { StatusBadge } from './StatusBadge';

/** Seller applications as a table with the review dialog; `quickDecisions` adds 승인/거절 buttons on open rows (each asks for a note). */
export function ApplicationsPanel({ filter = {}, quickDecisions = false }: { filter?: ApplicationFilter; quickDecisions?: boolean }) {
  const applications = useApplications(filter);
  const [open, setOpen] = useState<{ id: string; decision: 'approved' | 'rejected' } | null>(null);
  const current = open ? (applications.data?.find((a) => a.id === open.id) ?? null) : null;

  if (applications.isPending) return <Stack gap="2" role="status" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} h="12" />)}</Stack>;
  if (applications.isError) return <InlineLoadError error={applications.error} onRetry={() => void applications.refetch()} />;
  if (applications.data.length === 0) {
    return (
      <EmptyState.Root data-testid="applications-empty">
        <EmptyState.Content>
          <EmptyState.Title>셀러 신청이 없습니다</EmptyState.Title>
          <EmptyState.Description>새 신청이 들어오면 이곳에 바로 표시됩니다.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const isOpen = (a: SellerApplication) => a.status === 'pending' || a.status === 'reviewing';
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="applications-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>신청일</Table.ColumnHeader>
              <Table.ColumnHeader>신청자</Table.ColumnHeader>
              <Table.ColumnHeader>스토어</Table.ColumnHeader>
              <Table.ColumnHeader>이메일</Table.ColumnHeader>
              <Table.ColumnHeader>상태</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">작업</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {applications.data.map((a) => (
              <Table.Row key={a.id} data-testid="application-row">
                <Table.Cell whiteSpace="nowrap">{formatDate(a.submittedAt)}</Table.Cell>
                <Table.Cell>{a.applicantName}</Table.Cell>
                <Table.Cell>{a.storeName}</Table.Cell>
                <Table.Cell><Text truncate maxW="48">{a.email}</Text></Table.Cell>
                <Table.Cell><StatusBadge status={a.status} label={a.statusLabel} /></Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="1">
                    {quickDecisions && isOpen(a) ? (
                      <>
                        <Button size="xs" colorPalette="green" onClick={() => setOpen({ id: a.id, decision: 'approved' })}>승인</Button>
                        <Button size="xs" colorPalette="red" variant="outline" onClick={() => setOpen({ id: a.id, decision: 'rejected' })}>거절</Button>
                      </>
                    ) : null}
                    <Button size="xs" variant="outline" onClick={() => setOpen({ id: a.id, decision: 'approved' })}>{isOpen(a) ? '검토' : '보기'}</Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ReviewDialog key={open ? `${open.id}-${open.decision}` : 'none'} application={current} initialDecision={open?.decision} onClose={() => setOpen(null)} />
    </>
  );
}
