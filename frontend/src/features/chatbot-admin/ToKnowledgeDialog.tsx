import { Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { chatbotKnowledgeRequestSchema, type ChatbotKnowledgeInput, type ChatbotKnowledgeRequest } from '@phonemarket/contracts/chatbotAdmin.ts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useKnowledgeFromSource } from './api/knowledgeFromSource';

const FIELDS = ['category', 'question', 'answer', 'keywords'] as const;
const splitKeywords = (value: unknown) => (Array.isArray(value) ? value : String(value ?? '').split(',')).map((k) => String(k).trim()).filter(Boolean);

export const ENTRY_ADDED = { title: '지식 베이스에 추가했습니다', description: '검토 대기(대기) 상태입니다. 지식 베이스 관리에서 승인하면 챗봇이 답변합니다.' } as const;

/**
 * An unanswered question → a knowledge entry (status 대기): the question and its keywords come filled
 * in; the admin writes the answer the bot should have given. Resolved with the route's own schema.
 */
export function ToKnowledgeDialog({ draft, onClose }: { draft: ChatbotKnowledgeInput | null; onClose: () => void }) {
  const create = useKnowledgeFromSource();
  const form = useForm<ChatbotKnowledgeInput, unknown, ChatbotKnowledgeRequest>({
    resolver: zodResolver(chatbotKnowledgeRequestSchema),
    values: draft ?? undefined,
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => create.mutate(values, {
    onSuccess: () => {
      toaster.success(ENTRY_ADDED);
      onClose();
    },
    onError: (error) => {
      if (applyServerErrors(error, form.setError, FIELDS).length === 0) toaster.error({ title: '추가하지 못했습니다', description: describeError(error) });
    },
  }));
  return (
    <FormDialog open={draft !== null} onClose={onClose} title="지식 베이스에 추가" label="지식 항목 추가" onSubmit={onSubmit} submitLabel="대기 항목으로 추가" submitting={create.isPending} testId="chatbot-entry-dialog">
      <Stack gap="4">
        <FormField label="카테고리" required error={errors.category}><Input {...form.register('category')} /></FormField>
        <FormField label="질문" required error={errors.question}><Input data-testid="chatbot-entry-question" {...form.register('question')} /></FormField>
        <FormField label="답변" required error={errors.answer} helper="챗봇이 이 질문에 보여줄 답변입니다. 승인 전까지는 사용되지 않습니다.">
          <Textarea data-testid="chatbot-entry-answer" rows={4} {...form.register('answer')} />
        </FormField>
        <FormField label="키워드 (쉼표로 구분, 최대 10개)" error={errors.keywords as never}>
          <Input data-testid="chatbot-entry-keywords" {...form.register('keywords', { setValueAs: splitKeywords })} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
