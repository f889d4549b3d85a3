import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Field, Flex, Grid, Heading, HStack, Input, Link, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { ChatbotKnowledgeInput, ChatbotStats } from '@phonemarket/contracts/chatbotAdmin.ts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { formatDateTime, formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { StatGrid } from '../../shared/ui/StatGrid';
import { toaster } from '../../shared/ui/toaster';
import { useChatbotStats, type Period } from './api/chatbotStats';
import { useKnowledgeFromSource } from './api/knowledgeFromSource';
import { ChatbotSettingsCard } from './ChatbotSettingsCard';
import { ENTRY_ADDED, ToKnowledgeDialog } from './ToKnowledgeDialog';

const DailyChart = lazy(() => import('./DailyChart'));

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const PRESETS = [7, 30, 90] as const;

export const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`);
export const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}초`);
const ENTRY_STATUS_COLORS = { 대기: 'orange', 승인: 'green', 거절: 'red' } as const;
/** Spec §9's extraction, for an inquiry's title: at most 10 words longer than one character. */
const titleKeywords = (title: string) => [...new Set(title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1))].slice(0, 10);

/** Admins only: a guest is asked to sign in, any other role reads '접근 권한이 없습니다'. The server checks every call. */
function AdminOnly({ children }: { children: ReactNode }) {
  const { role, isLoading } = useSession();
  const location = useLocation();
  if (isLoading && role !== 'admin') return <Stack p="10" align="center"><Spinner aria-label="확인 중" /></Stack>;
  if (role === 'admin') return <>{children}</>;
  return (
    <Stack data-testid={role === 'guest' ? 'admin-sign-in' : 'admin-forbidden'} p="10" gap="4" align="center" textAlign="center">
      <Heading as="h1" size="lg">{role === 'guest' ? '관리자 로그인이 필요합니다' : '접근 권한이 없습니다'}</Heading>
      <Text color="fg.muted">{role === 'guest' ? '관리자 계정으로 로그인한 뒤 이용해 주세요.' : '관리자만 이용할 수 있는 페이지입니다.'}</Text>
      {role === 'guest'
        ? <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(location.pathname)}`}>로그인</RouterLink></Button>
        : <Button asChild variant="outline"><RouterLink to="/">홈으로</RouterLink></Button>}
    </Stack>
  );
}

function Section({ id, title, description, children, testId }: { id: string; title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card.Root as="section" aria-labelledby={id} data-testid={testId}>
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Box>
          <Heading as="h2" id={id} size="md">{title}</Heading>
          {description ? <Text fontSize="sm" color="fg.muted">{description}</Text> : null}
        </Box>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function PeriodPicker({ period, onChange }: { period: ChatbotStats['period'] | null; onChange: (p: Period) => void }) {
  const [today] = useState(() => koreanDayOf(Date.now()));
  const days = period ? Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1 : 7;
  const set = (from: string, to: string) => { if (from && to && from <= to) onChange({ from, to }); };
  return (
    <Flex gap="3" wrap="wrap" align="flex-end" role="group" aria-label="조회 기간">
      <HStack gap="1">
        {PRESETS.map((n) => (
          <Button key={n} size="sm" variant={period?.to === today && days === n ? 'solid' : 'outline'} onClick={() => onChange({ from: addDays(today, -(n - 1)), to: today })}>
            최근 {n}일
          </Button>
        ))}
      </HStack>
      <HStack gap="2" align="flex-end">
        <Field.Root w="auto">
          <Field.Label fontSize="xs">시작일</Field.Label>
          <Input data-testid="chatbot-from" size="sm" type="date" value={period?.from ?? ''} max={period?.to} onChange={(e) => set(e.target.value, period?.to ?? today)} />
        </Field.Root>
        <Text pb="2" aria-hidden>~</Text>
        <Field.Root w="auto">
          <Field.Label fontSize="xs">종료일</Field.Label>
          <Input data-testid="chatbot-to" size="sm" type="date" value={period?.to ?? ''} min={period?.from} onChange={(e) => set(period?.from ?? e.target.value, e.target.value)} />
        </Field.Root>
      </HStack>
    </Flex>
  );
}

function EntryBadge({ entry }: { entry: { id: string; status: keyof typeof ENTRY_STATUS_COLORS } }) {
  return (
    <HStack gap="2">
      <Badge colorPalette={ENTRY_STATUS_COLORS[entry.status]} data-testid="chatbot-entry-status">지식 베이스 {entry.status}</Badge>
      {entry.status === '대기' ? <Link asChild fontSize="sm" color="brand.fg"><RouterLink to="/admin-knowledge-base">검토하기</RouterLink></Link> : null}
    </HStack>
  );
}

function TopQuestions({ list }: { list: ChatbotStats['topQuestions'] }) {
  if (list.length === 0) return <Text fontSize="sm" color="fg.muted">이 기간에 들어온 질문이 없습니다.</Text>;
  return (
    <Stack as="ol" gap="2" ps="0" listStyleType="none" data-testid="chatbot-top-questions">
      {list.map((q, i) => (
        <Flex as="li" key={`${i}-${q.question}`} gap="3" align="flex-start" data-testid="chatbot-top-question">
          <Text fontWeight="bold" color="fg.muted" minW="6" textAlign="end">{i + 1}</Text>
          <Box flex="1" minW="0">
            <Text fontWeight="medium" wordBreak="break-all" lineClamp="3" title={q.question}>{q.question}</Text>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all" lineClamp="1">키워드: {q.keywords.join(', ') || '-'}</Text>
          </Box>
          <Stack gap="0" align="flex-end" flexShrink={0}>
            <Text fontSize="sm">{formatNumber(q.count)}회</Text>
            {q.unanswered ? <Text fontSize="xs" color="fg.error">미답변 {formatNumber(q.unanswered)}</Text> : null}
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
}

function Unanswered({ list, onAdd }: { list: ChatbotStats['unanswered']; onAdd: (draft: ChatbotKnowledgeInput) => void }) {
  if (list.length === 0) return <Text fontSize="sm" color="fg.muted">지식 베이스가 답하지 못한 질문이 없습니다.</Text>;
  return (
    <Stack gap="3">
      {list.map((q) => (
        <Flex key={`${q.sessionId}/${q.logId}`} data-testid="chatbot-unanswered-item" gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} borderBottomWidth="1px" pb="3">
          <Box minW="0">
            {/* A question may be a chat line of up to 1,000 characters: three lines of it, all of it on hover and in the dialog. */}
            <Text fontWeight="medium" wordBreak="break-all" lineClamp="3" title={q.question}>{q.question}</Text>
            <Text fontSize="xs" color="fg.muted">{formatNumber(q.count)}회 · 마지막 {formatDateTime(q.lastAskedAt)}</Text>
            {q.answeredNowBy && !q.entry ? <Text fontSize="xs" color="fg.success">지금은 ‘{q.answeredNowBy.question}’ 항목이 답합니다</Text> : null}
          </Box>
          {q.entry ? <EntryBadge entry={q.entry} /> : (
            <Button size="sm" variant="outline" colorPalette="brand" flexShrink={0} data-testid="chatbot-add-question"
              onClick={() => onAdd({ source: { kind: 'question', sessionId: q.sessionId, logId: q.logId }, category: '기타', question: q.question, answer: '', keywords: q.keywords })}>
              지식 베이스에 추가
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  );
}

function ResolvedInquiries({ list }: { list: ChatbotStats['resolvedInquiries'] }) {
  const create = useKnowledgeFromSource();
  if (list.length === 0) return <Text fontSize="sm" color="fg.muted">이 기간에 답변이 완료된 문의가 없습니다.</Text>;
  // One click: the inquiry's title is the question, its answer the entry's answer (status 대기 until reviewed).
  const add = (i: ChatbotStats['resolvedInquiries'][number]) => create.mutate(
    { source: { kind: 'inquiry', inquiryId: i.id }, category: i.category, question: i.title, answer: i.resolutionNote, keywords: titleKeywords(i.title) },
    { onSuccess: () => toaster.success(ENTRY_ADDED), onError: (error) => toaster.error({ title: '추가하지 못했습니다', description: describeError(error) }) },
  );
  return (
    <Stack gap="3">
      {list.map((i) => (
        <Flex key={i.id} data-testid="chatbot-inquiry-item" gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} borderBottomWidth="1px" pb="3">
          <Box minW="0">
            <HStack gap="2"><Badge variant="outline">{i.category}</Badge><Text fontWeight="medium" wordBreak="break-all">{i.title}</Text></HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>답변: {i.resolutionNote}</Text>
            <Text fontSize="xs" color="fg.muted">완료 {formatDateTime(i.resolvedAt)}</Text>
          </Box>
          {i.entry ? <EntryBadge entry={i.entry} /> : (
            <Button size="sm" variant="outline" colorPalette="brand" flexShrink={0} data-testid="chatbot-add-inquiry" loading={create.isPending && create.variables?.source.kind === 'inquiry' && create.variables.source.inquiryId === i.id} onClick={() => add(i)}>
              지식 베이스에 추가
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  );
}

function ChatbotAdmin() {
  const [period, setPeriod] = useState<Period | null>(null);
  const stats = useChatbotStats(period ?? {});
  const [draft, setDraft] = useState<ChatbotKnowledgeInput | null>(null);
  const data = stats.data;
  const t = data?.totals;
  const figures = t ? [
    ['세션', formatNumber(t.sessions)],
    ['메시지', formatNumber(t.messages)],
    ['해결률', percent(t.resolutionRate)],
    ['상담원 연결률', percent(t.escalationRate)],
    ['평균 만족도', t.averageSatisfaction === null ? '-' : `★ ${t.averageSatisfaction.toFixed(1)}`],
    ['첫 답변 시간 (중앙값)', seconds(t.medianFirstAnswerMs)],
    ['질문', formatNumber(t.questions)],
    ['미답변 질문', formatNumber(t.unansweredQuestions)],
  ] as const : null;
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Stack gap="2" mb="5">
        <Heading as="h1" size="xl">챗봇 관리</Heading>
        <Text color="fg.muted">상담 세션과 대화 기록으로 계산한 지표입니다. 해결률은 만족도 4점 이상이거나 해결된 세션의 비율입니다.</Text>
      </Stack>
      <Stack gap="5">
        <PeriodPicker period={data?.period ?? null} onChange={setPeriod} />
        {stats.isError && !data ? <InlineLoadError error={stats.error} onRetry={() => void stats.refetch()} /> : null}
        <Box aria-busy={stats.isFetching} data-testid="chatbot-figures">
          {figures ? <StatGrid figures={figures} /> : <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="3">{Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h="20" />)}</Grid>}
        </Box>
        <Section id="chatbot-daily-title" title="일별 세션과 해결률" description={data ? `${data.period.from} ~ ${data.period.to}` : undefined}>
          {data ? (
            <Suspense fallback={<Skeleton h="64" />}>
              <DailyChart daily={data.daily} />
            </Suspense>
          ) : <Skeleton h="64" />}
        </Section>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Section id="chatbot-top-title" title="자주 묻는 질문 10" description="질문의 핵심 단어(2자 이상, 최대 10개)가 같으면 같은 질문으로 셉니다.">
              {data ? <TopQuestions list={data.topQuestions} /> : <Skeleton h="40" />}
            </Section>
            <Section id="chatbot-unanswered-title" title="답변하지 못한 질문" description="지식 베이스에 추가하면 검토 대기 항목이 되고, 승인되면 챗봇이 답합니다." testId="chatbot-unanswered">
              {data ? <Unanswered list={data.unanswered} onAdd={setDraft} /> : <Skeleton h="24" />}
            </Section>
            <Section id="chatbot-inquiries-title" title="답변이 완료된 문의" description="한 번에 지식 베이스 항목(대기)으로 추가합니다." testId="chatbot-inquiries">
              {data ? <ResolvedInquiries list={data.resolvedInquiries} /> : <Skeleton h="24" />}
            </Section>
          </Stack>
          <Stack gap="5" minW="0">
            <ChatbotSettingsCard />
            <Card.Root>
              <Card.Body gap="2" p={{ base: '4', md: '5' }}>
                <Text fontWeight="semibold">지식 베이스</Text>
                <Text fontSize="sm" color="fg.muted">추가한 항목은 지식 베이스 관리에서 검토·승인합니다.</Text>
                <Button asChild size="sm" variant="outline" alignSelf="flex-start"><RouterLink to="/admin-knowledge-base">지식 베이스 관리</RouterLink></Button>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Grid>
      </Stack>
      <ToKnowledgeDialog draft={draft} onClose={() => setDraft(null)} />
    </PageFrame>
  );
}

/** /admin/chatbot (issue 29): figures from the chat sessions for a period, unanswered questions and resolved inquiries → knowledge entries, the chatbot settings. */
export default function ChatbotAdminPage() {
  useDocumentTitle('챗봇 관리');
  return <AdminOnly><ChatbotAdmin /></AdminOnly>;
}
