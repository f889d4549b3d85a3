import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { AuthCard, FormError } from './AuthCard';
import { useRegister, type Registration } from './session';
import { displayName } from './session-storage';

type FieldName = keyof Registration;

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string; placeholder?: string }[] = [
  { name: 'lastName', label: '성', type: 'text', autoComplete: 'family-name', placeholder: '홍' },
  { name: 'firstName', label: '이름', type: 'text', autoComplete: 'given-name', placeholder: '길동' },
  { name: 'email', label: '이메일', type: 'email', autoComplete: 'email', placeholder: 'example@phonemarket.kr' },
  { name: 'password', label: '비밀번호', type: 'password', autoComplete: 'new-password' },
];

const EMPTY: Registration = { email: '', password: '', firstName: '', lastName: '' };

export default function RegisterPage() {
  useDocumentTitle('회원가입');
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<Registration>(EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    register.mutate(
      { ...form, email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      {
        onSuccess: ({ user }) => {
          toaster.success({ title: '회원가입 완료', description: `${displayName(user)}님, 폰마켓에 오신 것을 환영합니다!` });
          navigate('/', { replace: true });
        },
      },
    );
  };

  const error = register.error;
  const fieldErrors = error instanceof ApiError ? error.errors : undefined;
  const title = error instanceof ApiError && error.status === 409 ? '이미 가입된 이메일입니다' : '회원가입에 실패했습니다';
  const incomplete = FIELDS.some((f) => !form[f.name].trim());

  const renderField = (f: (typeof FIELDS)[number]) => (
    <Field.Root key={f.name} required invalid={Boolean(fieldErrors?.[f.name])}>
      <Field.Label>
        {f.label} <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type={f.type}
        name={f.name}
        autoComplete={f.autoComplete}
        placeholder={f.placeholder}
        value={form[f.name]}
        onChange={(e) => setForm((prev) => ({ ...prev, [f.name]: e.target.value }))}
      />
      <Field.ErrorText>{fieldErrors?.[f.name]}</Field.ErrorText>
    </Field.Root>
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
              <RouterLink to="/login">로그인</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
