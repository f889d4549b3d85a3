import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { questionsSchema, reviewPhotoAnswerSchema, reviewPhotosPath, reviewsSchema, type QuestionValues, type ReviewSort, type ReviewValues } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

const commandAnswer = z.object({ id: z.string(), position: z.string() });
const path = (productId: string, what: 'reviews' | 'questions') => `/api/products/${encodeURIComponent(productId)}/${what}`;

/** `GET /api/products/{id}/reviews?sort=`: the reviews, their average and distribution. */
export const reviewsQueryOptions = (productId: string, sort: ReviewSort) => queryOptions({
  queryKey: [path(productId, 'reviews'), sort],
  queryFn: ({ signal }) => apiFetch(path(productId, 'reviews'), { schema: reviewsSchema, params: { sort }, signal }),
});
export const useReviews = (productId: string, sort: ReviewSort) => useQuery(reviewsQueryOptions(productId, sort));

/** `GET /api/products/{id}/questions` (비밀글 hidden by the server). */
export const questionsQueryOptions = (productId: string) => queryOptions({
  queryKey: [path(productId, 'questions')],
  queryFn: ({ signal }) => apiFetch(path(productId, 'questions'), { schema: questionsSchema, signal }),
});
export const useQuestions = (productId: string) => useQuery(questionsQueryOptions(productId));

/** `POST /api/orders/{id}/review-photos` (issue 39): one photo as chosen (≤ 5 MB); answers its address. */
export function useUploadReviewPhoto(orderId: string) {
  return useMutation({ mutationFn: (file: Blob) => apiFetch(reviewPhotosPath(orderId), { method: 'POST', body: file, schema: reviewPhotoAnswerSchema }) });
}

/** After a review: the product's reviews, its model figures and the buyer's orders are read again. */
export function useWriteReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: ReviewValues; key: string }) =>
      apiFetch(path(productId, 'reviews'), { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => Promise.all([path(productId, 'reviews'), '/api/orders', `/api/models/${productId}`].map((k) => client.invalidateQueries({ queryKey: [k] }))),
  });
}

export function useAskQuestion(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: QuestionValues; key: string }) =>
      apiFetch(path(productId, 'questions'), { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [path(productId, 'questions')] }),
  });
}

/** `POST /api/reviews/{id}/answer` (the product's seller or an admin): the reviews are read again. */
export function useAnswerReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, content }: { reviewId: string; content: string }) =>
      apiFetch(`/api/reviews/${encodeURIComponent(reviewId)}/answer`, { method: 'POST', body: { content }, schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: [path(productId, 'reviews')] }),
  });
}

export function useAnswerQuestion(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, content }: { questionId: string; content: string }) =>
      apiFetch(`/api/questions/${encodeURIComponent(questionId)}/answer`, { method: 'POST', body: { content }, schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: [path(productId, 'questions')] }),
  });
}
