import type { ReactNode } from 'react';
import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from './session';

/** Seller pages: a guest is asked to sign in (and comes back), any other role is pointed to the seller application. The server checks again on every call. */
export function SellerGate({ children }: { children: ReactNode }) {
  const { role, isLoading } = useSession();
  const location = useLocation();
  if (isLoading && role !== 'seller') {
    return <Stack p="10" align="center"><Spinner aria-label="확인 중" /></Stack>;
  }
  if (role === 'guest') {
    return (
      <Stack data-testid="seller-sign-in" p="10" gap="4" align="center" textAlign="center">
        <Heading as="h1" size="lg">셀러 로그인이 필요합니다</Heading>
        <Text color="fg.muted">셀러 계정으로 로그인한 뒤 이용해 주세요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(location.pathname)}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  if (role !== 'seller') {
    return (
      <Stack data-testid="seller-only" p="10" gap="4" align="center" textAlign="center">
        <Heading as="h1" size="lg">셀러 전용 페이지입니다</Heading>
        <Text color="fg.muted">입점 신청이 승인되면 이곳에서 상품을 등록하고 관리할 수 있습니다.</Text>
        <HStack>
          <Button asChild colorPalette="brand"><RouterLink to="/seller-application">셀러 입점 신청</RouterLink></Button>
          <Button asChild variant="outline"><RouterLink to="/">홈으로</RouterLink></Button>
        </HStack>
      </Stack>
    );
  }
  return <>{children}</>;
}
