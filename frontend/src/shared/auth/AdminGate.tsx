import type { ReactNode } from 'react';
import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from './session';

/** Admin pages: a guest is asked to sign in (and comes back), any other role reads '접근 권한이 없습니다'. The server checks again on every call. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { role, isLoading } = useSession();
  const location = useLocation();
  if (isLoading && role !== 'admin') {
    return <Stack p="10" align="center"><Spinner aria-label="확인 중" /></Stack>;
  }
  if (role === 'guest') {
    return (
      <Stack data-testid="admin-sign-in" p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">관리자 로그인이 필요합니다</Heading>
        <Text color="fg.muted">관리자 계정으로 로그인한 뒤 이용해 주세요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(location.pathname)}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  if (role !== 'admin') {
    return (
      <Stack data-testid="admin-forbidden" p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">접근 권한이 없습니다</Heading>
        <Text color="fg.muted">관리자만 이용할 수 있는 페이지입니다.</Text>
        <Button asChild variant="outline"><RouterLink to="/">홈으로</RouterLink></Button>
      </Stack>
    );
  }
  return <>{children}</>;
}
