import { useState } from 'react';
import { Badge, Box, Button, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SHOP_REVIEW_STARS, SHOP_REVIEW_STAR_LABELS, type ShopReview } from '@phonemarket/contracts';
import { describeError } from '../api/errors';
import { useAnswerShopReview, useHideShopReview, useShopReviews } from '../api/shopReviews';
import { AnswerForm } from '../forms/AnswerForm';
import { formatDate } from '../format';
import { ShopTrustDetail } from './ShopTrust';

/** An admin hides a review with a reason (told to the reviewer, kept in the history). */
function HideForm({ sellerId, reviewId }: { sellerId: string; reviewId: string }) {
  const hide = useHideShopReview(sellerId);
  const [reason, setReason] = useState('');
  return (
    <chakra.form mt="2" onSubmit={(e) => { e.preventDefault(); hide.mutate({ reviewId, reason }); }}>
      <HStack gap="2">
        <Input size="xs" aria-label="숨김 사유" placeholder="숨김 사유 (작성자에게 전달됩니다)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Button type="submit" size="xs" colorPalette="red" variant="outline" loading={hide.isPending}>숨기기</Button>
      </HStack>
      {hide.isError ? <Text color="fg.error" fontSize="sm" role="alert">{describeError(hide.error)}</Text> : null}
    </chakra.form>
  );
}

function ShopReviewItem({ r, sellerId, canAnswer, canHide }: { r: ShopReview; sellerId: string; canAnswer: boolean; canHide: boolean }) {
  const answer = useAnswerShopReview(sellerId);
  return (
    <Box as="li" py="3" borderBottomWidth="1px" data-testid="shop-review">
      <HStack gap="2" wrap="wrap" fontSize="sm">
        <Text fontWeight="semibold">{r.author}</Text>
        {r.kind === 'buyback' ? <Badge size="sm">매입 거래</Badge> : null}
        <Text color="fg.muted">{formatDate(r.createdAt)}</Text>
        {r.hidden ? <Badge colorPalette="red" size="sm">숨김: {r.hidden.reason}</Badge> : null}
      </HStack>
      <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
        {SHOP_REVIEW_STARS.map((k) => <Text key={k} as="span">{SHOP_REVIEW_STAR_LABELS[k]} <chakra.span color="orange.fg">{'★'.repeat(r[k])}</chakra.span>{'☆'.repeat(5 - r[k])}</Text>)}
      </HStack>
      <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">{r.content}</Text>
      {r.answer ? (
        <Box mt="2" p="2" bg="bg.muted" rounded="md" fontSize="sm"><Text fontWeight="semibold">매장 답변</Text><Text whiteSpace="pre-wrap">{r.answer.content}</Text></Box>
      ) : canAnswer && !r.hidden ? <AnswerForm label="매장 답변" testId="shop-review-answer" answer={(content) => answer.mutateAsync({ reviewId: r.id, content })} /> : null}
      {canHide && !r.hidden ? <HideForm sellerId={sellerId} reviewId={r.id} /> : null}
    </Box>
  );
}

/**
 * A shop's reviews from real deals (issue 41): its figures ('리뷰 적음' under 5) and its newest reviews;
 * the shop itself answers each once, an admin hides one with a reason.
 */
export function ShopReviewList({ sellerId }: { sellerId: string }) {
  const reviews = useShopReviews(sellerId);
  const data = reviews.data;
  return (
    <Stack as="section" aria-labelledby="shop-reviews-title" gap="2" data-testid="shop-review-list">
      <Heading as="h2" id="shop-reviews-title" size="lg">매장 리뷰</Heading>
      <Text fontSize="xs" color="fg.muted">실제로 구매확정한 구매자(또는 매입 대금을 받은 판매자)만 남길 수 있는 리뷰입니다.</Text>
      {data ? <ShopTrustDetail trust={data.trust} /> : null}
      {reviews.isError ? <Text color="fg.error">{describeError(reviews.error)}</Text> : null}
      {data && data.reviews.length ? (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {data.reviews.map((r) => <ShopReviewItem key={r.id} r={r} sellerId={sellerId} canAnswer={data.canAnswer} canHide={data.canHide} />)}
        </Stack>
      ) : data ? <Text color="fg.muted" fontSize="sm">아직 매장 리뷰가 없습니다.</Text> : null}
    </Stack>
  );
}
