import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  HELD_TEXT_KIND_LABELS, NAEGUJE_LINE_LIMIT, NAEGUJE_WINDOW_DAYS, REPORT_OUTCOMES, heldTextsSchema, type HeldText, REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS, SOCKET_EVENTS, naegujeAccountsSchema,
  reportResolveInputSchema, type Report, type ReportOutcome,
} from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { ADMIN_REPORTS_PATH, useReports, useResolveReport } from '../../shared/api/reports';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveData } from '../../shared/live';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { AdminGate } from '../../shared/auth/AdminGate';
import { HistoryTimeline } from './HistoryTimeline';
import { PreApprovalsPanel, SafeTradesPanel } from './CertificateQueues';

/** The outcomes that fit a report: only an offer has a listing to suspend; a target without a shop has nobody to warn. */
const outcomesFor = (r: Report): ReportOutcome[] => REPORT_OUTCOMES.filter((o) => (o !== 'listingSuspended' || r.kind === 'offer') && ((o !== 'warned' && o !== 'sellerSuspended') || r.sellerId !== null));

function ReportCard({ report }: { report: Report }) {
  const resolve = useResolveReport();
  const [outcome, setOutcome] = useState<ReportOutcome>('dismissed');
  const [note, setNote] = useState('');
  const [history, setHistory] = useState(false);
  // Checked with the route's schema first: an empty or one-letter 처리 메모 is told as such (the server's answer names only '처리 내용').
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const checked = z.safeParse(reportResolveInputSchema, { outcome, note });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? '처리 내용을 확인해주세요.');
      return;
    }
    setProblem(null);
    resolve.mutate({ reportId: report.id, values: checked.data }, {
      onSuccess: () => toaster.success({ title: `신고를 ${josa(REPORT_OUTCOME_LABELS[outcome], '으로/로')} 처리했습니다`, description: '신고한 분에게 결과가 전달됩니다.' }),
    });
  };
  return (
    <Card.Root as="li" size="sm" data-testid="report" data-report-id={report.id}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="sm">{report.label}</Heading>
          {report.outcome ? <Badge colorPalette="green">{REPORT_OUTCOME_LABELS[report.outcome]}</Badge> : <Badge colorPalette="red">미처리</Badge>}
        </HStack>
        <Text fontSize="sm"><Badge size="sm" me="1">{REPORT_TARGET_LABELS[report.kind]}</Badge>{REPORT_REASON_LABELS[report.reason]} · {report.reporter || '회원'} · {formatDateTime(report.createdAt)}</Text>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">{report.text}</Text>
        {report.note ? <Text fontSize="sm" color="fg.muted">처리 메모: {report.note}</Text> : null}
        {report.outcome ? null : (
          <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
            <NativeSelect.Root size="sm" maxW={{ md: '40' }}>
              <NativeSelect.Field aria-label="처리 결과" data-testid="report-outcome" value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as ReportOutcome)}>
                {outcomesFor(report).map((o) => <option key={o} value={o}>{REPORT_OUTCOME_LABELS[o]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input size="sm" aria-label="처리 메모" data-testid="report-note" placeholder="처리 메모 (신고한 분에게 전달됩니다)" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            <Button size="sm" colorPalette="brand" onClick={submit} loading={resolve.isPending} data-testid="report-resolve">처리</Button>
          </Stack>
        )}
        {problem || resolve.isError ? <Text color="fg.error" fontSize="sm" role="alert" data-testid="report-problem">{problem ?? describeError(resolve.error)}</Text> : null}
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setHistory((v) => !v)} aria-expanded={history}>{history ? '기록 닫기' : '기록 보기'}</Button>
        {history ? <Box borderTopWidth="1px" pt="2"><HistoryTimeline path={`${ADMIN_REPORTS_PATH}/${encodeURIComponent(report.id)}/history`} /></Box> : null}
      </Card.Body>
    </Card.Root>
  );
}

const NAEGUJE_ACCOUNTS_PATH = '/api/admin/naeguje-accounts';
const HELD_TEXTS_PATH = '/api/admin/held-texts';
const decided = z.object({ id: z.string(), position: z.string() });

/** One held text: its words, where it was written, and 게시 or 반려 (with a reason the writer hears). */
function HeldTextCard({ text }: { text: HeldText }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: ({ action }: { action: 'release' | 'reject' }) =>
      apiFetch(`${HELD_TEXTS_PATH}/${encodeURIComponent(text.id)}/${action}`, { method: 'POST', body: action === 'reject' ? { reason } : {}, schema: decided }),
    onSuccess: (_a, { action }) => {
      toaster.success({ title: action === 'release' ? '게시했습니다' : '반려했습니다', description: '작성자에게 알림으로 전달됩니다.' });
      void client.invalidateQueries({ queryKey: [HELD_TEXTS_PATH] });
    },
  });
  return (
    <Card.Root as="li" size="sm" data-testid="held-text" data-held-id={text.id}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">{text.label}</Heading>
          <HStack gap="1">{text.words.map((w) => <Badge key={w} colorPalette="red">{w}</Badge>)}</HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted">{HELD_TEXT_KIND_LABELS[text.kind]} · {text.author} · {formatDateTime(text.createdAt)}</Text>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">{text.text}</Text>
        {text.status === 'held' ? (
          <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
            <Button size="sm" variant="outline" onClick={() => decide.mutate({ action: 'release' })} loading={decide.isPending} data-testid="held-release">문제없음 · 게시</Button>
            <Input size="sm" aria-label="반려 사유" placeholder="반려 사유 (작성자에게 전달됩니다)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="held-reason" />
            <Button size="sm" colorPalette="red" onClick={() => decide.mutate({ action: 'reject' })} loading={decide.isPending} data-testid="held-reject">반려</Button>
          </Stack>
        ) : <Text fontSize="sm">{text.status === 'released' ? '게시됨' : `반려됨: ${text.reason ?? ''}`}</Text>}
        {decide.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(decide.error)}</Text> : null}
      </Card.Body>
    </Card.Root>
  );
}

/** The scam guard's queue (issue 41): texts with 현금 페이백, 현금 지급, 대납 or 내구제 wording, held until an admin decides. */
function HeldTexts() {
  // A text held or decided anywhere reads this queue again (pushed to the admins' room, as reports are).
  useLiveData({ events: [SOCKET_EVENTS.heldTextsChanged], paths: [HELD_TEXTS_PATH] });
  const held = useQuery({ queryKey: [HELD_TEXTS_PATH], queryFn: ({ signal }) => apiFetch(HELD_TEXTS_PATH, { schema: heldTextsSchema, signal }) });
  return (
    <Box as="section" aria-labelledby="held-heading" mt="8" data-testid="held-texts">
      <HStack gap="2" mb="1">
        <Heading as="h2" id="held-heading" size="md">검토 대기 글</Heading>
        {held.data ? <Badge colorPalette={held.data.held > 0 ? 'red' : 'green'}>{`${held.data.held}건`}</Badge> : null}
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="3">현금 페이백·현금 지급·대납·내구제 표현이 있어 게시하지 않고 보류한 판매 글, 견적 메모, 매장 소개, 채팅 메시지입니다.</Text>
      {held.isPending ? <Skeleton h="16" />
        : held.isError ? <InlineLoadError error={held.error} onRetry={() => void held.refetch()} />
          : held.data.items.length === 0 ? <Text color="fg.muted" fontSize="sm" data-testid="held-empty">검토할 글이 없습니다.</Text>
            : <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">{held.data.items.map((t) => <HeldTextCard key={t.id} text={t} />)}</Stack>}
    </Box>
  );
}

/** Accounts that opened more than 2 lines in 30 days (each time confirming the 내구제 warning): for a look, not a verdict. */
function NaegujeAccounts() {
  const accounts = useQuery({ queryKey: [NAEGUJE_ACCOUNTS_PATH], queryFn: ({ signal }) => apiFetch(NAEGUJE_ACCOUNTS_PATH, { schema: naegujeAccountsSchema, signal }) });
  return (
    <Box as="section" aria-labelledby="naeguje-heading" mt="8" data-testid="naeguje-accounts">
      <Heading as="h2" id="naeguje-heading" size="md" mb="1">내구제 의심 계정</Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">{`최근 ${NAEGUJE_WINDOW_DAYS}일 안에 ${NAEGUJE_LINE_LIMIT}회선을 넘게 개통한 계정입니다. 구매자는 내구제 안내를 읽고 확인한 뒤 주문했습니다.`}</Text>
      {accounts.isPending ? <Skeleton h="16" />
        : accounts.isError ? <InlineLoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
          : accounts.data.items.length === 0 ? <Text color="fg.muted" fontSize="sm" data-testid="naeguje-empty">해당하는 계정이 없습니다.</Text>
            : (
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                {accounts.data.items.map((a) => (
                  <Card.Root as="li" key={a.userId} size="sm" data-testid="naeguje-account">
                    <Card.Body gap="1">
                      <HStack justify="space-between" wrap="wrap" gap="2">
                        <Text fontWeight="semibold">{a.name || '회원'}</Text>
                        <Badge colorPalette="orange">{`${NAEGUJE_WINDOW_DAYS}일 ${a.peakLines}회선`}</Badge>
                      </HStack>
                      <Text fontSize="sm" color="fg.muted">{`경고 확인 ${a.confirmations}회 · 최근 주문 ${a.lastOrderId} · ${formatDateTime(a.lastAt)}`}</Text>
                    </Card.Body>
                  </Card.Root>
                ))}
              </Stack>
            )}
    </Box>
  );
}

function ReportsQueue() {
  // A report filed or resolved anywhere reads the queue again (pushed to the admins' room).
  useLiveData({ events: [SOCKET_EVENTS.reportsChanged], paths: [ADMIN_REPORTS_PATH] });
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useReports(status);
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <HStack gap="3" mb="2" wrap="wrap">
        <Heading as="h1" size="xl">신고 관리</Heading>
        {reports.data ? <Badge colorPalette={reports.data.open > 0 ? 'red' : 'green'} size="lg" data-testid="reports-open-count">미처리 {reports.data.open}건</Badge> : null}
      </HStack>
      <Text color="fg.muted" mb="4">판매 상품·매장·견적·채팅 메시지 신고입니다. 처리 결과는 신고한 분에게 알림으로 전달되고, 매장 기록에 남습니다.</Text>
      <NativeSelect.Root maxW="48" mb="4" size="sm">
        <NativeSelect.Field aria-label="상태" value={status} onChange={(e) => setStatus(e.currentTarget.value as 'open' | 'resolved')}>
          <option value="open">미처리</option>
          <option value="resolved">처리 완료</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {reports.isPending ? <Skeleton h="32" />
        : reports.isError ? <InlineLoadError error={reports.error} onRetry={() => void reports.refetch()} />
          : reports.data.items.length === 0 ? <Text color="fg.muted" data-testid="reports-empty">{status === 'open' ? '처리할 신고가 없습니다.' : '처리한 신고가 없습니다.'}</Text>
            : <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">{reports.data.items.map((r) => <ReportCard key={r.id} report={r} />)}</Stack>}
      <HeldTexts />
      <PreApprovalsPanel />
      <SafeTradesPanel />
      <NaegujeAccounts />
    </PageFrame>
  );
}

/** /admin/reports (issue 41): the 신고 queue, live, each resolved once (기각, 경고, 상품 판매 중지, 판매자 정지); admins only. */
export default function AdminReportsPage() {
  useDocumentTitle('신고 관리');
  return <AdminGate><ReportsQueue /></AdminGate>;
}
