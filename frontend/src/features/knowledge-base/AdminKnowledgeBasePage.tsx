import { useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  KNOWLEDGE_STATUSES, ROLES, knowledgeEntryInputSchema,
  type KnowledgeEntry, type KnowledgeEntryInput, type KnowledgeEntryValues, type KnowledgeStatus,
} from '@phonemarket/contracts';
import { entrySourceLabel } from '@phonemarket/contracts/chatbotAdmin.ts';
import { describeError } from '../../shared/api/errors';
import {
  createKnowledgeEntry, editKnowledgeEntry, reviewKnowledgeEntry, setKnowledgeEntryActive, useKnowledgeBase, useKnowledgeCommand,
} from '../../shared/api/support';
import { useSession } from '../../shared/auth/session';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';

const FIELDS = ['category', 'question', 'answer', 'keywords', 'requiresAuth', 'roles'] as const;
const EMPTY: KnowledgeEntryInput = { category: '', question: '', answer: '', keywords: [], requiresAuth: false, roles: [] };
const STATUS_COLORS: Record<KnowledgeStatus, string> = { 대기: 'orange', 승인: 'green', 거절: 'red' };
const splitKeywords = (value: unknown) => (Array.isArray(value) ? value : String(value ?? '').split(',')).map((k) => String(k).trim()).filter(Boolean);

function EntryForm({ entry, onDone }: { entry: KnowledgeEntry | null; onDone: () => void }) {
  const save = useKnowledgeCommand((values: KnowledgeEntryValues) => (entry ? editKnowledgeEntry({ id: entry.id, values }) : createKnowledgeEntry(values)));
  const form = useForm<KnowledgeEntryInput, unknown, KnowledgeEntryValues>({
    resolver: zodResolver(knowledgeEntryInputSchema),
    defaultValues: entry ? { category: entry.category, question: entry.question, answer: entry.answer, keywords: entry.keywords, requiresAuth: entry.requiresAuth, roles: entry.roles } : EMPTY,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => save.mutate(values, {
    onSuccess: () => {
      toaster.success({ title: entry ? '지식 항목을 수정했습니다' : '지식 항목을 등록했습니다', description: entry ? undefined : '승인하면 챗봇이 답변에 사용합니다.' });
      onDone();
    },
    onError: (error) => applyServerErrors(error, form.setError, FIELDS),
  }));
  return (
    <Card.Root data-testid="kb-form">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label={entry ? '지식 항목 수정' : '새 지식 항목'}>
          <Stack gap="3">
            <Heading as="h2" size="md">{entry ? '지식 항목 수정' : '새 지식 항목'}</Heading>
            <FormField label="카테고리" required error={errors.category}><Input {...form.register('category')} placeholder="주문배송" /></FormField>
            <FormField label="질문" required error={errors.question}><Input data-testid="kb-question" {...form.register('question')} /></FormField>
            <FormField label="답변" required error={errors.answer}><Textarea data-testid="kb-answer" rows={4} {...form.register('answer')} /></FormField>
            <FormField label="키워드 (쉼표로 구분, 최대 10개)" error={errors.keywords as never}>
              <Input data-testid="kb-keywords" {...form.register('keywords', { setValueAs: splitKeywords })} placeholder="배송, 택배" />
            </FormField>
            <HStack gap="4" flexWrap="wrap">
              <label><input type="checkbox" {...form.register('requiresAuth')} /> 로그인 필요</label>
              {ROLES.map((r) => <label key={r}><input type="checkbox" value={r} {...form.register('roles')} /> {ROLE_LABELS[r]}만</label>)}
            </HStack>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={save.isPending}>{entry ? '저장' : '등록'}</Button>
              <Button variant="ghost" onClick={onDone}>취소</Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function EntryCard({ entry, onEdit }: { entry: KnowledgeEntry; onEdit: () => void }) {
  const review = useKnowledgeCommand(reviewKnowledgeEntry);
  const active = useKnowledgeCommand(setKnowledgeEntryActive);
  const onError = (error: unknown) => toaster.error({ title: '처리 실패', description: describeError(error) });
  const busy = review.isPending || active.isPending;
  return (
    <Card.Root data-testid="kb-entry" size="sm" opacity={entry.isActive ? 1 : 0.6}>
      <Card.Body gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge variant="outline">{entry.category}</Badge>
          <Badge colorPalette={STATUS_COLORS[entry.status]}>{entry.status}</Badge>
          {!entry.isActive ? <Badge colorPalette="gray">비활성</Badge> : null}
          {entry.requiresAuth ? <Badge variant="subtle">로그인 필요</Badge> : null}
          {entry.sourceInquiryId ? <Badge variant="subtle" colorPalette="blue" data-testid="kb-source">{entrySourceLabel(entry.sourceInquiryId)}</Badge> : null}
          {entry.roles.map((r) => <Badge key={r} variant="subtle" colorPalette="purple">{ROLE_LABELS[r]}</Badge>)}
        </HStack>
        <Text fontWeight="semibold">{entry.question}</Text>
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">{entry.answer}</Text>
        {entry.keywords.length ? <Text fontSize="xs" color="fg.subtle">키워드: {entry.keywords.join(', ')}</Text> : null}
        <HStack gap="4" fontSize="sm" flexWrap="wrap">
          <Text data-testid="kb-usage">사용 {entry.usageCount.toLocaleString('ko-KR')}회</Text>
          <Text data-testid="kb-satisfaction">만족도 {entry.ratingCount ? `★ ${entry.satisfactionScore.toFixed(1)} (${entry.ratingCount})` : '-'}</Text>
          {entry.reviewedAt ? <Text color="fg.muted">검토 {formatDateTime(entry.reviewedAt)}</Text> : null}
        </HStack>
        <HStack gap="2" flexWrap="wrap">
          <Button size="xs" variant="outline" onClick={onEdit}>수정</Button>
          {entry.status !== '승인' ? <Button size="xs" colorPalette="green" disabled={busy} onClick={() => review.mutate({ id: entry.id, status: '승인' }, { onError })}>승인</Button> : null}
          {entry.status !== '거절' ? <Button size="xs" colorPalette="red" variant="outline" disabled={busy} onClick={() => review.mutate({ id: entry.id, status: '거절' }, { onError })}>거절</Button> : null}
          <Button size="xs" variant="ghost" disabled={busy} onClick={() => active.mutate({ id: entry.id, isActive: !entry.isActive }, { onError })}>
            {entry.isActive ? '비활성화' : '활성화'}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin-knowledge-base: the chatbot's answers — list, search, create, edit, approve/reject, deactivate; usage and satisfaction. */
export default function AdminKnowledgeBasePage() {
  useDocumentTitle('지식 베이스 관리');
  const { role, isLoading } = useSession();
  const list = useKnowledgeBase(role === 'admin');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<KnowledgeStatus | ''>('');
  const [editing, setEditing] = useState<KnowledgeEntry | 'new' | null>(null);
  const shown = useMemo(() => {
    const q = query.replace(/\s+/g, '').toLowerCase();
    return (list.data ?? []).filter((e) => (!status || e.status === status)
      && (!q || [e.question, e.answer, e.category, ...e.keywords].some((t) => t.replace(/\s+/g, '').toLowerCase().includes(q))));
  }, [list.data, query, status]);

  if (role !== 'admin') {
    return <Container maxW="3xl" py="10">{isLoading ? <Skeleton h="24" /> : <Text data-testid="kb-forbidden">관리자만 접근할 수 있습니다.</Text>}</Container>;
  }
  const pending = (list.data ?? []).filter((e) => e.status === '대기').length;
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <HStack justify="space-between" mb="4" flexWrap="wrap" gap="2">
        <Box>
          <Heading as="h1" size="xl">지식 베이스 관리</Heading>
          <Text color="fg.muted" fontSize="sm">전체 {list.data?.length ?? 0}개 · 검토 대기 {pending}개</Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>새 항목</Button>
      </HStack>
      {editing ? <Box mb="4"><EntryForm key={editing === 'new' ? 'new' : editing.id} entry={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /></Box> : null}
      <HStack mb="4" gap="2" flexDirection={{ base: 'column', sm: 'row' }} align="stretch">
        <Input data-testid="kb-search" placeholder="질문, 답변, 키워드 검색" value={query} onChange={(e) => setQuery(e.target.value)} />
        <NativeSelect.Root maxW={{ sm: '40' }}>
          <NativeSelect.Field aria-label="상태" value={status} onChange={(e) => setStatus(e.target.value as KnowledgeStatus | '')}>
            <option value="">전체 상태</option>
            {KNOWLEDGE_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {list.isPending ? <Stack gap="3">{[0, 1, 2].map((i) => <Skeleton key={i} h="28" />)}</Stack> : list.isError ? (
        <Text color="fg.error">{describeError(list.error)}</Text>
      ) : shown.length === 0 ? <Text color="fg.muted" py="8" textAlign="center">조건에 맞는 항목이 없습니다.</Text> : (
        <Stack gap="3">{shown.map((e) => <EntryCard key={e.id} entry={e} onEdit={() => setEditing(e)} />)}</Stack>
      )}
    </Container>
  );
}
