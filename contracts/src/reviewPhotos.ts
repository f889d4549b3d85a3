import * as z from 'zod/mini';

/** `POST /api/orders/{orderId}/review-photos` (issue 39): a photo for the review of one's own delivered order, as bytes (JPEG/PNG/WebP ≤ 5 MB). */
export const reviewPhotosPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/review-photos`;
/** Where an uploaded review photo is served (public, like the review). */
export const reviewPhotoUrl = (photoId: string) => `/images/reviews/${photoId}.webp`;
export const REVIEW_PHOTO_URL_PATTERN = /^\/images\/reviews\/([A-Za-z0-9_-]{1,80})\.webp$/;
export const REVIEW_PHOTO_MESSAGES = {
  tooLarge: '사진은 5메가바이트 이하만 올릴 수 있습니다.',
  notImage: '사진 파일만 올릴 수 있습니다.',
  empty: '사진 파일이 비어 있습니다.',
  notYours: '이 주문의 리뷰에 올린 사진만 쓸 수 있습니다.',
} as const;
/** The upload's answer: the new photo's id, the log position and its address. */
export const reviewPhotoAnswerSchema = z.object({ id: z.string(), position: z.string(), url: z.string() });
