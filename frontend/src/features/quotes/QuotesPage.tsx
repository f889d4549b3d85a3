import { Badge, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { QUOTE_REQUEST_STATUS_LABELS, QUOTE_TOTAL_LABEL } from '@phonemarket/contracts/quotes.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMyQuoteRequests, useQuoteOfferPushes } from '../../shared/quotes/api';
import { QuoteCountdown } from '../../shared/quotes/countdown';
import { requestStatusPalette } from './status';

/** 내 견적 요청 (/quotes): each request with its status, offers so far and the best 24개월 실부담, live. */
export default function QuotesPage() {
  useDocumentTitle('내 견적 요청');
  const { isAuthenticated, isLoading } = useSession();
  const mine = useMyQuoteRequests(isAuthenticated);
  useQuoteOfferPushes(isAuthenticated);
  if ((!isAuthenticated && !isLoading) || (mine.isError && isApiError(mine.error, 401))) {
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">내 견적 요청</Heading>
        <Text color="fg.muted">로그인하면 견적 요청과 도착한 견적을 볼 수 있어요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to="/login?next=%2Fquotes">로그인</RouterLink></Button>
      </Stack>
    );
  }
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Flex justify="space-between" align="center" mb="4" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">내 견적 요청</Heading>
        <Button asChild colorPalette="brand" size="sm"><RouterLink to="/matching">새 견적 요청</RouterLink></Button>
      </Flex>
      {mine.isPending ? <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack> : null}
      {mine.isError && !isApiError(mine.error, 401) ? <Text color="fg.error">{describeError(mine.error)}</Text> : null}
      {mine.data?.items.length === 0 ? (
        <Stack p="10" gap="4" align="center" textAlign="center" data-testid="quotes-empty">
          <Text color="fg.muted">아직 견적 요청이 없습니다.</Text>
          <Button asChild colorPalette="brand"><RouterLink to="/matching">견적 받아보기</RouterLink></Button>
        </Stack>
      ) : null}
      <Stack gap="3">
        {mine.data?.items.map((r) => (
          <RouterLink key={r.id} to={`/quotes/${encodeURIComponent(r.id)}`} data-testid="quote-request-card">
            <Stack gap="2" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" _hover={{ borderColor: 'brand.solid' }}>
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Text fontWeight="semibold">{r.model.name}</Text>
                <Badge colorPalette={requestStatusPalette(r.status)}>{QUOTE_REQUEST_STATUS_LABELS[r.status]}</Badge>
              </Flex>
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Text fontSize="sm" color="fg.muted" data-testid="quote-request-offers">견적 {r.offerCount}건{r.bestTotalCost !== null ? ` · 최저 ${QUOTE_TOTAL_LABEL} ${formatWon(r.bestTotalCost)}` : ''}</Text>
                <QuoteCountdown status={r.status} closesAt={r.closesAt} decideBy={r.decideBy} />
              </Flex>
            </Stack>
          </RouterLink>
        ))}
      </Stack>
    </Box>
  );
}
