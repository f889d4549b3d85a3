import { Alert, Badge, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  CARRIERS, PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_EXPIRY_NOTICE_DAYS, PRE_APPROVAL_MESSAGES, PRE_APPROVAL_PATH, preApprovalInputSchema, preApprovalStateSchema,
  type PreApprovalInput,
} from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { CERTIFICATE_FILE_HINT, useCertificatePicture } from '../../shared/forms/useCertificatePicture';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { PreApprovalBadge } from '../../shared/ui/PreApprovalBadge';
import { toaster } from '../../shared/ui/toaster';

const answer = z.object({ id: z.string(), position: z.string() });
type PreApprovalValues = z.output<typeof preApprovalInputSchema>;
const FIELDS = ['number', 'carrier', 'parentDealer', 'validUntil', 'documentId'] as const;

/**
 * 사전승낙서 on /my-store (issue 41): what is verified now (the badge buyers see), what waits for an admin,
 * the last rejection or expiry, and the form to send one (a photo, scan or PDF).
 */
export function PreApprovalCard({ disabled }: { disabled: boolean }) {
  const client = useQueryClient();
  const state = useQuery({ queryKey: [PRE_APPROVAL_PATH], queryFn: ({ signal }) => apiFetch(PRE_APPROVAL_PATH, { schema: preApprovalStateSchema, signal }) });
  const form = useForm<PreApprovalInput, unknown, PreApprovalValues>({ resolver: zodResolver(preApprovalInputSchema), defaultValues: { number: '', carrier: 'SKT', parentDealer: '', validUntil: '', documentId: '' } });
  const picture = useCertificatePicture(PRE_APPROVAL_DOCUMENT_PATH, {
    onUploaded: (id) => form.setValue('documentId', id, { shouldValidate: true }),
    onRefused: () => form.setError('documentId', { message: PRE_APPROVAL_MESSAGES.notImage }),
  });
  const submit = useMutation({
    mutationFn: (values: PreApprovalValues) => apiFetch(PRE_APPROVAL_PATH, { method: 'POST', body: values, schema: answer }),
    onSuccess: () => {
      toaster.success({ title: '사전승낙서를 보냈습니다', description: '관리자가 확인하면 판매 상품과 스토어에 사전승낙 배지가 표시됩니다.' });
      picture.reset();
      form.reset();
      void client.invalidateQueries({ queryKey: [PRE_APPROVAL_PATH] });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError, FIELDS);
      toaster.error({ title: '보내지 못했습니다', description: describeError(error) });
    },
  });
  const s = state.data;
  const errors = form.formState.errors;
  return (
    <Card.Root data-testid="pre-approval-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">사전승낙서</Heading>
          {s?.badge ? <PreApprovalBadge preApproval={s.badge} size="md" /> : <Badge>배지 없음</Badge>}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <Text fontSize="sm" color="fg.muted">
          {`통신사가 KAIT를 통해 발급한 사전승낙서를 올리면 관리자가 확인한 뒤 판매 상품과 스토어에 번호와 통신사가 배지로 표시되고, 구매자는 사전승낙 매장만 골라 볼 수 있습니다. 유효기간 ${PRE_APPROVAL_EXPIRY_NOTICE_DAYS}일 전에 알려드리고, 기간이 끝나면 배지가 내려갑니다.`}
        </Text>
        {s?.badge ? <Text fontSize="sm" data-testid="pre-approval-verified">{`확인됨 · ${s.badge.parentDealer} · ${s.badge.validUntil}까지`}</Text> : null}
        {s?.pending ? (
          <Alert.Root status="info" data-testid="pre-approval-pending">
            <Alert.Indicator />
            <Alert.Title>{`${s.pending.carrier} ${s.pending.number} · ${formatDateTime(s.pending.submittedAt)}에 보냄 · 관리자 확인 중`}</Alert.Title>
          </Alert.Root>
        ) : null}
        {s?.last && !s.pending ? (
          <Alert.Root status="warning" data-testid="pre-approval-last">
            <Alert.Indicator />
            <Alert.Title>{s.last.outcome === 'rejected' ? `반려됨: ${s.last.reason ?? ''}` : '유효기간이 끝나 배지가 내려갔습니다. 새 사전승낙서를 올려주세요.'}</Alert.Title>
          </Alert.Root>
        ) : null}
        <form onSubmit={form.handleSubmit((values) => submit.mutate(values))} noValidate>
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField label="사전승낙서 번호" required error={errors.number}><Input placeholder="SKT-2026-0012" disabled={disabled} {...form.register('number')} data-testid="pre-approval-number" /></FormField>
              <FormField label="발급 통신사" required error={errors.carrier}>
                <NativeSelect.Root disabled={disabled}>
                  <NativeSelect.Field {...form.register('carrier')} data-testid="pre-approval-carrier">{CARRIERS.map((c) => <option key={c} value={c}>{c}</option>)}</NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="상위 대리점" required error={errors.parentDealer}><Input placeholder="강남대리점" disabled={disabled} {...form.register('parentDealer')} data-testid="pre-approval-dealer" /></FormField>
              <FormField label="유효기간 (까지)" required error={errors.validUntil}><Input type="date" disabled={disabled} {...form.register('validUntil')} data-testid="pre-approval-valid-until" /></FormField>
            </SimpleGrid>
            <FormField label="사전승낙서 파일 (JPG, PNG, WebP, PDF · 5MB 이하)" required error={errors.documentId} helper={CERTIFICATE_FILE_HINT}>
              <Input type="file" accept={picture.accept} disabled={disabled || picture.upload.isPending} onChange={(e) => picture.pick(e.currentTarget.files?.[0])} data-testid="pre-approval-file" p="1" />
            </FormField>
            {picture.upload.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(picture.upload.error)}</Text> : null}
            {picture.uploaded ? <Text fontSize="sm" color="fg.muted">파일을 올렸습니다.</Text> : null}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={submit.isPending} disabled={disabled} data-testid="pre-approval-submit">확인 요청 보내기</Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
