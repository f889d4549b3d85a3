import { Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SAFE_TRADE_DOCUMENT_PATH, SAFE_TRADE_MESSAGES, SAFE_TRADE_PATH, safeTradeInputSchema, safeTradeStateSchema } from '@phonemarket/contracts';
import { CertificateFileField } from '../../shared/forms/CertificateFileField';
import { FormField } from '../../shared/forms/FormField';
import { SafeTradeBadge } from '../../shared/ui/SafeTradeBadge';
import { CertificateCard, useCertificateForm } from './CertificateCard';

/**
 * 안심거래 on /my-store (issue 41 §3), for a shop that buys used phones: what is verified now (the badge on its
 * buyback quotes), what waits for an admin, the last rejection or expiry, and the form to send the KAIT certificate.
 */
export function SafeTradeCard({ disabled }: { disabled: boolean }) {
  const { state: s, form, picture, submit, onSubmit } = useCertificateForm({
    path: SAFE_TRADE_PATH, documentPath: SAFE_TRADE_DOCUMENT_PATH, stateSchema: safeTradeStateSchema,
    resolver: zodResolver(safeTradeInputSchema), defaultValues: { number: '', issuedOn: '', validUntil: '', documentId: '' },
    fields: ['number', 'issuedOn', 'validUntil', 'documentId'], notImage: SAFE_TRADE_MESSAGES.notImage,
    sent: { title: '안심거래 인증서를 보냈습니다', description: '관리자가 확인하면 매입 견적에 안심거래 배지가 표시됩니다.' },
  });
  const errors = form.formState.errors;
  return (
    <CertificateCard
      testId="safe-trade" title="중고폰 안심거래 인증 (매입)" state={s}
      badge={s?.badge ? <SafeTradeBadge safeTrade={s.badge} size="md" /> : null}
      intro="중고폰을 매입한다면 KAIT에서 받은 중고폰 안심거래 사업자 인증서를 올려주세요. 관리자가 확인하면 매입 견적과 매입처 목록에 안심거래 배지가 표시되고, 유효기간이 끝나면 배지가 내려갑니다."
      verified={s?.badge ? `확인됨 · ${s.badge.number} · ${s.badge.validUntil}까지` : null}
      pendingLabel={s?.pending ? s.pending.number : null}
      expired="유효기간이 끝나 배지가 내려갔습니다. 새 인증서를 올려주세요."
      onSubmit={onSubmit} submitting={submit.isPending} disabled={disabled}
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
