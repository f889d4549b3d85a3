import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARRIERS, PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_EXPIRY_NOTICE_DAYS, PRE_APPROVAL_MESSAGES, PRE_APPROVAL_PATH, preApprovalInputSchema, preApprovalStateSchema,
} from '@phonemarket/contracts';
import { CertificateFileField } from '../../shared/forms/CertificateFileField';
import { FormField } from '../../shared/forms/FormField';
import { PreApprovalBadge } from '../../shared/ui/PreApprovalBadge';
import { CertificateCard, useCertificateForm } from './CertificateCard';

/**
 * 사전승낙서 on /my-store (issue 41): what is verified now (the badge buyers see), what waits for an admin,
 * the last rejection or expiry, and the form to send one (a photo, scan or PDF).
 */
export function PreApprovalCard({ disabled }: { disabled: boolean }) {
  const { state: s, form, picture, submit, onSubmit } = useCertificateForm({
    path: PRE_APPROVAL_PATH, documentPath: PRE_APPROVAL_DOCUMENT_PATH, stateSchema: preApprovalStateSchema,
    resolver: zodResolver(preApprovalInputSchema), defaultValues: { number: '', carrier: 'SKT', parentDealer: '', validUntil: '', documentId: '' },
    fields: ['number', 'carrier', 'parentDealer', 'validUntil', 'documentId'], notImage: PRE_APPROVAL_MESSAGES.notImage,
    sent: { title: '사전승낙서를 보냈습니다', description: '관리자가 확인하면 판매 상품과 스토어에 사전승낙 배지가 표시됩니다.' },
  });
  const errors = form.formState.errors;
  return (
    <CertificateCard
      testId="pre-approval" title="사전승낙서" state={s}
      badge={s?.badge ? <PreApprovalBadge preApproval={s.badge} size="md" /> : null}
      intro={`통신사가 KAIT를 통해 발급한 사전승낙서를 올리면 관리자가 확인한 뒤 판매 상품과 스토어에 번호와 통신사가 배지로 표시되고, 구매자는 사전승낙 매장만 골라 볼 수 있습니다. 유효기간 ${PRE_APPROVAL_EXPIRY_NOTICE_DAYS}일 전에 알려드리고, 기간이 끝나면 배지가 내려갑니다.`}
      verified={s?.badge ? `확인됨 · ${s.badge.parentDealer} · ${s.badge.validUntil}까지` : null}
      pendingLabel={s?.pending ? `${s.pending.carrier} ${s.pending.number}` : null}
      expired="유효기간이 끝나 배지가 내려갔습니다. 새 사전승낙서를 올려주세요."
      onSubmit={onSubmit} submitting={submit.isPending} disabled={disabled}
    >
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
      <CertificateFileField label="사전승낙서 파일" error={errors.documentId} picture={picture} disabled={disabled} testId="pre-approval" />
    </CertificateCard>
  );
}
