import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { QUOTE_REQUEST_STATUSES, QUOTE_REQUEST_STATUS_LABELS, QUOTE_TOTAL_LABEL } from '@phonemarket/contracts/quotes.ts';
import { AdminGate } from '../../shared/auth/AdminGate';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatWon } from '../../shared/format';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAdminQuoteRequests, useQuoteHistory } from '../../shared/quotes/api';
import { QUOTE_EVENT_LABELS, requestStatusPalette } from './status';

function History({ id }: { id: string }) {
  const history = useQuoteHistory(id);
  if (history.isPending) return <Skeleton h="10" />;
  if (history.isError) return <Text color="fg.error" fontSize="sm">{describeError(history.error)}</Text>;
  return (
    <Stack gap="1" data-testid="admin-quote-history" p="2" rounded="md" bg="bg.muted">
      {history.data.map((e, i) => (
        <Flex key={`${e.type}-${i}`} gap="3" fontSize="sm" wrap="wrap">
          <Text color="fg.muted">{formatDateTime(e.at)}</Text>
          <Text>{QUOTE_EVENT_LABELS[e.type] ?? e.type}{typeof e.data.totalCost === 'number' ? ` · ${formatWon(e.data.totalCost)}` : ''}</Text>
          <Text color="fg.muted">{e.actor.role === 'guest' ? '시스템' : ROLE_LABELS[e.actor.role]}</Text>
        </Flex>
      ))}
    </Stack>
  );
}

/** 견적 요청 관리 (/admin/quotes): every request with filters (status, 검색: model, buyer, phone, id) and its history. */
export default function AdminQuotesPage() {
  useDocumentTitle('견적 요청 관리');
  return <AdminGate><AdminQuotes /></AdminGate>;
}

function AdminQuotes() {
  const [status, setStatus] = useState('all');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const list = useAdminQuoteRequests(status, q);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box maxW="5xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h1" size="xl">견적 요청 관리</Heading>
          <Button asChild variant="ghost" size="sm"><RouterLink to="/admin">관리자 홈</RouterLink></Button>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <NativeSelect.Root maxW="48">
            <NativeSelect.Field aria-label="상태" data-testid="admin-quote-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
              <option value="all">전체 상태</option>
              {QUOTE_REQUEST_STATUSES.map((s) => <option key={s} value={s}>{QUOTE_REQUEST_STATUS_LABELS[s]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input flex="1" minW="48" aria-label="검색" data-testid="admin-quote-search" placeholder="모델, 구매자 이름, 휴대폰 번호, 요청 번호" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </Flex>
        {list.isPending ? <Skeleton h="40" /> : null}
        {list.isError ? <Text color="fg.error">{describeError(list.error)}</Text> : null}
        {list.data ? <Text fontSize="sm" color="fg.muted">{list.data.total.toLocaleString('ko-KR')}건</Text> : null}
        <Stack gap="2">
          {list.data?.items.map((r) => (
            <Stack key={r.id} gap="2" p="3" borderWidth="1px" rounded="lg" data-testid="admin-quote-row">
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Stack gap="0">
                  <Text fontWeight="semibold">{r.model.name} · {r.name}</Text>
                  <Text fontSize="xs" color="fg.muted">{r.id} · {formatDateTime(r.createdAt)} · 마감 {formatDateTime(r.closesAt)}</Text>
                </Stack>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontSize="sm">견적 {r.offerCount}건{r.bestTotalCost !== null ? ` · 최저 ${QUOTE_TOTAL_LABEL} ${formatWon(r.bestTotalCost)}` : ''}</Text>
                  <Badge colorPalette={requestStatusPalette(r.status)}>{QUOTE_REQUEST_STATUS_LABELS[r.status]}</Badge>
                  {r.orderId ? <Button asChild size="xs" variant="outline"><RouterLink to={`/orders/${encodeURIComponent(r.orderId)}`}>주문</RouterLink></Button> : null}
                  <Button size="xs" variant="ghost" onClick={() => setOpen(open === r.id ? null : r.id)} aria-expanded={open === r.id}>기록</Button>
                </Flex>
              </Flex>
              {open === r.id ? <History id={r.id} /> : null}
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
