import { useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  DEFAULT_INQUIRY_PRIORITY, INQUIRY_CATEGORIES, INQUIRY_PRIORITIES, SOCKET_EVENTS, inquiryInputSchema,
  type Inquiry, type InquiryInput, type InquiryValues,
} from '@phonemarket/contracts';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { INQUIRIES_PATH, useInquiries, useSubmitInquiry } from '../../shared/api/support';
import { useLiveData } from '../../shared/live';
import { toaster } from '../../shared/ui/toaster';

const FIELDS = ['category', 'title', 'content', 'priority'] as const;
const EMPTY: InquiryInput = { category: '' as InquiryInput['category'], title: '', content: '', priority: DEFAULT_INQUIRY_PRIORITY };

export const STATUS_COLORS: Record<Inquiry['status'], string> = { 접수: 'blue', 처리중: 'orange', 완료: 'green', 보류: 'gray' };

function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  return (
    <Card.Root data-testid="inquiry" size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2" flexWrap="wrap">
          <Stack gap="1">
            <HStack gap="2" flexWrap="wrap">
              <Badge variant="outline">{inquiry.category}</Badge>
              <Badge colorPalette={STATUS_COLORS[inquiry.status]}>{inquiry.status}</Badge>
              {inquiry.priority !== '보통' ? <Badge colorPalette={inquiry.priority === '긴급' ? 'red' : inquiry.priority === '높음' ? 'orange' : 'gray'} variant="subtle">{inquiry.priority}</Badge> : null}
            </HStack>
            <Text fontWeight="semibold">{inquiry.title}</Text>
          </Stack>
          <Text fontSize="xs" color="fg.muted">{formatDateTime(inquiry.createdAt)}</Text>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-wrap" color="fg.muted">{inquiry.content}</Text>
        {inquiry.resolutionNote ? (
          <Box data-testid="inquiry-answer" bg="bg.muted" rounded="md" p="3">
            <HStack justify="space-between" mb="1" flexWrap="wrap">
              <Text fontSize="sm" fontWeight="semibold">답변</Text>
              {inquiry.resolvedAt ? <Text fontSize="xs" color="fg.muted">{formatDateTime(inquiry.resolvedAt)} 해결</Text> : null}
            </HStack>
            <Text fontSize="sm" whiteSpace="pre-wrap">{inquiry.resolutionNote}</Text>
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function MyInquiries({ userId, onWrite }: { userId: string; onWrite: () => void }) {
  const list = useInquiries({ userId });
  // Staff answers reach an open page at once (inquiry:answered to the account's room).
  useLiveData({ events: [SOCKET_EVENTS.inquiryAnswered], queryKeys: [[INQUIRIES_PATH, { userId }]] });
  if (list.isPending) return <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack>;
  // Spec §8: a failed list is silently an empty list.
  const inquiries = list.data ?? [];
  if (inquiries.length === 0) {
    return (
      <Stack data-testid="inquiries-empty" align="center" gap="3" py="12" textAlign="center">
        <Text fontWeight="semibold">문의 내역이 없습니다</Text>
        <Text color="fg.muted" fontSize="sm">궁금한 점이 있으신가요? 첫 문의를 작성해보세요.</Text>
        <Button colorPalette="brand" onClick={onWrite}>문의 작성하기</Button>
      </Stack>
    );
  }
  return <Stack gap="3">{inquiries.map((i) => <InquiryCard key={i.id} inquiry={i} />)}</Stack>;
}

function NewInquiryForm({ onDone }: { onDone: () => void }) {
  const submit = useSubmitInquiry();
  const form = useForm<InquiryInput, unknown, InquiryValues>({ resolver: zodResolver(inquiryInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    submit.mutate(values, {
      onSuccess: () => {
        toaster.success({ title: '문의가 등록되었습니다', description: '상담원이 곧 답변드리겠습니다.' });
        form.reset(EMPTY);
        onDone();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toaster.error({ title: '문의 등록 실패', description: '다시 시도해주세요.' });
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="새 문의">
      <Stack gap="4">
        <FormField label="카테고리" required error={errors.category}>
          <NativeSelect.Root>
            <NativeSelect.Field data-testid="inquiry-category" placeholder="카테고리를 선택하세요" {...form.register('category')}>
              {INQUIRY_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="제목" required error={errors.title}>
          <Input data-testid="inquiry-title" placeholder="문의 제목을 입력하세요" {...form.register('title')} />
        </FormField>
        <FormField label="내용" required error={errors.content}>
          <Textarea data-testid="inquiry-content" rows={6} placeholder="문의 내용을 자세히 적어주세요 (10자 이상)" {...form.register('content')} />
        </FormField>
        <FormField label="우선순위" error={errors.priority}>
          <NativeSelect.Root>
            <NativeSelect.Field data-testid="inquiry-priority" {...form.register('priority')}>
              {INQUIRY_PRIORITIES.map((p) => <option key={p} value={p}>{p}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button type="submit" colorPalette="brand" loading={submit.isPending} loadingText="등록 중">문의 등록</Button>
      </Stack>
    </form>
  );
}

/** /customer-support (spec §2): login required; '내 문의' with answers, '새 문의' with the shared schema. */
export default function CustomerSupportPage() {
  useDocumentTitle('고객센터');
  const { user, isLoading } = useSession();
  const [tab, setTab] = useState<'mine' | 'new'>('mine');
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="xl" mb="1">고객센터</Heading>
      <Text color="fg.muted" mb="6">궁금한 점을 남겨주시면 상담원이 답변드립니다.</Text>
      {!user ? (
        isLoading ? <Skeleton h="32" rounded="lg" /> : (
          <Card.Root data-testid="support-login">
            <Card.Body alignItems="center" textAlign="center" gap="3" py="10">
              <Text fontWeight="semibold">로그인이 필요합니다</Text>
              <Text color="fg.muted" fontSize="sm">문의를 작성하고 답변을 확인하려면 로그인해주세요.</Text>
              <Button asChild colorPalette="brand"><RouterLink to="/landing">로그인</RouterLink></Button>
            </Card.Body>
          </Card.Root>
        )
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value === 'new' ? 'new' : 'mine')} variant="line">
          <Tabs.List mb="4">
            <Tabs.Trigger value="mine">내 문의</Tabs.Trigger>
            <Tabs.Trigger value="new">새 문의</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="mine"><MyInquiries userId={user.id} onWrite={() => setTab('new')} /></Tabs.Content>
          <Tabs.Content value="new"><NewInquiryForm onDone={() => setTab('mine')} /></Tabs.Content>
        </Tabs.Root>
      )}
    </Container>
  );
}
