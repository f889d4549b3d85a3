import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  RECENT_REVIEWS_PAGE_SIZE, REVIEW_SORTS, SECRET_QUESTION_TEXT, type Question, type Questions, type RecentReviews, type Reviews,
} from '@phonemarket/contracts';
import { ORDERS, QUESTIONS, REVIEW_PHOTOS, REVIEWS, type OrderDoc, type QuestionDoc, type ReviewDoc, type ReviewPhotoDoc } from '@phonemarket/projector';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex } from '../../shared/catalogueIndex.ts';
import { maskedName } from '../../shared/maskedName.ts';
import { imageIdOf, sendStoredImage } from '../../shared/storedImage.ts';
import { answererLabel, reviewOf } from '../../shared/reviewView.ts';

const reviewsQuery = z.object({ sort: z.enum(REVIEW_SORTS, { error: '정렬 기준은 new, high, low 중 하나입니다.' }).default('new') });
const PAGE_MESSAGE = '페이지는 1~10000 사이의 숫자로 입력해주세요.';
const recentReviewsQuery = z.object({
  page: z.string().regex(/^\d{1,5}$/, { error: PAGE_MESSAGE }).transform(Number).pipe(z.number().int().min(1, { error: PAGE_MESSAGE }).max(10_000, { error: PAGE_MESSAGE })).default(1),
});

/**
 * Reviews and Q&A of a product (a phone model): `GET /api/products/{id}/reviews?sort=new|high|low`
 * with the average and the distribution, `GET /api/reviews?page=` the newest reviews of every phone
 * (기기 리뷰, 20 a page, with each model's name), `GET /api/products/{id}/questions` (a 비밀글 is readable
 * only by its asker, admins, and the sellers who sold that phone to its asker; others see '비밀글입니다').
 */
export function reviewQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const catalogue = catalogueIndex(deps.docs, deps.progress);

  const product = async (req: Request) => {
    const index = await catalogue.get();
    const id = req.params.id as string;
    if (!index.models.has(id)) throw notFound('상품을 찾을 수 없습니다.');
    const sellerIds = new Set((index.offersByModel.get(id) ?? []).map((o) => o.sellerId));
    const user = req.auth?.user;
    return { id, canAnswer: user?.role === 'admin' || (user?.role === 'seller' && sellerIds.has(user.id)) };
  };

  router.get('/api/products/:id/reviews', async (req, res) => {
    const { id, canAnswer } = await product(req);
    const raw = Array.isArray(req.query.sort) ? req.query.sort[0] : req.query.sort;
    const { sort } = parseInput(reviewsQuery, raw === undefined ? {} : { sort: raw }, '조회 조건을 확인해주세요.');
    const docs = await deps.docs.collection<ReviewDoc>(REVIEWS).find({ productId: id }, { sort: { createdAt: -1, _id: -1 } });
    if (sort !== 'new') docs.sort((a, b) => (sort === 'high' ? b.rating - a.rating : a.rating - b.rating));
    const distribution = [0, 0, 0, 0, 0];
    let sum = 0;
    for (const d of docs) { distribution[d.rating - 1]! += 1; sum += d.rating; }
    const me = req.auth?.user.id;
    const reviews = docs.map((d) => reviewOf(d, me));
    const average = docs.length ? Math.round((sum / docs.length) * 10) / 10 : 0;
    res.json({ reviews, total: docs.length, average, distribution, canAnswer } satisfies Reviews);
  });

  router.get('/api/reviews', async (req, res) => {
    const raw = Array.isArray(req.query.page) ? req.query.page[0] : req.query.page;
    const { page } = parseInput(recentReviewsQuery, raw === undefined ? {} : { page: raw }, '조회 조건을 확인해주세요.');
    const reviews = deps.docs.collection<ReviewDoc>(REVIEWS);
    const [docs, total, index] = await Promise.all([
      reviews.find({}, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * RECENT_REVIEWS_PAGE_SIZE, limit: RECENT_REVIEWS_PAGE_SIZE }),
      reviews.count(),
      catalogue.get(),
    ]);
    const me = req.auth?.user.id;
    res.json({
      reviews: docs.map((d) => ({ ...reviewOf(d, me), modelName: index.models.get(d.productId)?.name ?? '' })),
      total, page, pageSize: RECENT_REVIEWS_PAGE_SIZE,
    } satisfies RecentReviews);
  });

  /**
   * The askers a seller sold this phone to (an order line of the model from them that was not a failed
   * payment): listing a phone is open to any seller, so it must not open its askers' 비밀글.
   */
  const servedAskers = async (sellerId: string, modelId: string, askers: string[]): Promise<ReadonlySet<string>> => {
    if (askers.length === 0) return new Set();
    const orders = await deps.docs.collection<OrderDoc>(ORDERS).find({ buyerId: { $in: askers }, sellerIds: { $in: [sellerId] } });
    return new Set(orders
      .filter((o) => o.status !== 'payment_failed' && o.items.some((i) => i.modelId === modelId && i.sellerId === sellerId))
      .map((o) => o.buyerId));
  };

  router.get('/api/products/:id/questions', async (req, res) => {
    const { id, canAnswer } = await product(req);
    const user = req.auth?.user;
    const docs = await deps.docs.collection<QuestionDoc>(QUESTIONS).find({ productId: id }, { sort: { createdAt: -1, _id: -1 } });
    const secretAskers = [...new Set(docs.filter((d) => d.secret).map((d) => d.authorId))];
    const served = user?.role === 'seller' ? await servedAskers(user.id, id, secretAskers) : new Set<string>();
    const questions = docs.map((d): Question => {
      const mine = d.authorId === user?.id;
      const readable = !d.secret || mine || user?.role === 'admin' || served.has(d.authorId);
      return {
        id: d.id, productId: d.productId, author: maskedName(d.authorName), secret: d.secret, readable, mine, createdAt: d.createdAt,
        content: readable ? d.content : SECRET_QUESTION_TEXT,
        answer: d.answer && readable ? { content: d.answer.content, by: answererLabel(d.answer.answererRole), at: d.answer.at } : null,
        answered: d.answer !== null,
      };
    });
    res.json({ questions, total: docs.length, canAnswer } satisfies Questions);
  });

  return router;
}

/** `GET /images/reviews/{id}.webp`: a review photo as re-encoded (public, like the review it is in). */
export function reviewPhotoRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/images/reviews/:file', async (req, res) => {
    const id = imageIdOf(req.params.file as string);
    sendStoredImage(res, id ? await deps.docs.collection<ReviewPhotoDoc>(REVIEW_PHOTOS).get(id) : null);
  });
  return router;
}
