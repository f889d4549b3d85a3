import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, EmptyState, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { adminProcessHistoryPath, type ProcessFailure, type ProcessFailureStatus } from '@phonemarket/contracts/processFailures.ts';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { AdminGate } from '../../shared/auth/AdminGate';
import { useProcessFailures, useRetryProcess, type ProcessFailureFilter } from './api/processFailures';
import { HistoryTimeline } from './HistoryTimeline';
import { useProcessFailuresLive } from './useAdminLive';

const STATUS_COLORS: Record<ProcessFailureStatus, string> = { failed: 'red', retrying: 'blue', resolved: 'green' };
const FILTERS: { value: ProcessFailureFilter; label: string }[] = [
  { value: 'open', label: '미처리 (실패·재시도 중)' },
  { value: 'failed', label: '실패' },
  { value: 'retrying', label: '재시도 중' },
  { value: 'resolved', label: '처리 완료' },
  { value: 'all', label: '전체' },
];
const EMPTY: Record<ProcessFailureFilter, string> = {
  open: '처리하지 못한 작업이 없습니다', failed: '실패한 작업이 없습니다', retrying: '재시도 중인 작업이 없습니다', resolved: '처리 완료된 작업이 없습니다', all: '처리 실패 기록이 없습니다',
};

/** Which step of the process failed: a command decided at the trigger, or one of its timers (`timer0` → 예약 작업 1). */
const stepLabel = (step: string) => (/^timer\d+$/.test(step) ? `예약 작업 ${Number(step.slice(5)) + 1}` : /^\d+$/.test(step) ? `명령 ${Number(step) + 1}` : step);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="div" display="flex" gap="2" fontSize="sm" minW="0">
      <Text as="dt" color="fg.muted" flexShrink={0} w="20" whiteSpace="nowrap">{label}</Text>
      <Text as="dd" m="0" minW="0" overflowWrap="anywhere">{children}</Text>
    </Box>
  );
}

function FailureCard({ failure, onRetry }: { failure: ProcessFailure; onRetry: (failure: ProcessFailure) => void }) {
  const [history, setHistory] = useState(false);
  return (
    <Card.Root as="li" data-testid="process-failure" size="sm">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2" flexWrap="wrap">
          <Stack gap="0.5" minW="0">
            <Heading as="h2" size="sm">{failure.processLabel}</Heading>
            {failure.processLabel !== failure.process ? <Text fontSize="xs" color="fg.muted">{failure.process}</Text> : null}
          </Stack>
          <Badge colorPalette={STATUS_COLORS[failure.status]} variant="subtle" data-testid="process-failure-status">{failure.statusLabel}</Badge>
        </HStack>
        <Stack as="dl" gap="1" m="0">
          <Fact label="원인 이벤트">{failure.triggerType} · {failure.triggerStream} · {stepLabel(failure.step)}</Fact>
          <Fact label="오류"><Text as="span" fontFamily="mono" fontSize="xs" data-testid="process-failure-error">{failure.error}</Text></Fact>
          <Fact label="시도">{failure.attempts}회</Fact>
          <Fact label="실패 시각">{formatDateTime(failure.failedAt)}</Fact>
          {failure.retryRequestedAt ? (
            <Fact label="재시도">{formatDateTime(failure.retryRequestedAt)} · {failure.retryRequestedByName ?? failure.retryRequestedBy ?? '관리자'}</Fact>
          ) : null}
          {failure.resolvedAt ? <Fact label="처리 완료">{formatDateTime(failure.resolvedAt)}</Fact> : null}
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {failure.status === 'failed' ? (
            <Button size="sm" colorPalette="brand" onClick={() => onRetry(failure)} data-testid="process-retry">재시도</Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setHistory((v) => !v)} aria-expanded={history}>{history ? '기록 닫기' : '기록 보기'}</Button>
        </HStack>
        {history ? <Box borderTopWidth="1px" pt="3"><HistoryTimeline path={adminProcessHistoryPath(failure.failureId)} /></Box> : null}
      </Card.Body>
    </Card.Root>
  );
}

function ProcessFailuresList() {
  useProcessFailuresLive();
  const [filter, setFilter] = useState<ProcessFailureFilter>('open');
  const failures = useProcessFailures(filter);
  const retry = useRetryProcess();
  const [asking, setAsking] = useState<ProcessFailure | null>(null);

  const confirm = () => {
    if (!asking) return;
    retry.mutate(asking.failureId, {
      onSuccess: () => toaster.success({ title: '재시도를 요청했습니다', description: '잠시 후 결과가 이 목록에 반영됩니다.' }),
      onError: (error) => toaster.error({ title: '재시도하지 못했습니다', description: describeError(error) }),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Stack gap="2" mb="5">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size="xl">처리 실패 작업</Heading>
          {failures.data ? (
            <Badge colorPalette={failures.data.openCount > 0 ? 'red' : 'green'} size="lg" data-testid="process-open-count">미처리 {failures.data.openCount}건</Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted">주문 확정, 환불, 견적 마감처럼 자동으로 이어지는 작업 중 여러 번 시도해도 끝나지 않은 작업입니다. 원인을 확인한 뒤 재시도하면 같은 작업을 다시 한 번 실행합니다.</Text>
      </Stack>
      <NativeSelect.Root maxW="60" mb="4" size="sm">
        <NativeSelect.Field aria-label="상태" data-testid="process-filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value as ProcessFailureFilter)}>
          {FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {failures.isPending ? <Stack gap="3" role="status" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} h="32" />)}</Stack>
        : failures.isError ? <InlineLoadError error={failures.error} onRetry={() => void failures.refetch()} />
          : failures.data.failures.length === 0 ? (
            <EmptyState.Root data-testid="process-failures-empty">
              <EmptyState.Content>
                <EmptyState.Title>{EMPTY[filter]}</EmptyState.Title>
                <EmptyState.Description>작업이 실패하면 이곳과 관리자 패널에 바로 표시됩니다.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Stack gap="3">
              {failures.data.total > failures.data.failures.length ? (
                <Text fontSize="sm" color="fg.muted">전체 {failures.data.total}건 중 최근 {failures.data.failures.length}건을 보여줍니다.</Text>
              ) : null}
              <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="process-failures">
                {failures.data.failures.map((f) => <FailureCard key={f.failureId} failure={f} onRetry={setAsking} />)}
              </Stack>
            </Stack>
          )}
      <ConfirmDialog open={asking !== null} onClose={() => setAsking(null)} title="작업 재시도" confirmLabel="재시도" colorPalette="brand"
        confirming={retry.isPending} onConfirm={confirm}>
        <Text>{asking ? `'${asking.processLabel}' 작업(${asking.triggerType})을 다시 실행합니다. 이미 처리된 부분은 두 번 처리되지 않습니다.` : ''}</Text>
      </ConfirmDialog>
    </PageFrame>
  );
}

/** /admin/processes (issue 36): work the process runner gave up on, open first, with a 재시도 that asks first; live; admins only. */
export default function AdminProcessesPage() {
  useDocumentTitle('처리 실패 작업');
  return <AdminGate><ProcessFailuresList /></AdminGate>;
}
