import { useEffect, useRef, useState } from 'react';
import { Box, Button, chakra, Flex, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { REVIEW_RULES, REVIEW_SORTS, REVIEW_SORT_LABELS, reviewInputSchema, type ReviewInput, type ReviewSort, type ReviewValues } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { StarRadios } from '../../shared/forms/StarRadios';
import { formatDate, formatNumber } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';
import { AnswerForm } from '../../shared/forms/AnswerForm';
import { ReviewPhotoInput } from './ReviewPhotoInput';
import { useAnswerReview, useReviews, useWriteReview } from './api/reviews';

const stars = (n: number) => '★'.repeat(Math.round(n)) + '☆'.repeat(5 - Math.round(n));

/** The review form for one order (`?review=<orderId>`, from /orders' 리뷰 작성). */
function ReviewForm({ productId, orderId, onDone }: { productId: string; orderId: string; onDone: () => void }) {
  const write = useWriteReview(productId);
  const [key] = useState(() => crypto.randomUUID());
  const form = useForm<ReviewInput, unknown, ReviewValues>({ resolver: zodResolver(reviewInputSchema), defaultValues: { orderId, rating: 5, content: '', photos: [] } });
  const onSubmit = form.handleSubmit((values) =>
    write.mutate({ values, key }, {
      onSuccess: () => { toaster.create({ type: 'success', title: '리뷰가 등록되었습니다.' }); onDone(); },
      onError: (error) => applyServerErrors(error, form.setError, ['rating', 'content', 'photos']),
    }));
  const { errors } = form.formState;
  // The page was opened for this form (/orders' 리뷰 작성): show it, not the top of the page (issue 39).
  const formBox = useRef<HTMLFormElement | null>(null);
  useEffect(() => { formBox.current?.scrollIntoView({ block: 'start', behavior: 'auto' }); }, []);
  // The list's own message (more than five) or the first photo's (a wrong address) on submit or from the server.
  const photoError = errors.photos?.message ?? (Array.isArray(errors.photos) ? errors.photos.find(Boolean)?.message : undefined);
  return (
    <chakra.form ref={formBox} onSubmit={onSubmit} noValidate data-testid="review-form" scrollMarginTop="32" borderWidth="1px" borderColor="border" rounded="lg" p="4">
      <Stack gap="3">
        <Text fontWeight="semibold">리뷰 작성</Text>
        <FormField label="별점" required error={errors.rating}>
          <Controller control={form.control} name="rating" render={({ field }) => <StarRadios label="별점" value={field.value} onChange={field.onChange} />} />
        </FormField>
        <FormField label="리뷰 내용" required error={errors.content} helper={`${REVIEW_RULES.minLength}~${formatNumber(REVIEW_RULES.maxLength)}자`}>
          <Textarea rows={4} {...form.register('content')} placeholder="상품을 사용해 보신 경험을 알려주세요." />
        </FormField>
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium">사진 <chakra.span color="fg.muted" fontWeight="normal">(선택)</chakra.span></Text>
          <Controller control={form.control} name="photos" render={({ field }) => (
            <ReviewPhotoInput orderId={orderId} value={field.value ?? []} onChange={(photos) => { field.onChange(photos); form.clearErrors('photos'); }} error={photoError} />
          )} />
        </Stack>
        {write.isError && !(errors.content || errors.rating || errors.photos) ? <Text color="fg.error" role="alert">{describeError(write.error)}</Text> : null}
        <Button type="submit" colorPalette="brand" loading={write.isPending} alignSelf="flex-start">리뷰 등록</Button>
      </Stack>
    </chakra.form>
  );
}

/** The 리뷰 tab: average, distribution, sort and the list; the form when reached from an order. */
export function ProductReviews({ productId }: { productId: string }) {
  const [sort, setSort] = useState<ReviewSort>('new');
  const reviews = useReviews(productId, sort);
  const answer = useAnswerReview(productId);
  const location = useLocation();
  const { isAuthenticated } = useSession();
  const [orderId, setOrderId] = useState(() => new URLSearchParams(location.search).get('review'));
  const data = reviews.data;
  return (
    <Stack gap="5">
      {orderId ? (
        isAuthenticated
          ? <ReviewForm productId={productId} orderId={orderId} onDone={() => setOrderId(null)} />
          : <Text>리뷰를 쓰려면 <RouterLink to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>로그인</RouterLink>해주세요.</Text>
      ) : null}
      {reviews.isError ? <Text color="fg.error">{describeError(reviews.error)}</Text> : null}
      {data ? (
        <>
          <Flex gap="6" wrap="wrap" align="center" data-testid="review-summary">
            <Box textAlign="center" minW="7rem">
              <Text fontSize="3xl" fontWeight="bold" data-testid="review-average">{data.average.toFixed(1)}</Text>
              <Text color="yellow.500" aria-hidden>{stars(data.average)}</Text>
              <Text fontSize="sm" color="fg.muted">리뷰 {formatNumber(data.total)}개</Text>
            </Box>
            <Stack gap="1" flex="1" minW="12rem" aria-label="별점 분포">
              {[5, 4, 3, 2, 1].map((n) => {
                const count = data.distribution[n - 1] ?? 0;
                return (
                  <HStack key={n} gap="2" fontSize="sm">
                    <Text w="2.5rem">{n}점</Text>
                    <Box flex="1" h="2" bg="bg.muted" rounded="full" overflow="hidden" role="img" aria-label={`${n}점 ${count}개`}>
                      <Box h="full" bg="yellow.400" rounded="full" w={`${data.total ? (count / data.total) * 100 : 0}%`} />
                    </Box>
                    <Text w="2rem" textAlign="end" color="fg.muted">{count}</Text>
                  </HStack>
                );
              })}
            </Stack>
          </Flex>
          <Flex justify="space-between" align="center">
            <Text fontWeight="semibold">전체 리뷰</Text>
            <NativeSelect.Root size="sm" w="9rem">
              <NativeSelect.Field aria-label="리뷰 정렬" value={sort} onChange={(e) => setSort(e.currentTarget.value as ReviewSort)}>
                {REVIEW_SORTS.map((s) => <option key={s} value={s}>{REVIEW_SORT_LABELS[s]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          {data.reviews.length === 0 ? <Text color="fg.muted">아직 리뷰가 없습니다. 구매 후 첫 리뷰를 남겨주세요.</Text> : (
            <Stack as="ul" gap="0" listStyleType="none" data-testid="review-list">
              {data.reviews.map((r) => (
                <Box as="li" key={r.id} py="4" borderBottomWidth="1px" borderColor="border">
                  <HStack gap="2" fontSize="sm" wrap="wrap">
                    <Text color="yellow.500" aria-label={`별점 ${r.rating}점`}>{stars(r.rating)}</Text>
                    <Text fontWeight="medium">{r.author}</Text>
                    <Text color="fg.muted">{formatDate(r.createdAt)}</Text>
                  </HStack>
                  {r.option ? <Text fontSize="xs" color="fg.muted" mt="1">{r.option}</Text> : null}
                  <Text mt="2" whiteSpace="pre-wrap">{r.content}</Text>
                  {r.photos.length ? (
                    <HStack mt="2" gap="2" wrap="wrap">{r.photos.map((src) => <chakra.img key={src} src={src} alt="리뷰 사진" w="16" h="16" objectFit="cover" rounded="md" loading="lazy" />)}</HStack>
                  ) : null}
                  {r.answer ? (
                    <Box mt="3" bg="bg.muted" rounded="md" p="3" fontSize="sm" data-testid="review-answer">
                      <Text fontWeight="medium">{r.answer.by} 답변 · <chakra.span color="fg.muted" fontWeight="normal">{formatDate(r.answer.at)}</chakra.span></Text>
                      <Text mt="1" whiteSpace="pre-wrap">{r.answer.content}</Text>
                    </Box>
                  ) : data.canAnswer ? (
                    <AnswerForm label="리뷰 답변" testId="review-answer-form" answer={(content) => answer.mutateAsync({ reviewId: r.id, content })} />
                  ) : null}
                </Box>
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
