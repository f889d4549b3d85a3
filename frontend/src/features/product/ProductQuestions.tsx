import { useState } from 'react';
import { Badge, Box, Button, chakra, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { QUESTION_RULES, questionInputSchema, type QuestionInput, type QuestionValues } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDate } from '../../shared/format';
import { AnswerForm } from '../../shared/forms/AnswerForm';
import { useAnswerQuestion, useAskQuestion, useQuestions } from './api/reviews';

function QuestionForm({ productId }: { productId: string }) {
  const ask = useAskQuestion(productId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm<QuestionInput, unknown, QuestionValues>({ resolver: zodResolver(questionInputSchema), defaultValues: { content: '', secret: false } });
  const onSubmit = form.handleSubmit((values) =>
    ask.mutate({ values, key }, {
      onSuccess: () => { form.reset(); setKey(crypto.randomUUID()); },
      onError: (error) => applyServerErrors(error, form.setError, ['content']),
    }));
  return (
    <chakra.form onSubmit={onSubmit} noValidate data-testid="question-form">
      <Stack gap="2">
        <FormField label="상품 문의" required error={form.formState.errors.content} helper={`${QUESTION_RULES.minLength}~${QUESTION_RULES.maxLength}자 · 공개 문의의 연락처·이메일·계좌번호는 가려져 보입니다. 연락처는 비밀글로 남겨주세요.`}>
          <Textarea rows={3} {...form.register('content')} placeholder="상품에 대해 궁금한 점을 남겨주세요." />
        </FormField>
        <HStack justify="space-between">
          <chakra.label display="flex" gap="2" alignItems="center" fontSize="sm">
            <input type="checkbox" {...form.register('secret')} /> 비밀글 (판매자와 관리자만 볼 수 있습니다)
          </chakra.label>
          <Button type="submit" size="sm" colorPalette="brand" loading={ask.isPending}>문의하기</Button>
        </HStack>
        {ask.isError && !form.formState.errors.content ? <Text color="fg.error" role="alert">{describeError(ask.error)}</Text> : null}
      </Stack>
    </chakra.form>
  );
}

/** The Q&A tab: questions newest first (비밀글 as the server shows them), the question form, answers for the product's sellers and admins (a 비밀글 only by those who may read it). */
export function ProductQuestions({ productId }: { productId: string }) {
  const questions = useQuestions(productId);
  const answer = useAnswerQuestion(productId);
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const data = questions.data;
  return (
    <Stack gap="5">
      {isAuthenticated ? <QuestionForm productId={productId} /> : (
        <Text fontSize="sm">문의를 남기려면 <RouterLink to={`/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>로그인</RouterLink>해주세요.</Text>
      )}
      {questions.isError ? <Text color="fg.error">{describeError(questions.error)}</Text> : null}
      {data && data.questions.length === 0 ? <Text color="fg.muted">아직 문의가 없습니다.</Text> : null}
      {data ? (
        <Stack as="ul" gap="0" listStyleType="none" data-testid="question-list">
          {data.questions.map((q) => (
            <Box as="li" key={q.id} py="3" borderBottomWidth="1px" borderColor="border">
              <HStack gap="2" fontSize="sm" wrap="wrap">
                <Badge colorPalette={q.answered ? 'green' : 'gray'}>{q.answered ? '답변완료' : '답변대기'}</Badge>
                {q.secret ? <Badge variant="outline">비밀글</Badge> : null}
                <Text fontWeight="medium">{q.author}</Text>
                <Text color="fg.muted">{formatDate(q.createdAt)}</Text>
              </HStack>
              <Text mt="1" whiteSpace="pre-wrap" color={q.readable ? undefined : 'fg.muted'}>Q. {q.content}</Text>
              {q.answer ? (
                <Box mt="2" bg="bg.muted" rounded="md" p="3" fontSize="sm">
                  <Text fontWeight="medium">A. {q.answer.by} · {formatDate(q.answer.at)}</Text>
                  <Text whiteSpace="pre-wrap">{q.answer.content}</Text>
                </Box>
              ) : data.canAnswer && q.readable ? <AnswerForm label="문의 답변" answer={(content) => answer.mutateAsync({ questionId: q.id, content })} /> : null}
            </Box>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
