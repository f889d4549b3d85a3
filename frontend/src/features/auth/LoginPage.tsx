import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { AuthCard, FormError } from './AuthCard';
import { useLogin, useSession } from './session';
import { displayName } from './session-storage';

function redirectTarget(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return '/';
}

export default function LoginPage() {
  useDocumentTitle('로그인');
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user: signedIn }) => {
          toaster.success({ title: '로그인되었습니다', description: `${displayName(signedIn)}님, 환영합니다!` });
          navigate(redirectTarget(location.state), { replace: true });
        },
      },
    );
  };

  const fieldErrors = login.error instanceof ApiError ? login.error.errors : undefined;

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
          <Field.Root required invalid={Boolean(fieldErrors?.email)}>
            <Field.Label>
              이메일 <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="example@phonemarket.kr"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field.ErrorText>{fieldErrors?.email}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(fieldErrors?.password)}>
            <Field.Label>
              비밀번호 <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field.ErrorText>{fieldErrors?.password}</Field.ErrorText>
          </Field.Root>
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
              <RouterLink to="/register">회원가입</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
