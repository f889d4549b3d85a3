import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { PhoneIcon } from './icons';

export interface ComingSoonProps {
  /** The page's Korean title, e.g. '장바구니'. */
  title: string;
  /** Optional one-line description of what the page will do. */
  description?: string;
}

/** Placeholder for a page that is not built yet: its title, '준비 중' and a home link. No invented data. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <Box as="section" py={{ base: '12', md: '20' }} px="4" textAlign="center" aria-labelledby="coming-soon-title">
      <Stack gap="4" align="center" maxW="lg" mx="auto">
        <Box color="brand.solid" bg="brand.subtle" rounded="full" p="4" aria-hidden="true">
          <PhoneIcon boxSize="8" />
        </Box>
        <Heading as="h1" id="coming-soon-title" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        <Text fontSize="lg" fontWeight="semibold" color="fg.muted">
          준비 중
        </Text>
        <Text color="fg.muted">{description ?? '이 페이지는 곧 열릴 예정입니다. 조금만 기다려 주세요.'}</Text>
        <Button asChild colorPalette="brand" mt="2">
          <RouterLink to="/">홈으로 돌아가기</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
