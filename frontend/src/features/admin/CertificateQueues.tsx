import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Image, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  preApprovalBadgeLabel, preApprovalsSchema, SAFE_TRADE_BADGE, safeTradesSchema, type PreApprovalState, type SafeTradeState,
} from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { HistoryTimeline } from './HistoryTimeline';

const decided = z.object({ id: z.string(), position: z.string() });

/** What a certificate queue row has, whichever certificate (사전승낙서, 안심거래). */
interface QueueItem {
  sellerId: string;
  storeName: string;
  pending: { documentUrl: string; submittedAt: string } | null;
  badge: object | null;
  last: { outcome: 'rejected' | 'expired' } | null;
}
/** One certificate's queue: its address, words and how a row's fields read. */
interface Queue<I extends QueueItem> {
  path: string;
  schema: z.ZodMiniType<{ items: I[] }>;
  /** `pre-approval` or `safe-trade`: the section's and the rows' test ids and the heading's id. */
  testId: string;
  /** The certificate's name as a toast and an empty queue say it: '사전승낙서', '안심거래 인증서'. */
  name: string;
  heading: string;
  intro: string;
  /** Who hears a rejection's reason: '판매자', '매입처'. */
  owner: string;
  verifiedBadge: { palette: string; label: (item: I) => string };
  pendingText: (pending: NonNullable<I['pending']>) => string;
  verifiedText: (badge: NonNullable<I['badge']>) => string;
}

/** One shop's certificate: its fields and picture while it waits, approve or reject with a reason (both in the histories). */
function QueueRow<I extends QueueItem>({ queue, item }: { queue: Queue<I>; item: I }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [history, setHistory] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: 'approved' | 'rejected') =>
      apiFetch(`${queue.path}/${encodeURIComponent(item.sellerId)}/decide`, { method: 'POST', body: decision === 'rejected' ? { decision, reason } : { decision }, schema: decided }),
    onSuccess: (_a, decision) => {
      toaster.success({ title: `${queue.name}${decision === 'approved' ? '를 확인했습니다' : '를 반려했습니다'}`, description: item.storeName });
      void client.invalidateQueries({ queryKey: [queue.path] });
    },
  });
  const p = item.pending as NonNullable<I['pending']> | null;
  const badge = item.badge as NonNullable<I['badge']> | null;
  return (
    <Card.Root as="li" size="sm" data-testid={`${queue.testId}-item`}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">{item.storeName || item.sellerId}</Heading>
          {p ? <Badge colorPalette="orange">확인 대기</Badge> : badge ? <Badge colorPalette={queue.verifiedBadge.palette}>{queue.verifiedBadge.label(item)}</Badge> : <Badge>{item.last?.outcome === 'expired' ? '기간 만료' : '반려됨'}</Badge>}
        </HStack>
        {p ? (
          <>
            <Text fontSize="sm">{`${queue.pendingText(p)} · ${formatDateTime(p.submittedAt)}`}</Text>
            <Link href={p.documentUrl} target="_blank" rel="noreferrer" alignSelf="flex-start">
              <Image src={p.documentUrl} alt={`${item.storeName} ${queue.name} 사진`} maxH="48" borderWidth="1px" rounded="md" />
            </Link>
            <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
              <Button size="sm" colorPalette="brand" onClick={() => decide.mutate('approved')} loading={decide.isPending} data-testid={`${queue.testId}-approve`}>확인 (배지 표시)</Button>
              <Input size="sm" aria-label="반려 사유" placeholder={`반려 사유 (${queue.owner}에게 전달됩니다)`} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => decide.mutate('rejected')} loading={decide.isPending} data-testid={`${queue.testId}-reject`}>반려</Button>
            </Stack>
          </>
        ) : badge ? <Text fontSize="sm">{queue.verifiedText(badge)}</Text> : null}
        {decide.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(decide.error)}</Text> : null}
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setHistory((v) => !v)} aria-expanded={history}>{history ? '기록 닫기' : '기록 보기'}</Button>
        {history ? <Box borderTopWidth="1px" pt="2"><HistoryTimeline path={`${queue.path}/${encodeURIComponent(item.sellerId)}/history`} /></Box> : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A certificate's queue on /admin/reports: those waiting first, then the verified ones and the rest. */
function CertificateQueue<I extends QueueItem>({ queue }: { queue: Queue<I> }) {
  const list = useQuery({ queryKey: [queue.path], queryFn: ({ signal }) => apiFetch(queue.path, { schema: queue.schema, signal }) });
  const waiting = list.data?.items.filter((i) => i.pending).length ?? 0;
  return (
    <Box as="section" aria-labelledby={`${queue.testId}-heading`} mt="8" data-testid={`${queue.testId}s`}>
      <HStack gap="2" mb="1">
        <Heading as="h2" id={`${queue.testId}-heading`} size="md">{queue.heading}</Heading>
        {list.data ? <Badge colorPalette={waiting > 0 ? 'orange' : 'green'}>{`대기 ${waiting}건`}</Badge> : null}
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="3">{queue.intro}</Text>
      {list.isPending ? <Skeleton h="16" />
        : list.isError ? <InlineLoadError error={list.error} onRetry={() => void list.refetch()} />
          : list.data.items.length === 0 ? <Text color="fg.muted" fontSize="sm">{`올라온 ${queue.name}가 없습니다.`}</Text>
            : <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">{list.data.items.map((i) => <QueueRow key={i.sellerId} queue={queue} item={i} />)}</Stack>}
    </Box>
  );
}

const PRE_APPROVALS: Queue<PreApprovalState> = {
  path: '/api/admin/pre-approvals', schema: preApprovalsSchema, testId: 'pre-approval', name: '사전승낙서', heading: '사전승낙서 확인', owner: '판매자',
  intro: '판매자가 올린 통신사 사전승낙서입니다. 확인하면 판매 상품과 스토어에 번호와 통신사가 배지로 표시됩니다.',
  verifiedBadge: { palette: 'blue', label: (i) => (i.badge ? preApprovalBadgeLabel(i.badge) : '') },
  pendingText: (p) => `${p.carrier} · ${p.number} · 상위 대리점 ${p.parentDealer} · ${p.validUntil}까지`,
  verifiedText: (b) => `${b.parentDealer} · ${b.validUntil}까지`,
};
const SAFE_TRADES: Queue<SafeTradeState> = {
  path: '/api/admin/safe-trades', schema: safeTradesSchema, testId: 'safe-trade', name: '안심거래 인증서', heading: '안심거래 인증 확인', owner: '매입처',
  intro: '매입처가 올린 KAIT 중고폰 안심거래 사업자 인증서입니다. 확인하면 그 매입처의 매입 견적에 안심거래 배지가 표시됩니다.',
  verifiedBadge: { palette: 'green', label: (i) => `${SAFE_TRADE_BADGE} ${i.badge?.number ?? ''}` },
  pendingText: (p) => `${p.number} · 발급 ${p.issuedOn} · ${p.validUntil}까지`,
  verifiedText: (b) => `발급 ${b.issuedOn} · ${b.validUntil}까지`,
};

/** 사전승낙서 (issue 41 §2): the admins' check. */
export const PreApprovalsPanel = () => <CertificateQueue queue={PRE_APPROVALS} />;
/** 안심거래 (issue 41 §3), next to the 사전승낙서 queue. */
export const SafeTradesPanel = () => <CertificateQueue queue={SAFE_TRADES} />;
