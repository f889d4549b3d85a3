import { Button, chakra, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { QUESTION_RULES, answerInputSchema, type AnswerInput } from '@phonemarket/contracts';
import { describeError } from '../api/errors';
import { FormField } from './FormField';
import { applyServerErrors } from './serverErrors';
import { formatNumber } from '../format';

/**
 * The seller's or an admin's answer to a review or a product question: react-hook-form on the
 * contract's `answerInputSchema` (the route's own rules and Korean messages), the server's field
 * errors on the field and any other refusal (403, 409 …) under it.
 */
export function AnswerForm({ label, answer, testId }: { label: string; answer: (content: string) => Promise<unknown>; testId?: string }) {
  const form = useForm<AnswerInput>({ resolver: zodResolver(answerInputSchema), defaultValues: { content: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await answer(values.content);
      form.reset();
    } catch (error) {
      if (applyServerErrors(error, form.setError, ['content']).length === 0) form.setError('root', { message: describeError(error) });
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <chakra.form onSubmit={onSubmit} noValidate mt="2" data-testid={testId}>
      <Stack gap="2">
        <FormField label={label} error={errors.content} helper={`${formatNumber(QUESTION_RULES.answerMaxLength)}자 이하`}>
          <Textarea rows={2} {...form.register('content')} placeholder="답변 내용을 입력해주세요." />
        </FormField>
        {errors.root ? <Text color="fg.error" fontSize="sm" role="alert">{errors.root.message}</Text> : null}
        <Button type="submit" size="xs" alignSelf="flex-start" loading={isSubmitting}>답변 등록</Button>
      </Stack>
    </chakra.form>
  );
}
