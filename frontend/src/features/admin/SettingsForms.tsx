import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Checkbox, Field, Fieldset, Flex, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { NOTIFICATION_TYPES, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, ftcBusinessInfoUrl } from '@phonemarket/contracts';
import {
  EMAIL_NOTIFICATIONS, EMAIL_NOTIFICATION_DESCRIPTIONS, EMAIL_NOTIFICATION_LABELS, IN_APP_NOTIFICATION_DESCRIPTIONS, NOTIFICATION_TYPE_NAMES,
  SECURITY_FIELD_LABELS, SETTINGS_SECTION_LABELS, SITE_FIELD_LABELS, SMTP_SECURITY, SMTP_SECURITY_LABELS,
  emailSettingsRequestSchema, notificationSettingsSchema, paymentSettingsSchema, securitySettingsSchema, siteSettingsSchema,
  type AdminSettings, type EmailSettingsInput, type EmailSettingsRequest, type NotificationSettings, type NotificationSettingsInput, type PaymentSettings,
  type SecuritySettings, type SettingsSection, type SiteSettings, type SiteSettingsInput,
} from '@phonemarket/contracts/settings.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatWon } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';
import { useSaveSettings, useSendTestMail } from './api/settings';

const trim = (v: string) => v.trim();
/** A number input's value for the schema: '' stays '' (the schema then says what is wrong), digits become a number. */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v));

/** Save a section: Korean field errors from the server on their fields, a toast for the rest. */
function useSave<T extends FieldValues>(section: SettingsSection, setFieldError: UseFormSetError<T>, fields: readonly FieldPath<T>[]) {
  const save = useSaveSettings(section);
  const [error, setError] = useState<string | null>(null);
  const submit = (body: unknown, after: () => void) => {
    setError(null);
    save.mutate(body, {
      onSuccess: (answer) => {
        after();
        const changed = (answer as { changed?: boolean }).changed !== false;
        toaster.success({ title: changed ? `${SETTINGS_SECTION_LABELS[section]}을 저장했습니다` : '바뀐 내용이 없습니다' });
      },
      onError: (err) => {
        const placed = applyServerErrors(err, setFieldError, fields);
        if (placed.length === 0) setError(describeError(err));
      },
    });
  };
  return { submit, pending: save.isPending, error };
}

/** The form's frame: what it is for, its fields, the server's message, and 저장. */
function SectionForm({ title, description, onSubmit, pending, dirty, error, children, testId }: {
  title: string; description: ReactNode; onSubmit: () => void; pending: boolean; dirty: boolean; error: string | null; children: ReactNode; testId: string;
}) {
  return (
    <form onSubmit={(e) => { e.preventDefault(); onSubmit(); }} noValidate aria-label={title} data-testid={testId}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">{description}</Text>
        {error ? (
          <Alert.Root status="error" rounded="md">
            <Alert.Indicator />
            <Alert.Content><Alert.Description>{error}</Alert.Description></Alert.Content>
          </Alert.Root>
        ) : null}
        {children}
        <Flex justify="flex-end" gap="3" align="center">
          {dirty ? <Text fontSize="sm" color="fg.muted">저장하지 않은 변경 사항이 있습니다</Text> : null}
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="저장 중" disabled={!dirty} data-testid={`${testId}-save`}>저장</Button>
        </Flex>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// 사이트 정보

/** In the form's order: 상호 | 대표자, 사업자등록번호 (with its check), 신고번호 | 신고기관, 주소, 전화 | 이메일, 책임자 | 호스팅. */
const SITE_FIELDS = ['companyName', 'representative', 'businessNumber', 'mailOrderNumber', 'mailOrderAuthority', 'address', 'phone', 'email', 'privacyOfficer', 'hostingProvider'] as const;
const SITE_PLACEHOLDERS: Record<(typeof SITE_FIELDS)[number], string> = {
  companyName: '(주)폰마켓', representative: '홍길동', businessNumber: '000-00-00000', mailOrderNumber: '제2025-서울강남-00000호',
  mailOrderAuthority: '서울특별시 강남구청', address: '서울특별시 강남구 테헤란로 123, 4층', phone: '1588-0000', email: 'help@phonemarket.kr',
  privacyOfficer: '홍길동 (privacy@phonemarket.kr)', hostingProvider: '호스팅 사업자 이름',
};

export function SiteForm({ settings }: { settings: AdminSettings['site'] }) {
  const form = useForm<SiteSettingsInput, unknown, SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: settings });
  const { submit, pending, error } = useSave('site', form.setError, SITE_FIELDS);
  const errors = form.formState.errors;
  const businessNumber = settings.businessNumber;
  return (
    <SectionForm
      testId="site-settings" title={SETTINGS_SECTION_LABELS.site} pending={pending} dirty={form.formState.isDirty} error={error}
      onSubmit={form.handleSubmit((values) => submit(values, () => form.reset(values)))}
      description="전자상거래법 제10조에 따라 모든 페이지 하단에 표시하는 사업자 정보입니다. 비워 둔 항목은 표시하지 않습니다."
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {SITE_FIELDS.map((name) => (
          <Box key={name} gridColumn={name === 'address' || name === 'businessNumber' ? { md: 'span 2' } : undefined} maxW={name === 'businessNumber' ? { md: 'calc(50% - 0.5rem)' } : undefined}>
            <FormField
              label={SITE_FIELD_LABELS[name]} error={errors[name]}
              helper={name === 'businessNumber' ? '10자리 번호의 검증 숫자를 확인합니다. 공정위 사업자정보 페이지로 연결됩니다.' : undefined}
            >
              <Input
                data-testid={`site-${name}`} placeholder={SITE_PLACEHOLDERS[name]}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                inputMode={name === 'businessNumber' ? 'numeric' : undefined}
                {...form.register(name, { setValueAs: trim })}
              />
            </FormField>
          </Box>
        ))}
      </SimpleGrid>
      {businessNumber ? (
        <Text fontSize="sm">
          저장된 사업자등록번호 {businessNumber}:{' '}
          <Link href={ftcBusinessInfoUrl(businessNumber)} target="_blank" rel="noopener noreferrer" color="brand.fg">공정위 사업자정보 확인</Link>
        </Text>
      ) : null}
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 보안 설정

const SECURITY_FIELDS = ['sessionIdleMinutes', 'sessionAbsoluteHours', 'maxSignInFailures', 'maxSignInFailuresPerAddress', 'signInLockMinutes'] as const;
const SECURITY_HELP: Record<(typeof SECURITY_FIELDS)[number], string> = {
  sessionIdleMinutes: '이 시간 동안 요청이 없으면 로그아웃됩니다 (5–1,440분). 열려 있는 세션에도 바로 적용됩니다.',
  sessionAbsoluteHours: '로그인 후 이 시간이 지나면 활동 중이어도 다시 로그인해야 합니다 (1–720시간).',
  maxSignInFailures: '한 곳(주소)에서 한 계정에 이만큼 실패하면 그 주소의 로그인을 제한합니다 (3–20회).',
  maxSignInFailuresPerAddress: '한 곳에서 여러 계정에 걸쳐 이만큼 실패하면 제한합니다 (5–200회).',
  signInLockMinutes: '실패 횟수를 세는 기간이자 제한되는 시간입니다 (1–1,440분).',
};

export function SecurityForm({ settings }: { settings: AdminSettings['security'] }) {
  const form = useForm<SecuritySettings>({ resolver: zodResolver(securitySettingsSchema), defaultValues: settings });
  const { submit, pending, error } = useSave('security', form.setError, SECURITY_FIELDS);
  const errors = form.formState.errors;
  return (
    <SectionForm
      testId="security-settings" title={SETTINGS_SECTION_LABELS.security} pending={pending} dirty={form.formState.isDirty} error={error}
      onSubmit={form.handleSubmit((values) => submit(values, () => form.reset(values)))}
      description="세션 유지 시간과 로그인 실패 제한입니다. 처음 값은 서버 설정(SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS)에서 옵니다."
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {SECURITY_FIELDS.map((name) => (
          <FormField key={name} label={SECURITY_FIELD_LABELS[name]} required error={errors[name]} helper={SECURITY_HELP[name]}>
            <Input data-testid={`security-${name}`} type="number" inputMode="numeric" {...form.register(name, { setValueAs: asNumber })} />
          </FormField>
        ))}
      </SimpleGrid>
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 이메일 설정

const EMAIL_FIELDS = ['enabled', 'host', 'port', 'security', 'username', 'password', 'fromName', 'fromAddress'] as const;

function TestMail({ enabled, dirty }: { enabled: boolean; dirty: boolean }) {
  const send = useSendTestMail();
  const [to, setTo] = useState('');
  const result = send.isSuccess ? send.data.message : null;
  const failure = send.isError ? (isApiError(send.error) ? send.error.detail : describeError(send.error)) : null;
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" data-testid="test-mail">
      <Text fontWeight="semibold">테스트 메일 보내기</Text>
      <Text fontSize="sm" color="fg.muted">
        저장된 설정으로 실제 SMTP 서버를 통해 보냅니다.{dirty ? ' 바꾼 내용은 먼저 저장하세요.' : ''}{enabled ? '' : ' 이메일 발송을 켜고 저장해야 보낼 수 있습니다.'}
      </Text>
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
        <Field.Root flex="1">
          <Field.Label srOnly>받는 이메일 주소</Field.Label>
          <Input data-testid="test-mail-to" type="email" placeholder="받는 이메일 주소" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Field.Root>
        <Button
          data-testid="test-mail-send" variant="outline" loading={send.isPending} loadingText="보내는 중" disabled={!enabled || to.trim() === ''}
          onClick={() => send.mutate(to.trim())}
        >
          테스트 메일 보내기
        </Button>
      </Flex>
      {result ? <Text fontSize="sm" color="green.fg" role="status" data-testid="test-mail-result">{result}</Text> : null}
      {failure ? <Text fontSize="sm" color="red.fg" role="alert" data-testid="test-mail-error">{failure}</Text> : null}
    </Stack>
  );
}

export function EmailForm({ settings }: { settings: AdminSettings['email'] }) {
  const { passwordSet, ...values } = settings;
  const initial: EmailSettingsInput = { ...values, password: '', clearPassword: false };
  const form = useForm<EmailSettingsInput, unknown, EmailSettingsRequest>({ resolver: zodResolver(emailSettingsRequestSchema), defaultValues: initial });
  const { submit, pending, error } = useSave('email', form.setError, EMAIL_FIELDS);
  const errors = form.formState.errors;
  return (
    <Stack gap="6">
      <SectionForm
        testId="email-settings" title={SETTINGS_SECTION_LABELS.email} pending={pending} dirty={form.formState.isDirty} error={error}
        onSubmit={form.handleSubmit((request) => {
          const { password, clearPassword, ...rest } = request;
          // The password only when one was typed (empty keeps the saved one); it is never shown again.
          submit({ ...rest, ...(password ? { password } : {}), ...(clearPassword ? { clearPassword: true } : {}) }, () => form.reset({ ...rest, password: '', clearPassword: false }));
        })}
        description="주문·답변 알림 메일과 테스트 메일을 보내는 SMTP 서버입니다. 비밀번호는 암호화해 보관하며 다시 보여주지 않습니다."
      >
        <Controller control={form.control} name="enabled" render={({ field }) => (
          <Switch.Root checked={field.value} onCheckedChange={(d) => field.onChange(d.checked)} data-testid="email-enabled" colorPalette="brand">
            <Switch.HiddenInput onBlur={field.onBlur} name={field.name} />
            <Switch.Control><Switch.Thumb /></Switch.Control>
            <Switch.Label>이메일 발송 사용</Switch.Label>
          </Switch.Root>
        )} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="SMTP 서버" error={errors.host}>
            <Input data-testid="email-host" placeholder="smtp.example.com" autoComplete="off" {...form.register('host', { setValueAs: trim })} />
          </FormField>
          <FormField label="포트" required error={errors.port}>
            <Input data-testid="email-port" type="number" inputMode="numeric" {...form.register('port', { setValueAs: asNumber })} />
          </FormField>
          <FormField label="보안 연결" required error={errors.security}>
            <NativeSelect.Root>
              <NativeSelect.Field data-testid="email-security" {...form.register('security')}>
                {SMTP_SECURITY.map((s) => <option key={s} value={s}>{SMTP_SECURITY_LABELS[s]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="SMTP 사용자" error={errors.username}>
            <Input data-testid="email-username" autoComplete="off" {...form.register('username', { setValueAs: trim })} />
          </FormField>
          <FormField
            label="SMTP 비밀번호" error={errors.password}
            helper={passwordSet ? '저장된 비밀번호가 있습니다. 바꿀 때만 입력하세요 (32자 이상의 무작위 값).' : '32자 이상의 무작위 값이어야 합니다 (공개된 값·예시 값 불가).'}
          >
            <Input data-testid="email-password" type="password" autoComplete="new-password" placeholder={passwordSet ? '••••••••' : ''} {...form.register('password')} />
          </FormField>
          <Box alignSelf="center">
            {passwordSet ? (
              <Controller control={form.control} name="clearPassword" render={({ field }) => (
                <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)}>
                  <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
                  <Checkbox.Control />
                  <Checkbox.Label>저장된 비밀번호 삭제</Checkbox.Label>
                </Checkbox.Root>
              )} />
            ) : <Text fontSize="sm" color="fg.muted">저장된 비밀번호가 없습니다.</Text>}
          </Box>
          <FormField label="보내는 사람 이름" error={errors.fromName}>
            <Input data-testid="email-fromName" placeholder="폰마켓" {...form.register('fromName', { setValueAs: trim })} />
          </FormField>
          <FormField label="보내는 이메일 주소" error={errors.fromAddress}>
            <Input data-testid="email-fromAddress" type="email" placeholder="no-reply@phonemarket.kr" {...form.register('fromAddress', { setValueAs: trim })} />
          </FormField>
        </SimpleGrid>
      </SectionForm>
      <TestMail enabled={settings.enabled} dirty={form.formState.isDirty} />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// 알림 설정

function Toggle({ checked, onChange, label, description, testId }: { checked: boolean; onChange: (v: boolean) => void; label: string; description: string; testId: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} alignItems="flex-start" data-testid={testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        <Text as="span" display="block">{label}</Text>
        <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">{description}</Text>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

export function NotificationsForm({ settings, emailEnabled }: { settings: AdminSettings['notifications']; emailEnabled: boolean }) {
  const form = useForm<NotificationSettingsInput, unknown, NotificationSettings>({ resolver: zodResolver(notificationSettingsSchema), defaultValues: settings });
  const { submit, pending, error } = useSave('notifications', form.setError, []);
  return (
    <SectionForm
      testId="notification-settings" title={SETTINGS_SECTION_LABELS.notifications} pending={pending} dirty={form.formState.isDirty} error={error}
      onSubmit={form.handleSubmit((values) => submit(values, () => form.reset(values)))}
      description="어떤 알림을 보낼지 정합니다. 끈 종류는 알림함에 쌓이지 않습니다."
    >
      <Stack gap="3" as="fieldset">
        <Text as="legend" fontWeight="semibold" mb="2">알림함 (사이트 안)</Text>
        {NOTIFICATION_TYPES.map((type) => (
          <Controller key={type} control={form.control} name={`inApp.${type}`} render={({ field }) => (
            <Toggle testId={`inapp-${type}`} checked={field.value} onChange={field.onChange} label={NOTIFICATION_TYPE_NAMES[type]} description={IN_APP_NOTIFICATION_DESCRIPTIONS[type]} />
          )} />
        ))}
      </Stack>
      <Stack gap="3" as="fieldset">
        <Text as="legend" fontWeight="semibold" mb="2">이메일</Text>
        {emailEnabled ? null : <Text fontSize="sm" color="orange.fg">이메일 발송이 꺼져 있어 메일은 보내지 않습니다. 이메일 설정에서 켜세요.</Text>}
        {EMAIL_NOTIFICATIONS.map((kind) => (
          <Controller key={kind} control={form.control} name={`email.${kind}`} render={({ field }) => (
            // 가격 알림 (issue 42) is on in a section saved before it existed.
            <Toggle testId={`email-${kind}`} checked={field.value ?? true} onChange={field.onChange} label={EMAIL_NOTIFICATION_LABELS[kind]} description={EMAIL_NOTIFICATION_DESCRIPTIONS[kind]} />
          )} />
        ))}
      </Stack>
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 결제 설정

export function PaymentForm({ settings }: { settings: AdminSettings['payment'] }) {
  const form = useForm<PaymentSettings>({ resolver: zodResolver(paymentSettingsSchema), defaultValues: settings });
  const { submit, pending, error } = useSave('payment', form.setError, ['methods', 'cardLimit']);
  const errors = form.formState.errors;
  return (
    <SectionForm
      testId="payment-settings" title={SETTINGS_SECTION_LABELS.payment} pending={pending} dirty={form.formState.isDirty} error={error}
      onSubmit={form.handleSubmit((values) => submit(values, () => form.reset(values)))}
      description="주문/결제 화면에 보여줄 결제 수단과 카드 결제 한도입니다. 끈 결제 수단이나 한도를 넘는 카드 주문은 서버가 받지 않습니다."
    >
      {/* A fieldset, not a Field: checkboxes inside one Field would share its control id (every label would toggle the first). */}
      <Fieldset.Root invalid={Boolean(errors.methods)}>
        <Fieldset.Legend>결제 수단</Fieldset.Legend>
        <HStack gap="6" wrap="wrap" mt="1">
          {PAYMENT_METHODS.map((m) => (
            <Controller key={m} control={form.control} name={`methods.${m}`} render={({ field }) => (
              <Checkbox.Root checked={field.value} onCheckedChange={(d) => field.onChange(d.checked === true)} data-testid={`payment-${m}`}>
                <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
                <Checkbox.Control />
                <Checkbox.Label>{PAYMENT_METHOD_LABELS[m]}</Checkbox.Label>
              </Checkbox.Root>
            )} />
          ))}
        </HStack>
        <Fieldset.ErrorText>{errors.methods?.message ?? errors.methods?.root?.message}</Fieldset.ErrorText>
      </Fieldset.Root>
      <Box maxW="sm">
        <FormField label="카드 결제 한도 (원)" required error={errors.cardLimit} helper={`주문 한 건을 카드로 결제할 수 있는 최대 금액입니다 (10,000원–${formatWon(10_000_000)}).`}>
          <Input data-testid="payment-cardLimit" type="number" inputMode="numeric" step={10_000} {...form.register('cardLimit', { setValueAs: asNumber })} />
        </FormField>
      </Box>
    </SectionForm>
  );
}
