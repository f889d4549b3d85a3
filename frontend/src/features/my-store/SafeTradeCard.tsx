import { Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { SAFE_TRADE_DOCUMENT_PATH, SAFE_TRADE_MESSAGES, SAFE_TRADE_PATH, safeTradeInputSchema, safeTradeStateSchema, type SafeTradeInput } from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { CertificateFileField } from '../../shared/forms/CertificateFileField';
import { FormField } from '../../shared/forms/FormField';
import { useCertificatePicture } from '../../shared/forms/useCertificatePicture';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { SafeTradeBadge } from '../../shared/ui/SafeTradeBadge';
import { CertificateCard, useCertificateSubmit } from './CertificateCard';

type SafeTradeValues = z.output<typeof safeTradeInputSchema>;
const FIELDS = ['number', 'issuedOn', 'validUntil', 'documentId'] as const;

/**
 * 안심거래 on /my-store (issue 41 §3), for a shop that buys used phones: what is verified now (the badge on its
 * buyback quotes), what waits for an admin, the last rejection or expiry, and the form to send the KAIT certificate.
 */
export function SafeTradeCard({ disabled }: { disabled: boolean }) {
  const state = useQuery({ queryKey: [SAFE_TRADE_PATH], queryFn: ({ signal }) => apiFetch(SAFE_TRADE_PATH, { schema: safeTradeStateSchema, signal }) });
  const form = useForm<SafeTradeInput, unknown, SafeTradeValues>({ resolver: zodResolver(safeTradeInputSchema), defaultValues: { number: '', issuedOn: '', validUntil: '', documentId: '' } });
  const picture = useCertificatePicture(SAFE_TRADE_DOCUMENT_PATH, {
    onUploaded: (id) => form.setValue('documentId', id, { shouldValidate: true }),
    onRefused: () => form.setError('documentId', { message: SAFE_TRADE_MESSAGES.notImage }),
  });
  const submit = useCertificateSubmit<SafeTradeValues>(SAFE_TRADE_PATH, {
    sent: { title: '안심거래 인증서를 보냈습니다', description: '관리자가 확인하면 매입 견적에 안심거래 배지가 표시됩니다.' },
    onSent: () => { picture.reset(); form.reset(); },
    onFieldErrors: (error) => applyServerErrors(error, form.setError, FIELDS),
  });
  const s = state.data;
  const errors = form.formState.errors;
  return (
    <CertificateCard
      testId="safe-trade" title="중고폰 안심거래 인증 (매입)" state={s}
      badge={s?.badge ? <SafeTradeBadge safeTrade={s.badge} size="md" /> : null}
      intro="중고폰을 매입한다면 KAIT에서 받은 중고폰 안심거래 사업자 인증서를 올려주세요. 관리자가 확인하면 매입 견적과 매입처 목록에 안심거래 배지가 표시되고, 유효기간이 끝나면 배지가 내려갑니다."
      verified={s?.badge ? `확인됨 · ${s.badge.number} · ${s.badge.validUntil}까지` : null}
      pendingLabel={s?.pending ? s.pending.number : null}
      expired="유효기간이 끝나 배지가 내려갔습니다. 새 인증서를 올려주세요."
      onSubmit={form.handleSubmit((values) => submit.mutate(values))} submitting={submit.isPending} disabled={disabled}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField label="인증 번호" required error={errors.number}><Input placeholder="KAIT-2025-0007" disabled={disabled} {...form.register('number')} data-testid="safe-trade-number" /></FormField>
        <FormField label="발급일" required error={errors.issuedOn}><Input type="date" disabled={disabled} {...form.register('issuedOn')} data-testid="safe-trade-issued-on" /></FormField>
        <FormField label="유효기간 (까지)" required error={errors.validUntil}><Input type="date" disabled={disabled} {...form.register('validUntil')} data-testid="safe-trade-valid-until" /></FormField>
      </SimpleGrid>
      <CertificateFileField label="인증서 파일" error={errors.documentId} picture={picture} disabled={disabled} testId="safe-trade" />
    </CertificateCard>
  );
}
