import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';
import { useServerStatus } from '../shared/ssr/server-response';

/** Any unknown path (spec §2's 'Page Not Found', in Korean: issue 30, no English on the pages). */
export default function NotFoundPage() {
  useDocumentTitle('페이지를 찾을 수 없습니다');
  useServerStatus(404);
  return (
    <Box as="section" py={{ base: '12', md: '20' }} px="4" textAlign="center" aria-labelledby="not-found-title">
      <Stack gap="3" align="center" maxW="lg" mx="auto">
        <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="black" color="brand.solid" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" id="not-found-title" size={{ base: 'xl', md: '2xl' }}>
          페이지를 찾을 수 없습니다
        </Heading>
        <Text color="fg.muted">요청하신 페이지를 찾을 수 없습니다. 주소가 바르게 입력되었는지 확인해 주세요.</Text>
        <Button asChild colorPalette="brand" mt="3">
          <RouterLink to="/">홈으로 돌아가기</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
