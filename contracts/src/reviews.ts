import * as z from 'zod/mini';
import { groupThousands, plainText } from './text.ts';

/*
 * Reviews and Q&A (issue 12). A product here is a phone model (the product page's id). Only a buyer
 * with a delivered order line of the model reviews it, once per order line.
 */

export const REVIEW_RULES = { minRating: 1, maxRating: 5, minLength: 10, maxLength: 1000, maxPhotos: 5 } as const;
export const QUESTION_RULES = { minLength: 5, maxLength: 500, answerMaxLength: 1000 } as const;
export const REVIEW_SORTS = ['new', 'high', 'low'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { new: '최신순', high: '별점 높은순', low: '별점 낮은순' };
/** What a 비밀글 shows to anyone but its asker, the product's sellers and admins. */
export const SECRET_QUESTION_TEXT = '비밀글입니다';

/** A photo's address (http(s) or a path of ours): reviews and 교환/반품 requests. */
export const photoUrl = z.string({ error: '사진 주소를 확인해주세요.' }).check(
  z.trim(),
  z.maxLength(500, { error: '사진 주소는 500자 이하로 입력해주세요.' }),
  z.refine((v) => /^(https?:\/\/|\/)[^\s<>"']+$/.test(v), { error: '사진은 http(s) 주소로 입력해주세요.' }),
);

/** `POST /api/products/{id}/reviews` and the review form. */
export const reviewInputSchema = z.object({
  orderId: z.string({ error: '리뷰할 주문을 선택해주세요.' }).check(z.minLength(1, { error: '리뷰할 주문을 선택해주세요.' }), z.maxLength(100, { error: '주문을 확인해주세요.' })),
  rating: z.number({ error: '별점을 선택해주세요.' }).check(
    z.int({ error: '별점은 1~5점 중에서 선택해주세요.' }),
    z.minimum(REVIEW_RULES.minRating, { error: '별점은 1~5점 중에서 선택해주세요.' }),
    z.maximum(REVIEW_RULES.maxRating, { error: '별점은 1~5점 중에서 선택해주세요.' }),
  ),
  content: z.string({ error: '리뷰 내용을 입력해주세요.' }).check(
    z.trim(),
    z.minLength(REVIEW_RULES.minLength, { error: `리뷰는 ${REVIEW_RULES.minLength}자 이상 입력해주세요.` }),
    z.maxLength(REVIEW_RULES.maxLength, { error: `리뷰는 ${groupThousands(REVIEW_RULES.maxLength)}자 이하로 입력해주세요.` }),
    plainText({ multiline: true }),
  ),
  photos: z.optional(z.array(photoUrl).check(z.maxLength(REVIEW_RULES.maxPhotos, { error: `사진은 최대 ${REVIEW_RULES.maxPhotos}장까지 올릴 수 있습니다.` }))),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewValues = z.output<typeof reviewInputSchema>;

/** `POST /api/products/{id}/questions` and the question form. */
export const questionInputSchema = z.object({
  content: z.string({ error: '문의 내용을 입력해주세요.' }).check(
    z.trim(),
    z.minLength(QUESTION_RULES.minLength, { error: `문의는 ${QUESTION_RULES.minLength}자 이상 입력해주세요.` }),
    z.maxLength(QUESTION_RULES.maxLength, { error: `문의는 ${QUESTION_RULES.maxLength}자 이하로 입력해주세요.` }),
    plainText({ multiline: true }),
  ),
  secret: z.optional(z.boolean({ error: '비밀글 여부를 확인해주세요.' })),
});
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionValues = z.output<typeof questionInputSchema>;

/** `POST /api/questions/{id}/answer` and `POST /api/reviews/{id}/answer` (the product's seller or an admin, once). */
export const answerInputSchema = z.object({
  content: z.string({ error: '답변 내용을 입력해주세요.' }).check(
    z.trim(),
    z.minLength(1, { error: '답변 내용을 입력해주세요.' }),
    z.maxLength(QUESTION_RULES.answerMaxLength, { error: `답변은 ${groupThousands(QUESTION_RULES.answerMaxLength)}자 이하로 입력해주세요.` }),
    plainText({ multiline: true }),
  ),
});
export type AnswerInput = z.input<typeof answerInputSchema>;

/** An answer to a question or a review: its text, who answered (the seller's store name, '판매자' or '폰마켓 관리자') and when. */
export const answerSchema = z.object({ content: z.string(), by: z.string(), at: z.string() });
export type Answer = z.infer<typeof answerSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The author's name, masked (김*수). */
  author: z.string(),
  rating: z.number(),
  content: z.string(),
  photos: z.array(z.string()),
  /** The reviewed line's options as bought ('블랙 · 256GB · SKT'). */
  option: z.string(),
  createdAt: z.string(),
  /** The signed-in account wrote it. */
  mine: z.boolean(),
  /** The seller's or an admin's answer, once given. */
  answer: z.nullable(answerSchema),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * `GET /api/products/{id}/reviews?sort=new|high|low`: the reviews, their average (0 when none) and how
 * many of each star (index 0 = 1점); `canAnswer` when the session is the product's seller or an admin.
 */
export const reviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  total: z.number(),
  average: z.number(),
  distribution: z.array(z.number()),
  canAnswer: z.boolean(),
});
export type Reviews = z.infer<typeof reviewsSchema>;

/** Reviews per page of `GET /api/reviews`. */
export const RECENT_REVIEWS_PAGE_SIZE = 20;
/** A review in the list across all phones: the product page's review plus its model's name (`productId` is the model id). */
export const recentReviewSchema = z.extend(reviewSchema, { modelName: z.string() });
export type RecentReview = z.infer<typeof recentReviewSchema>;
/** `GET /api/reviews?page=`: the most recent reviews of every phone, newest first, `pageSize` a page; `total` of all. */
export const recentReviewsSchema = z.object({
  reviews: z.array(recentReviewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type RecentReviews = z.infer<typeof recentReviewsSchema>;

export const questionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  author: z.string(),
  /** '비밀글입니다' to those who may not read it. */
  content: z.string(),
  secret: z.boolean(),
  /** Whether the session may read it (a 비밀글's asker, the product's sellers, admins; everyone for open questions). */
  readable: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
  answer: z.nullable(answerSchema),
  /** Answered (also when the answer is hidden with the 비밀글). */
  answered: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;
/** `GET /api/products/{id}/questions`: newest first; `canAnswer` when the session is the product's seller or an admin. */
export const questionsSchema = z.object({ questions: z.array(questionSchema), total: z.number(), canAnswer: z.boolean() });
export type Questions = z.infer<typeof questionsSchema>;
