import { useState } from 'react';
import { Box, Checkbox, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, CARRIERS, PRE_APPROVAL_MESSAGES, type SellerApplicationFormInput, type SellerApplicationFormValues } from '@phonemarket/contracts';
import { CertificateFileField } from '../../shared/forms/CertificateFileField';
import { FormField } from '../../shared/forms/FormField';
import { useCertificatePicture } from '../../shared/forms/useCertificatePicture';

const BLANK = { number: '', carrier: 'SKT' as const, parentDealer: '', validUntil: '', documentId: '' };

/**
 * The application's optional 사전승낙서 (issue 41 §2, "at application or later"): ticked, its fields and a picture
 * (uploaded at once, re-encoded by the server); on approval it waits for the admins' check like one sent from
 * /my-store. Unticked, the application carries none (null), and it can be sent later from /my-store.
 */
export function PreApprovalAttachment({ form }: { form: UseFormReturn<SellerApplicationFormInput, unknown, SellerApplicationFormValues> }) {
  const [attach, setAttach] = useState(false);
  const picture = useCertificatePicture(APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, {
    onUploaded: (id) => form.setValue('preApproval.documentId', id, { shouldValidate: true }),
    onRefused: () => form.setError('preApproval.documentId', { message: PRE_APPROVAL_MESSAGES.notImage }),
  });
  const toggle = (on: boolean) => {
    setAttach(on);
    picture.reset();
    form.setValue('preApproval', on ? { ...BLANK } : null);
    form.clearErrors('preApproval');
  };
  const errors = form.formState.errors.preApproval;
  return (
    <Box borderWidth="1px" rounded="md" p="4" data-testid="application-pre-approval">
      <Checkbox.Root checked={attach} onCheckedChange={(e) => toggle(e.checked === true)} data-testid="application-pre-approval-toggle">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="semibold">사전승낙서 함께 제출 (선택)</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="fg.muted" mt="1">
        통신사가 KAIT를 통해 발급한 사전승낙서가 있으면 지금 첨부하세요. 승인 후 관리자가 확인하면 판매 상품과 스토어에 사전승낙 배지가 표시됩니다. 나중에 내 스토어에서 올려도 됩니다.
      </Text>
      {attach ? (
        <Stack gap="3" mt="3">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="사전승낙서 번호" required error={errors?.number}><Input placeholder="SKT-2026-0012" {...form.register('preApproval.number')} data-testid="application-pre-approval-number" /></FormField>
            <FormField label="발급 통신사" required error={errors?.carrier}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('preApproval.carrier')}>{CARRIERS.map((c) => <option key={c} value={c}>{c}</option>)}</NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="상위 대리점" required error={errors?.parentDealer}><Input placeholder="강남대리점" {...form.register('preApproval.parentDealer')} data-testid="application-pre-approval-dealer" /></FormField>
            <FormField label="유효기간 (까지)" required error={errors?.validUntil}><Input type="date" {...form.register('preApproval.validUntil')} data-testid="application-pre-approval-valid-until" /></FormField>
          </SimpleGrid>
          <CertificateFileField label="사전승낙서 파일" error={errors?.documentId} picture={picture} testId="application-pre-approval" />
        </Stack>
      ) : null}
    </Box>
  );
}
