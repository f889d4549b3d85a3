import { Badge, Box, Button, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { SHOP_REVIEW_STARS, SHOP_REVIEW_STAR_LABELS, shopReviewHideInputSchema, type ShopReview } from '@phonemarket/contracts';
import { describeError } from '../api/errors';
import { useAnswerShopReview, useHideShopReview, useShopReviews } from '../api/shopReviews';
import { AnswerForm } from '../forms/AnswerForm';
import { applyServerErrors } from '../forms/serverErrors';
import { formatDate } from '../format';
import { ShopTrustDetail } from './ShopTrust';

type HideInput = z.input<typeof shopReviewHideInputSchema>;

/** An admin hides a review with a reason (told to the reviewer, kept in the history): the route's own schema and Korean messages. */
function HideForm({ sellerId, reviewId }: { sellerId: string; reviewId: string }) {
  const hide = useHideShopReview(sellerId);
  const form = useForm<HideInput>({ resolver: zodResolver(shopReviewHideInputSchema), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((values) => hide.mutate({ reviewId, reason: values.reason }, {
    onError: (error) => { if (applyServerErrors(error, form.setError, ['reason']).length === 0) form.setError('root', { message: describeError(error) }); },
  }));
  const { errors } = form.formState;
  return (
    <chakra.form mt="2" onSubmit={onSubmit} noValidate data-testid="shop-review-hide">
      <HStack gap="2" align="start">
        <Input size="xs" aria-label="숨김 사유" aria-invalid={Boolean(errors.reason)} placeholder="숨김 사유 (작성자에게 전달됩니다)" {...form.register('reason')} />
        <Button type="submit" size="xs" colorPalette="red" variant="outline" loading={hide.isPending}>숨기기</Button>
      </HStack>
      {errors.reason ?? errors.root ? <Text color="fg.error" fontSize="sm" role="alert">{(errors.reason ?? errors.root)?.message}</Text> : null}
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
