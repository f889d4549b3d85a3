import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Image, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { SAFE_TRADE_BADGE, safeTradesSchema, type SafeTradeState } from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { HistoryTimeline } from './HistoryTimeline';

const SAFE_TRADES_PATH = '/api/admin/safe-trades';
const decided = z.object({ id: z.string(), position: z.string() });

/** One buyback shop's 안심거래 certificate waiting: its fields and picture, approve or reject with a reason (both in the histories). */
function SafeTradeItem({ item }: { item: SafeTradeState }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [history, setHistory] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: 'approved' | 'rejected') =>
      apiFetch(`${SAFE_TRADES_PATH}/${encodeURIComponent(item.sellerId)}/decide`, { method: 'POST', body: decision === 'rejected' ? { decision, reason } : { decision }, schema: decided }),
    onSuccess: (_a, decision) => {
      toaster.success({ title: decision === 'approved' ? '안심거래 인증서를 확인했습니다' : '안심거래 인증서를 반려했습니다', description: item.storeName });
      void client.invalidateQueries({ queryKey: [SAFE_TRADES_PATH] });
    },
  });
  const p = item.pending;
  return (
    <Card.Root as="li" size="sm" data-testid="safe-trade-item">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">{item.storeName || item.sellerId}</Heading>
          {p ? <Badge colorPalette="orange">확인 대기</Badge> : item.badge ? <Badge colorPalette="green">{`${SAFE_TRADE_BADGE} ${item.badge.number}`}</Badge> : <Badge>{item.last?.outcome === 'expired' ? '기간 만료' : '반려됨'}</Badge>}
        </HStack>
        {p ? (
          <>
            <Text fontSize="sm">{`${p.number} · 발급 ${p.issuedOn} · ${p.validUntil}까지 · ${formatDateTime(p.submittedAt)}`}</Text>
            <Link href={p.documentUrl} target="_blank" rel="noreferrer" alignSelf="flex-start">
              <Image src={p.documentUrl} alt={`${item.storeName} 안심거래 인증서 사진`} maxH="48" borderWidth="1px" rounded="md" />
            </Link>
            <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
              <Button size="sm" colorPalette="brand" onClick={() => decide.mutate('approved')} loading={decide.isPending} data-testid="safe-trade-approve">확인 (배지 표시)</Button>
              <Input size="sm" aria-label="반려 사유" placeholder="반려 사유 (매입처에 전달됩니다)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => decide.mutate('rejected')} loading={decide.isPending} data-testid="safe-trade-reject">반려</Button>
            </Stack>
          </>
        ) : item.badge ? <Text fontSize="sm">{`발급 ${item.badge.issuedOn} · ${item.badge.validUntil}까지`}</Text> : null}
        {decide.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(decide.error)}</Text> : null}
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setHistory((v) => !v)} aria-expanded={history}>{history ? '기록 닫기' : '기록 보기'}</Button>
        {history ? <Box borderTopWidth="1px" pt="2"><HistoryTimeline path={`${SAFE_TRADES_PATH}/${encodeURIComponent(item.sellerId)}/history`} /></Box> : null}
      </Card.Body>
    </Card.Root>
  );
}

/** 안심거래 (issue 41 §3), next to the 사전승낙서 queue: those waiting first, then the verified ones and the rest. */
export function SafeTradesPanel() {
  const list = useQuery({ queryKey: [SAFE_TRADES_PATH], queryFn: ({ signal }) => apiFetch(SAFE_TRADES_PATH, { schema: safeTradesSchema, signal }) });
  const waiting = list.data?.items.filter((i) => i.pending).length ?? 0;
  return (
    <Box as="section" aria-labelledby="safe-trade-heading" mt="8" data-testid="safe-trades">
      <HStack gap="2" mb="1">
        <Heading as="h2" id="safe-trade-heading" size="md">안심거래 인증 확인</Heading>
        {list.data ? <Badge colorPalette={waiting > 0 ? 'orange' : 'green'}>{`대기 ${waiting}건`}</Badge> : null}
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="3">매입처가 올린 KAIT 중고폰 안심거래 사업자 인증서입니다. 확인하면 그 매입처의 매입 견적에 안심거래 배지가 표시됩니다.</Text>
      {list.isPending ? <Skeleton h="16" />
        : list.isError ? <InlineLoadError error={list.error} onRetry={() => void list.refetch()} />
          : list.data.items.length === 0 ? <Text color="fg.muted" fontSize="sm">올라온 안심거래 인증서가 없습니다.</Text>
            : <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">{list.data.items.map((i) => <SafeTradeItem key={i.sellerId} item={i} />)}</Stack>}
    </Box>
  );
}
