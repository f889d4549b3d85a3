import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, Flex, Heading, HStack, Input, Link, List, NativeSelect, Progress, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  BUSINESS_TYPES, BUSINESS_TYPE_LABELS, REQUIRED_DOCUMENTS, sellerApplicationFormSchema,
  type SellerApplicationFormInput, type SellerApplicationFormValues,
} from '@phonemarket/contracts';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { useSubmitApplication } from './api/submitApplication';
import { myApplicationQueryOptions, useMyApplication } from './api/myApplication';
import { formatDateTime } from '../../shared/format';
import type { MySellerApplication } from '@phonemarket/contracts';
import { PhoneInput } from '../../shared/forms/PhoneInput';
import { PreApprovalAttachment } from './PreApprovalAttachment';

type Field = FieldPath<SellerApplicationFormInput>;
const STEPS: { title: string; fields: Field[] }[] = [
  { title: '기본 정보', fields: ['applicantName', 'email', 'confirmEmail', 'phone'] },
  { title: '사업자 정보', fields: ['businessNumber', 'businessType', 'experience'] },
  { title: '스토어 정보', fields: ['storeName', 'storeDescription', 'preApproval', 'preApproval.number', 'preApproval.carrier', 'preApproval.parentDealer', 'preApproval.validUntil', 'preApproval.documentId'] },
];
const ALL_FIELDS = STEPS.flatMap((s) => s.fields);
const EMPTY: SellerApplicationFormInput = {
  applicantName: '', email: '', confirmEmail: '', phone: '', businessNumber: '', businessType: 'individual',
  storeName: '', storeDescription: '', experience: '', documents: [], preApproval: null,
};

function SignInFirst() {
  const next = `?next=${encodeURIComponent('/seller-application')}`;
  return (
    <Stack data-testid="application-sign-in" p="10" gap="4" align="center" textAlign="center">
      <Heading size="lg">셀러 입점 신청</Heading>
      <Text color="fg.muted">신청은 회원 계정으로 접수됩니다. 로그인하거나 회원가입한 뒤 이어서 작성해 주세요.</Text>
      <HStack>
        <Button asChild colorPalette="brand"><RouterLink to={`/login${next}`}>로그인</RouterLink></Button>
        <Button asChild variant="outline"><RouterLink to={`/register${next}`}>회원가입</RouterLink></Button>
      </HStack>
    </Stack>
  );
}

/** An application filed: 심사 중 until decided, then the decision (issue 39). */
function ApplicationStatus({ application, onApplyAgain }: { application: NonNullable<MySellerApplication['application']>; onApplyAgain: () => void }) {
  const open = application.status === 'pending' || application.status === 'reviewing';
  return (
    <Card.Root maxW="2xl" mx="auto" data-testid="application-status" data-status={application.status}>
      <Card.Header gap="2">
        <Heading as="h1" size="xl">셀러 입점 신청</Heading>
        <Text fontSize="lg" fontWeight="bold" color={application.status === 'rejected' ? 'fg.error' : 'brand.fg'} data-testid="application-status-label">
          {open ? '심사 중' : application.status === 'approved' ? '승인 완료' : '승인되지 않음'}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          <Text>{`스토어 이름: ${application.storeName}`}</Text>
          <Text color="fg.muted">{`신청일: ${formatDateTime(application.submittedAt)}`}</Text>
          {open ? <Text>관리자가 신청서를 검토하고 있습니다. 결과는 알림과 이메일로 알려드립니다. 보통 영업일 기준 1~3일 걸립니다.</Text> : null}
          {application.status === 'approved' ? <Text>판매자 대시보드에서 상품을 등록하고 판매를 시작할 수 있습니다.</Text> : null}
          {application.reviewNotes ? <Text color="fg.muted">{`검토 메모: ${application.reviewNotes}`}</Text> : null}
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {application.status === 'approved' ? <Button asChild colorPalette="brand"><RouterLink to="/seller-dashboard">판매자 대시보드로</RouterLink></Button> : null}
        {application.status === 'rejected' ? <Button colorPalette="brand" onClick={onApplyAgain} data-testid="application-again">다시 신청하기</Button> : null}
        <Button asChild variant="outline"><RouterLink to="/">홈으로</RouterLink></Button>
      </Card.Footer>
    </Card.Root>
  );
}

function ApplicationForm({ account }: { account: { firstName: string; lastName: string; email: string } }) {
  const [step, setStep] = useState(0);
  const submit = useSubmitApplication();
  const client = useQueryClient();
  // Prefilled from the account (issue 39): the applicant is the signed-in person.
  const form = useForm<SellerApplicationFormInput, unknown, SellerApplicationFormValues>({
    resolver: zodResolver(sellerApplicationFormSchema), mode: 'onTouched',
    defaultValues: { ...EMPTY, applicantName: `${account.lastName}${account.firstName}`, email: account.email, confirmEmail: account.email },
  });
  const { errors } = form.formState;
  const go = (to: number) => setStep(Math.min(STEPS.length - 1, Math.max(0, to)));
  const next = async () => {
    if (await form.trigger(STEPS[step]!.fields)) go(step + 1);
  };

  const onSubmit = form.handleSubmit(
    ({ confirmEmail: _confirm, ...application }) => {
      submit.mutate({ ...application, documents: [...REQUIRED_DOCUMENTS] }, {
        onSuccess: () => {
          toaster.success({ title: '신청 완료', description: '셀러 신청이 접수되었습니다. 심사 결과는 알림으로 알려드립니다.' });
          // The page shows 심사 중 from the server's answer (the command's position rides on the read).
          void client.invalidateQueries({ queryKey: myApplicationQueryOptions().queryKey });
        },
        onError: (error) => {
          toaster.error({ title: '신청 실패', description: '신청 처리 중 오류가 발생했습니다. 다시 시도해주세요.' });
          const fields = applyServerErrors(error, form.setError, ALL_FIELDS);
          const first = STEPS.findIndex((s) => s.fields.some((f) => fields.includes(f)));
          if (first >= 0) setStep(first);
        },
      });
    },
    // a field of an earlier step is wrong: show that step
    (invalid) => {
      const first = STEPS.findIndex((s) => s.fields.some((f) => f in invalid));
      if (first >= 0) setStep(first);
    },
  );

  return (
    <Card.Root maxW="2xl" mx="auto">
      <Card.Header gap="3">
        <Heading as="h1" size="xl">셀러 입점 신청</Heading>
        <Stack gap="1">
          <Flex justify="space-between" fontSize="sm">
            <Text fontWeight="semibold" data-testid="application-step">{step + 1}단계: {STEPS[step]!.title}</Text>
            <Text color="fg.muted">{step + 1} / {STEPS.length}</Text>
          </Flex>
          <Progress.Root value={((step + 1) / STEPS.length) * 100} size="sm" colorPalette="brand" aria-label="신청 진행률">
            <Progress.Track><Progress.Range /></Progress.Track>
          </Progress.Root>
        </Stack>
      </Card.Header>
      <form onSubmit={onSubmit} noValidate aria-label="셀러 입점 신청">
        <Card.Body>
          <Stack gap="4" display={step === 0 ? 'flex' : 'none'}>
            <FormField label="신청자 이름" required error={errors.applicantName}><Input autoComplete="name" {...form.register('applicantName')} /></FormField>
            <FormField label="이메일" required error={errors.email}><Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} /></FormField>
            <FormField label="이메일 확인" required error={errors.confirmEmail}><Input type="email" inputMode="email" {...form.register('confirmEmail')} /></FormField>
            <FormField label="연락처" error={errors.phone}><PhoneInput {...form.register('phone')} /></FormField>
          </Stack>
          <Stack gap="4" display={step === 1 ? 'flex' : 'none'}>
            <FormField label="사업자등록번호" error={errors.businessNumber}><Input inputMode="numeric" placeholder="000-00-00000" {...form.register('businessNumber')} /></FormField>
            <FormField label="사업자 유형" error={errors.businessType}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('businessType')}>
                  {BUSINESS_TYPES.map((t) => <option key={t} value={t}>{BUSINESS_TYPE_LABELS[t]}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="판매 경험" error={errors.experience}><Textarea placeholder="휴대폰 판매 경험을 알려주세요" {...form.register('experience')} /></FormField>
          </Stack>
          <Stack gap="4" display={step === 2 ? 'flex' : 'none'}>
            <FormField label="스토어 이름" required error={errors.storeName}><Input {...form.register('storeName')} /></FormField>
            <FormField label="스토어 소개" error={errors.storeDescription}><Textarea {...form.register('storeDescription')} /></FormField>
            <PreApprovalAttachment form={form} />
            <Box borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
              <Text fontWeight="semibold" mb="2">승인 후 제출 서류</Text>
              <List.Root ps="5" gap="1" fontSize="sm">
                {REQUIRED_DOCUMENTS.map((d) => <List.Item key={d}>{d}</List.Item>)}
              </List.Root>
            </Box>
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="2">
          <Link asChild fontSize="sm" color="fg.muted"><RouterLink to="/">홈으로</RouterLink></Link>
          <HStack>
            <Button variant="outline" disabled={step === 0} onClick={() => go(step - 1)}>이전</Button>
            {step < STEPS.length - 1 ? (
              <Button key="next" type="button" colorPalette="brand" onClick={() => void next()}>다음</Button>
            ) : (
              <Button key="submit" type="submit" colorPalette="brand" loading={submit.isPending} loadingText="제출 중">신청하기</Button>
            )}
          </HStack>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

/** /seller-application: three steps; the application belongs to the signed-in account (a guest signs in first and comes back). */
export default function SellerApplicationPage() {
  useDocumentTitle('셀러 입점 신청');
  const { user, isLoading } = useSession();
  const mine = useMyApplication(Boolean(user));
  const [applyingAgain, setApplyingAgain] = useState(false);
  const loading = <Stack p="10" align="center"><Spinner aria-label="확인 중" /></Stack>;
  const application = mine.data?.application ?? null;
  const content = !user
    ? (isLoading ? loading : <SignInFirst />)
    : mine.isPending ? loading
      : application && !(application.status === 'rejected' && applyingAgain)
        ? <ApplicationStatus application={application} onApplyAgain={() => setApplyingAgain(true)} />
        : <ApplicationForm account={user} />;
  return <PageFrame>{content}</PageFrame>;
}
