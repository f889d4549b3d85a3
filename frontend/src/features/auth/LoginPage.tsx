import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema, type Credentials } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useLogin, useSession } from '../../shared/auth/session';
import { displayName } from '../../shared/auth/session-storage';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { AuthCard, FormError } from './AuthCard';
import { redirectTarget } from './redirect';

const FIELDS = ['email', 'password'] as const;
const trim = (value: string) => value.trim();

/** /login: email and password, validated with the schema `POST /api/auth/login` uses. */
export default function LoginPage() {
  useDocumentTitle('로그인');
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const login = useLogin();
  const form = useForm<Credentials>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const [email, password] = useWatch({ control: form.control, name: FIELDS });

  const onSubmit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: ({ user: signedIn }) => {
        toaster.success({ title: '로그인되었습니다', description: `${displayName(signedIn)}님, 환영합니다!` });
        navigate(redirectTarget(location.state, location.search), { replace: true });
      },
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <AuthCard title="로그인" subtitle="폰마켓 계정으로 로그인하세요.">
      {user ? (
        <Text mb="4" color="fg.muted" role="status">
          현재 {displayName(user)}님으로 로그인되어 있습니다.
        </Text>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="로그인">
        <Stack gap="4">
          <FormError title="로그인에 실패했습니다" message={login.error ? describeError(login.error) : null} />
          <FormField label="이메일" required error={errors.email}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="example@phonemarket.kr"
              {...form.register('email', { setValueAs: trim })}
            />
          </FormField>
          <FormField label="비밀번호" required error={errors.password}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={login.isPending}
            loadingText="로그인 중"
            disabled={!email.trim() || !password}
          >
            로그인
          </Button>
          <Text textAlign="center" fontSize="sm" color="fg.muted">
            아직 회원이 아니신가요?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={{ pathname: "/register", search: location.search }} state={location.state}>회원가입</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
