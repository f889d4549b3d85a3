import { useMemo } from 'react';
import { Button, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { passwordStrength } from '@phonemarket/contracts/password.ts';
import { registerSchema, type Registration, type RegistrationInput } from '@phonemarket/contracts/register.ts';
import { ApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useRegister } from '../../shared/auth/session';
import { displayName } from '../../shared/auth/session-storage';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { redirectTarget } from './redirect';
import { AuthCard, FormError } from './AuthCard';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { SignUpConsents } from './SignUpConsents';

type FieldName = FieldPath<RegistrationInput>;

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string; placeholder?: string }[] = [
  { name: 'lastName', label: '성', type: 'text', autoComplete: 'family-name', placeholder: '홍' },
  { name: 'firstName', label: '이름', type: 'text', autoComplete: 'given-name', placeholder: '길동' },
  { name: 'email', label: '이메일', type: 'email', autoComplete: 'email', placeholder: 'example@phonemarket.kr' },
  { name: 'password', label: '비밀번호', type: 'password', autoComplete: 'new-password' },
];
const NAMES: FieldName[] = [...FIELDS.map((f) => f.name), 'agreeTerms', 'agreePrivacy', 'confirmAgeOver14', 'agreeMarketing'];

// The agreements start unticked (a pre-ticked box is no consent); the schema refuses the required ones unticked.
const EMPTY = { email: '', password: '', firstName: '', lastName: '', agreeMarketing: false } as unknown as RegistrationInput;
const trim = (value: string) => value.trim();

/**
 * /register: validated with the schema `POST /api/auth/register` uses (contracts), so the
 * password rule and the name rules give the same Korean messages here as from the server.
 */
export default function RegisterPage() {
  useDocumentTitle('회원가입');
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();
  const form = useForm<RegistrationInput, unknown, Registration>({ resolver: zodResolver(registerSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [lastName, firstName, email, password] = useWatch({ control: form.control, name: ['lastName', 'firstName', 'email', 'password'] });
  const strength = useMemo(
    () => (password ? passwordStrength(password, { email, firstName, lastName }) : null),
    [password, email, firstName, lastName],
  );

  const onSubmit = form.handleSubmit((registration) => {
    register.mutate(registration, {
      onSuccess: ({ user }) => {
        toaster.success({ title: '회원가입 완료', description: `${displayName(user)}님, 폰마켓에 오신 것을 환영합니다!` });
        navigate(redirectTarget(location.state, location.search), { replace: true });
      },
      onError: (error) => applyServerErrors(error, form.setError, NAMES),
    });
  });

  const error = register.error;
  const title = error instanceof ApiError && error.status === 409 ? '이미 가입된 이메일입니다' : '회원가입에 실패했습니다';
  const incomplete = [lastName, firstName, email, password].some((v) => !v.trim());

  const renderField = (f: (typeof FIELDS)[number]) => (
    <FormField
      key={f.name}
      label={f.label}
      required
      error={errors[f.name]}
      helper={f.name === 'password' ? <PasswordStrengthMeter strength={strength} showProblem={!errors.password} /> : undefined}
    >
      <Input
        type={f.type}
        autoComplete={f.autoComplete}
        placeholder={f.placeholder}
        {...form.register(f.name, f.name === 'email' ? { setValueAs: trim } : {})}
      />
    </FormField>
  );

  return (
    <AuthCard title="회원가입" subtitle="폰마켓에서 최적의 휴대폰 견적을 받아 보세요.">
      <form onSubmit={onSubmit} noValidate aria-label="회원가입">
        <Stack gap="4">
          <FormError title={title} message={error ? describeError(error) : null} />
          <SimpleGrid columns={2} gap="3">
            {FIELDS.slice(0, 2).map(renderField)}
          </SimpleGrid>
          {FIELDS.slice(2).map(renderField)}
          <SignUpConsents control={form.control} errors={errors} setValue={form.setValue} />
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={register.isPending}
            loadingText="가입 중"
            disabled={incomplete}
          >
            가입하기
          </Button>
          <Text textAlign="center" fontSize="sm" color="fg.muted">
            이미 계정이 있으신가요?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={{ pathname: "/login", search: location.search }} state={location.state}>로그인</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
