import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CatalogueEmptyState, InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { RecentReviewItem } from '../../shared/ui/RecentReviewItem';
import { useRecentReviews } from './api/recentReviews';

/** `?page=` as a page number (1 when absent or not a positive whole number). */
const pageOf = (raw: string | null) => (raw && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1);

/** 기기 리뷰 (footer): the newest reviews of every phone, 20 a page, each linking to its phone's reviews tab. */
export default function ReviewsPage() {
  useDocumentTitle('기기 리뷰');
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const list = useRecentReviews(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };
  return (
    <PageFrame>
      <Box maxW="3xl" mx="auto">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>기기 리뷰</Heading>
        <Text mt="1" color="fg.muted" fontSize="sm">
          폰마켓에서 구매하고 배송을 받은 분들이 남긴 최신 리뷰입니다.{data && data.total > 0 ? ` 전체 ${formatNumber(data.total)}개` : ''}
        </Text>
        <Box mt="4">
          {list.isPending ? (
            <Stack gap="3" role="status" aria-busy="true">
              <Box as="span" srOnly>리뷰를 불러오는 중</Box>
              {[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}
            </Stack>
          ) : null}
          {list.isError ? <InlineLoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
          {data && data.reviews.length === 0 ? (
            <CatalogueEmptyState data-testid="reviews-empty" title="아직 등록된 리뷰가 없습니다."
              description={page > 1 ? '이 페이지에는 리뷰가 없습니다.' : '휴대폰을 구매하고 배송을 받으면 주문 내역에서 첫 리뷰를 남길 수 있어요.'}>
              <Button asChild colorPalette="brand" size="sm" mt="2">
                {page > 1 ? <RouterLink to="/reviews">첫 페이지로</RouterLink> : <RouterLink to="/">휴대폰 둘러보기</RouterLink>}
              </Button>
            </CatalogueEmptyState>
          ) : null}
          {data && data.reviews.length > 0 ? (
            <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="최신 리뷰" data-testid="recent-review-list">
              {data.reviews.map((r) => <RecentReviewItem key={r.id} r={r} />)}
            </Stack>
          ) : null}
          {pages > 1 ? (
            <HStack as="nav" aria-label="리뷰 페이지" justify="center" mt="6">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>이전</Button>
              <Text fontSize="sm" aria-current="page">{page} / {pages}</Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => goTo(page + 1)}>다음</Button>
            </HStack>
          ) : null}
        </Box>
      </Box>
    </PageFrame>
  );
}
