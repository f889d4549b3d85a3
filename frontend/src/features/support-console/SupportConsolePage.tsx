import { Link as RouterLink } from 'react-router-dom';
import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_STATUSES, SOCKET_EVENTS, chatCountsPushSchema, type ChatMessage, type ChatSession, type Inquiry, type InquiryStatus } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { chatApi, supportQueueQueryOptions, transcriptQueryOptions, useInquiries, useUpdateInquiry } from '../../shared/api/support';
import { useSession } from '../../shared/auth/session';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useHydrated } from '../../shared/hooks/useHydrated';
import { useLiveData } from '../../shared/live';
import { useChatRoom } from '../../shared/support/useChatRoom';
import { toaster } from '../../shared/ui/toaster';


/**
 * The clock, ticking every `everyMs`; null until the page has mounted. The server renders this page
 * with its data, and a time read there differs from the browser's at hydration (React error 418), so
 * the first render shows no clock-dependent text.
 */
function useNow(everyMs = 1000): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return hydrated ? now : null;
}

/** '1분 46초' since `since`; '' before the clock is known. */
function waited(since: string | null, now: number | null): string {
  if (now === null) return '';
  if (!since) return '-';
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  return s < 60 ? `${s}초` : `${Math.floor(s / 60)}분 ${s % 60}초`;
}

const LABEL: Record<ChatMessage['type'], string> = { user: '고객', bot: '챗봇', agent: '상담원', system: '안내' };

function Transcript({ messages }: { messages: ChatMessage[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => { end.current?.scrollIntoView({ block: 'nearest' }); }, [messages.length]);
  return (
    <Stack data-testid="console-transcript" gap="2" maxH="96" overflowY="auto" p="2" bg="bg.muted" rounded="md">
      {messages.length === 0 ? <Text fontSize="sm" color="fg.muted">대화 내용이 없습니다.</Text> : null}
      {messages.map((m) => (
        <Box key={m.id} alignSelf={m.type === 'agent' ? 'flex-end' : m.type === 'system' ? 'center' : 'flex-start'} maxW="85%">
          <Text fontSize="xs" color="fg.muted">{m.type === 'system' ? '' : `${m.authorName ?? LABEL[m.type]} · `}{formatDateTime(m.timestamp)}</Text>
          <Box px="3" py="2" rounded="lg" bg={m.type === 'agent' ? 'brand.solid' : m.type === 'system' ? 'transparent' : 'bg.panel'} color={m.type === 'agent' ? 'brand.contrast' : undefined} fontSize="sm" whiteSpace="pre-wrap">
            {m.content}{m.type === 'system' && m.authorName ? ` (${m.authorName})` : ''}
          </Box>
        </Box>
      ))}
      <div ref={end} />
    </Stack>
  );
}

function ChatPanel({ sessionId, myId }: { sessionId: string; myId: string }) {
  const client = useQueryClient();
  const transcript = useQuery(transcriptQueryOptions(sessionId));
  const session = transcript.data?.session;
  const mine = session?.assignedTo === myId;
  useChatRoom(sessionId, mine && session?.status === 'active');
  const customerInquiries = useInquiries({ userId: session?.userId ?? undefined }, Boolean(session?.userId));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await Promise.all([client.invalidateQueries({ queryKey: transcriptQueryOptions(sessionId).queryKey }), client.invalidateQueries({ queryKey: supportQueueQueryOptions().queryKey })]);
    } catch (error) {
      toaster.error({ title: '처리 실패', description: describeError(error) });
    } finally {
      setBusy(false);
    }
  };
  if (!session) return transcript.isError ? <Text color="fg.error">{describeError(transcript.error)}</Text> : <Skeleton h="64" />;
  const send = () => {
    const content = draft.trim();
    if (!content) return;
    setDraft('');
    void run(() => chatApi.send(sessionId, content, client));
  };
  return (
    <Stack gap="3" data-testid="console-chat">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold">{session.customerName} 고객 {session.userId ? '' : '(비회원)'}</Text>
        <Badge colorPalette={session.status === 'waiting' ? 'orange' : session.status === 'active' ? 'green' : 'gray'}>
          {session.status === 'waiting' ? '대기 중' : session.status === 'active' ? `상담 중 · ${session.agentName ?? ''}` : session.status === 'closed' ? '종료' : '챗봇'}
        </Badge>
      </HStack>
      {session.escalationReason ? <Text fontSize="sm" color="fg.muted">요청 사유: {session.escalationReason}</Text> : null}
      <Transcript messages={transcript.data?.messages ?? []} />
      {session.status === 'waiting' ? <Button colorPalette="brand" loading={busy} onClick={() => void run(() => chatApi.assign(sessionId))}>상담 시작</Button> : null}
      {session.status === 'active' && mine ? (
        <form onSubmit={(e) => { e.preventDefault(); send(); }}>
          <HStack>
            <Input data-testid="console-input" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="고객에게 보낼 메시지" maxLength={1000} />
            <Button type="submit" colorPalette="brand" disabled={!draft.trim() || busy}>전송</Button>
            <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => void run(() => chatApi.close(sessionId))}>종료</Button>
          </HStack>
        </form>
      ) : null}
      {session.userId ? (
        <Box>
          <Text fontWeight="semibold" fontSize="sm" mb="1">고객의 문의</Text>
          {(customerInquiries.data ?? []).length === 0 ? <Text fontSize="sm" color="fg.muted">문의 내역이 없습니다.</Text> : (
            <Stack gap="1" data-testid="console-inquiries">
              {(customerInquiries.data ?? []).map((i) => <Text key={i.id} fontSize="sm">[{i.status}] {i.title} · {formatDateTime(i.createdAt)}</Text>)}
            </Stack>
          )}
        </Box>
      ) : null}
    </Stack>
  );
}

function QueueItem({ session, now, selected, onSelect }: { session: ChatSession; now: number | null; selected: boolean; onSelect: () => void }) {
  return (
    <Button data-testid="queue-item" variant={selected ? 'subtle' : 'outline'} justifyContent="space-between" h="auto" py="2" onClick={onSelect}>
      <Stack gap="0" align="start">
        <Text fontWeight="semibold">{session.customerName}</Text>
        <Text fontSize="xs" color="fg.muted">{session.status === 'waiting' ? `대기 ${waited(session.escalatedAt, now)}`.trimEnd() : `상담원 ${session.agentName ?? ''}`}</Text>
      </Stack>
      <Badge data-testid="queue-item-messages">메시지 {session.totalMessages}</Badge>
    </Button>
  );
}

function LiveChats({ myId }: { myId: string }) {
  const queue = useQuery(supportQueueQueryOptions());
  const key = supportQueueQueryOptions().queryKey;
  useLiveData({ events: [SOCKET_EVENTS.chatEscalated, SOCKET_EVENTS.chatAssigned, SOCKET_EVENTS.chatClosed], queryKeys: [key] });
  // Lines in live chats: their counts of messages are written into the queue as pushed (no read per line; one push per half second).
  useLiveData({
    events: [SOCKET_EVENTS.chatUpdated],
    queryKeys: [key],
    onPush: (raw, { client, refetch }) => {
      const parsed = chatCountsPushSchema.safeParse(raw);
      if (!parsed.success) return refetch();
      const counts = new Map(parsed.data.counts.map((c) => [c.sessionId, c.totalMessages]));
      const counted = (s: ChatSession) => { const totalMessages = counts.get(s.id); return totalMessages === undefined ? s : { ...s, totalMessages }; };
      client.setQueryData(key, (old) => old && { waiting: old.waiting.map(counted), active: old.active.map(counted) });
    },
  });
  const now = useNow();
  const [selected, setSelected] = useState<string | null>(null);
  const waiting = queue.data?.waiting ?? [];
  const active = queue.data?.active ?? [];
  return (
    <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
      <Stack w={{ base: 'full', md: '64' }} flexShrink={0} gap="2">
        <Text fontWeight="semibold">대기 중 ({waiting.length})</Text>
        {waiting.length === 0 ? <Text fontSize="sm" color="fg.muted">대기 중인 상담이 없습니다.</Text> : null}
        {waiting.map((s) => <QueueItem key={s.id} session={s} now={now} selected={selected === s.id} onSelect={() => setSelected(s.id)} />)}
        <Text fontWeight="semibold" mt="2">상담 중 ({active.length})</Text>
        {active.length === 0 ? <Text fontSize="sm" color="fg.muted">진행 중인 상담이 없습니다.</Text> : null}
        {active.map((s) => <QueueItem key={s.id} session={s} now={now} selected={selected === s.id} onSelect={() => setSelected(s.id)} />)}
      </Stack>
      <Box flex="1" minW="0">
        {selected ? <ChatPanel key={selected} sessionId={selected} myId={myId} /> : <Text color="fg.muted">목록에서 상담을 선택하세요.</Text>}
      </Box>
    </Flex>
  );
}

function InquiryRow({ inquiry }: { inquiry: Inquiry }) {
  const update = useUpdateInquiry();
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [note, setNote] = useState(inquiry.resolutionNote ?? '');
  const save = () => update.mutate({ id: inquiry.id, status, ...(note.trim() ? { resolutionNote: note.trim() } : {}) }, {
    onSuccess: () => toaster.success({ title: '문의를 처리했습니다', description: '고객에게 알림이 전송됩니다.' }),
    onError: (error) => toaster.error({ title: '처리 실패', description: describeError(error) }),
  });
  return (
    <Card.Root size="sm" data-testid="queue-inquiry">
      <Card.Body gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={inquiry.priority === '긴급' ? 'red' : inquiry.priority === '높음' ? 'orange' : 'gray'}>{inquiry.priority}</Badge>
          <Badge variant="outline">{inquiry.category}</Badge>
          <Badge>{inquiry.status}</Badge>
          <Text fontSize="xs" color="fg.muted">{formatDateTime(inquiry.createdAt)}</Text>
        </HStack>
        <Text fontWeight="semibold">{inquiry.title}</Text>
        {inquiry.orderId ? (
          <Text fontSize="sm" data-testid="queue-inquiry-order">
            주문 <RouterLink to={`/orders/${encodeURIComponent(inquiry.orderId)}`}>{inquiry.orderId}</RouterLink>
            {inquiry.brokenCondition ? <Text as="span" color="fg.error" fontWeight="medium"> · 어긴 계약 조건: {inquiry.brokenCondition.label}</Text> : null}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">{inquiry.content}</Text>
        <Textarea aria-label="답변" rows={2} value={note} onChange={(e) => setNote(e.target.value)} placeholder="답변 (고객에게 보입니다)" />
        <HStack>
          <NativeSelect.Root size="sm" maxW="32">
            <NativeSelect.Field aria-label="상태" value={status} onChange={(e) => setStatus(e.target.value as InquiryStatus)}>
              {INQUIRY_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" colorPalette="brand" loading={update.isPending} onClick={save}>저장</Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function InquiryQueue() {
  const [status, setStatus] = useState<InquiryStatus | ''>('접수');
  const list = useInquiries(status ? { status } : {});
  return (
    <Stack gap="3">
      <NativeSelect.Root maxW="40">
        <NativeSelect.Field aria-label="상태 필터" value={status} onChange={(e) => setStatus(e.target.value as InquiryStatus | '')}>
          <option value="">전체</option>
          {INQUIRY_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {list.isPending ? <Skeleton h="24" /> : (list.data ?? []).length === 0 ? <Text color="fg.muted">해당하는 문의가 없습니다.</Text>
        : (list.data ?? []).map((i) => <InquiryRow key={`${i.id}.${i.updatedAt}`} inquiry={i} />)}
    </Stack>
  );
}

/** /admin-support: support staff take escalated chats live and answer inquiries (admins only). */
export default function SupportConsolePage() {
  useDocumentTitle('상담 콘솔');
  const { user, role, isLoading } = useSession();
  if (role !== 'admin' || !user) {
    return <Container maxW="3xl" py="10">{isLoading ? <Skeleton h="24" /> : <Text data-testid="console-forbidden">관리자만 접근할 수 있습니다.</Text>}</Container>;
  }
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="xl" mb="4">상담 콘솔</Heading>
      <Tabs.Root defaultValue="chats" variant="line">
        <Tabs.List mb="4">
          <Tabs.Trigger value="chats">실시간 상담</Tabs.Trigger>
          <Tabs.Trigger value="inquiries">문의 관리</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="chats"><LiveChats myId={user.id} /></Tabs.Content>
        <Tabs.Content value="inquiries"><InquiryQueue /></Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
