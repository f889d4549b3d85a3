import { z } from 'zod';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/*
 * Reviews and Q&A (issue 12). Streams: `orderReviews-<orderId>` (the reviews of one order's lines:
 * once per order line, decided against the order's own stream, and their answers) and `question-<questionId>` (one
 * product question and its answer). A product is a phone model (the product page's id).
 */
const id = z.string().min(1);

export const reviewStreams = {
  orderReviews: (orderId: string) => streamName('orderReviews', orderId),
  reviewedOrderId: (stream: string) => streamId('orderReviews', stream),
  question: (questionId: string) => streamName('question', questionId),
  /** One photo a buyer uploaded for the review of an order (issue 39). */
  reviewPhoto: (photoId: string) => streamName('reviewPhoto', photoId),
  questionId: (stream: string) => streamId('question', stream),
} as const;

export const reviewEvents = {
  ReviewWritten: defineEvent({
    stream: 'orderReviews',
    schema: z.object({
      reviewId: id,
      orderId: id,
      /** The order line reviewed: its id and its place in the order's items. */
      itemId: id,
      line: z.number().int().nonnegative(),
      productId: id,
      authorId: id,
      rating: z.number().int().min(1).max(5),
      content: z.string().min(1),
      photos: z.array(z.string()).max(5),
    }),
  }),
  /** The reviewed model's seller (one with an offer of it) or an admin answered a review, once. */
  ReviewAnswered: defineEvent({
    stream: 'orderReviews',
    schema: z.object({ reviewId: id, answererId: id, answererRole: z.enum(['seller', 'admin']), content: z.string().min(1) }),
  }),
  /** A buyer's review photo, re-encoded as WebP by the shared upload piece: for a review of `orderId` by `authorId` only. */
  ReviewPhotoUploaded: defineEvent({
    stream: 'reviewPhoto',
    schema: z.object({
      photoId: id, orderId: id, authorId: id, contentType: z.literal('image/webp'),
      width: z.number().int().positive(), height: z.number().int().positive(), data: z.string().min(1),
    }),
  }),
  QuestionAsked: defineEvent({
    stream: 'question',
    schema: z.object({ questionId: id, productId: id, authorId: id, content: z.string().min(1), secret: z.boolean() }),
  }),
  QuestionAnswered: defineEvent({
    stream: 'question',
    schema: z.object({ questionId: id, answererId: id, answererRole: z.enum(['seller', 'admin']), content: z.string().min(1) }),
  }),
} as const;
