import { Alert, Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { SAFE_TRADE_DOCUMENT_PATH, SAFE_TRADE_MESSAGES, SAFE_TRADE_PATH, safeTradeInputSchema, safeTradeStateSchema, type SafeTradeInput } from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { CERTIFICATE_FILE_HINT, useCertificatePicture } from '../../shared/forms/useCertificatePicture';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { SafeTradeBadge } from '../../shared/ui/SafeTradeBadge';
import { toaster } from '../../shared/ui/toaster';

const answer = z.object({ id: z.string(), position: z.string() });
type SafeTradeValues = z.output<typeof safeTradeInputSchema>;
const FIELDS = ['number', 'issuedOn', 'validUntil', 'documentId'] as const;

/**
 * 안심거래 on /my-store (issue 41 §3), for a shop that buys used phones: what is verified now (the badge on its
 * buyback quotes), what waits for an admin, the last rejection or expiry, and the form to send the KAIT certificate.
 */
export function SafeTradeCard({ disabled }: { disabled: boolean }) {
  const client = useQueryClient();
  const state = useQuery({ queryKey: [SAFE_TRADE_PATH], queryFn: ({ signal }) => apiFetch(SAFE_TRADE_PATH, { schema: safeTradeStateSchema, signal }) });
  const form = useForm<SafeTradeInput, unknown, SafeTradeValues>({ resolver: zodResolver(safeTradeInputSchema), defaultValues: { number: '', issuedOn: '', validUntil: '', documentId: '' } });
  const picture = useCertificatePicture(SAFE_TRADE_DOCUMENT_PATH, {
    onUploaded: (id) => form.setValue('documentId', id, { shouldValidate: true }),
    onRefused: () => form.setError('documentId', { message: SAFE_TRADE_MESSAGES.notImage }),
  });
  const submit = useMutation({
    mutationFn: (values: SafeTradeValues) => apiFetch(SAFE_TRADE_PATH, { method: 'POST', body: values, schema: answer }),
    onSuccess: () => {
      toaster.success({ title: '안심거래 인증서를 보냈습니다', description: '관리자가 확인하면 매입 견적에 안심거래 배지가 표시됩니다.' });
      picture.reset();
      form.reset();
      void client.invalidateQueries({ queryKey: [SAFE_TRADE_PATH] });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError, FIELDS);
      toaster.error({ title: '보내지 못했습니다', description: describeError(error) });
    },
  });
  const s = state.data;
  const errors = form.formState.errors;
  return (
    <Card.Root data-testid="safe-trade-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">중고폰 안심거래 인증 (매입)</Heading>
          {s?.badge ? <SafeTradeBadge safeTrade={s.badge} size="md" /> : <Badge>배지 없음</Badge>}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <Text fontSize="sm" color="fg.muted">
          중고폰을 매입한다면 KAIT에서 받은 중고폰 안심거래 사업자 인증서를 올려주세요. 관리자가 확인하면 매입 견적과 매입처 목록에 안심거래 배지가 표시되고, 유효기간이 끝나면 배지가 내려갑니다.
        </Text>
        {s?.badge ? <Text fontSize="sm" data-testid="safe-trade-verified">{`확인됨 · ${s.badge.number} · ${s.badge.validUntil}까지`}</Text> : null}
        {s?.pending ? (
          <Alert.Root status="info" data-testid="safe-trade-pending">
            <Alert.Indicator />
            <Alert.Title>{`${s.pending.number} · ${formatDateTime(s.pending.submittedAt)}에 보냄 · 관리자 확인 중`}</Alert.Title>
          </Alert.Root>
        ) : null}
        {s?.last && !s.pending ? (
          <Alert.Root status="warning" data-testid="safe-trade-last">
            <Alert.Indicator />
            <Alert.Title>{s.last.outcome === 'rejected' ? `반려됨: ${s.last.reason ?? ''}` : '유효기간이 끝나 배지가 내려갔습니다. 새 인증서를 올려주세요.'}</Alert.Title>
          </Alert.Root>
        ) : null}
        <form onSubmit={form.handleSubmit((values) => submit.mutate(values))} noValidate>
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <FormField label="인증 번호" required error={errors.number}><Input placeholder="KAIT-2025-0007" disabled={disabled} {...form.register('number')} data-testid="safe-trade-number" /></FormField>
              <FormField label="발급일" required error={errors.issuedOn}><Input type="date" disabled={disabled} {...form.register('issuedOn')} data-testid="safe-trade-issued-on" /></FormField>
              <FormField label="유효기간 (까지)" required error={errors.validUntil}><Input type="date" disabled={disabled} {...form.register('validUntil')} data-testid="safe-trade-valid-until" /></FormField>
            </SimpleGrid>
            <FormField label="인증서 파일 (JPG, PNG, WebP, PDF · 5MB 이하)" required error={errors.documentId} helper={CERTIFICATE_FILE_HINT}>
              <Input type="file" accept={picture.accept} disabled={disabled || picture.upload.isPending} onChange={(e) => picture.pick(e.currentTarget.files?.[0])} data-testid="safe-trade-file" p="1" />
            </FormField>
            {picture.upload.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(picture.upload.error)}</Text> : null}
            {picture.uploaded ? <Text fontSize="sm" color="fg.muted">파일을 올렸습니다.</Text> : null}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={submit.isPending} disabled={disabled} data-testid="safe-trade-submit">확인 요청 보내기</Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
