import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  answerInputSchema, questionInputSchema, REVIEW_PHOTO_MESSAGES, REVIEW_PHOTO_URL_PATTERN, REVIEWABLE_ORDER_STATUSES, reviewInputSchema, reviewPhotoUrl,
  type ReviewValues,
} from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { beforeBody, check } from '../../shared/bodyGate.ts';
import { imageBody, MAX_UPLOAD_BYTES, PHOTO_FORMATS, reencodeImage, uploadedBytes, type ImageUploadRules } from '../../shared/imageUpload.ts';
import { handleCommand, loadAggregate, newRecordId, type CommandContext, type CommandResult } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { lastData } from '../../shared/lastData.ts';
import { orderDecider } from '../orders/public.ts';
import { modelSellers } from './modelSellers.ts';
import { QUESTION_NOT_FOUND, questionDecider } from './question.ts';
import { NOT_DELIVERED, REVIEW_NOT_FOUND, REVIEW_ORDER_NOT_FOUND, reviewsDecider, type ReviewedOrder, type ReviewsState } from './review.ts';
import { reviewPhotoDecider } from './reviewPhoto.ts';

/** A review photo: the shared upload piece's rules, kept at most 1200 px on its long side (as listing photos). */
const PHOTO_UPLOAD: ImageUploadRules = {
  maxBytes: MAX_UPLOAD_BYTES,
  formats: PHOTO_FORMATS,
  size: { width: 1200, height: 1200, fit: 'inside' },
  messages: { tooLarge: REVIEW_PHOTO_MESSAGES.tooLarge, notImage: REVIEW_PHOTO_MESSAGES.notImage, empty: REVIEW_PHOTO_MESSAGES.empty },
};

/** Every uploaded photo a review names must be one its author uploaded for this order (links to other pictures are taken as they are). */
async function assertOwnPhotos(store: EventStore, authorId: string, orderId: string, photos: readonly string[]): Promise<void> {
  for (const [i, url] of photos.entries()) {
    const id = REVIEW_PHOTO_URL_PATTERN.exec(url)?.[1];
    if (!id) continue;
    const photo = (await loadAggregate(store, streams.reviewPhoto(id), reviewPhotoDecider)).state;
    if (photo?.authorId !== authorId || photo.orderId !== orderId) throw badRequest(REVIEW_PHOTO_MESSAGES.notYours, { [`photos.${i}`]: REVIEW_PHOTO_MESSAGES.notYours });
  }
}

/** The order a review names, as the review decider checks it (its buyer, status and lines), or null: no such order. */
async function reviewedOrder(store: EventStore, orderId: string): Promise<ReviewedOrder | null> {
  const loaded = orderId.length <= 100 ? await loadAggregate(store, streams.order(orderId), orderDecider) : null;
  const placed = loaded?.state.placed;
  return placed && loaded.state.status !== 'none'
    ? { orderId: placed.orderId, buyerId: placed.buyerId, status: loaded.state.status, items: placed.items.map((i) => ({ itemId: i.itemId, modelId: i.modelId })) }
    : null;
}

/**
 * A buyer's review of a product (phone model) of their order, its input parsed by `reviewInputSchema` (rating,
 * length; its photos the author's own): `POST /api/products/{id}/reviews`, and the demo's past orders (s60).
 */
export async function writeReview(store: EventStore, productId: string, authorId: string, input: ReviewValues, ctx: CommandContext): Promise<CommandResult<ReviewsState>> {
  return handleCommand(store, streams.orderReviews(input.orderId), reviewsDecider, {
    type: 'WriteReview', order: await reviewedOrder(store, input.orderId), productId, authorId,
    rating: input.rating, content: input.content, photos: input.photos ?? [],
  }, ctx);
}

const PRODUCT_NOT_FOUND = '상품을 찾을 수 없습니다.';

/** The phone model a product id names (the product page's id), or 404. */
async function productId(store: EventStore, req: Request): Promise<string> {
  const id = req.params.id as string;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw notFound(PRODUCT_NOT_FOUND);
  const model = await loadAggregate(store, streams.phoneModel(id), lastData<{ modelId: string }>('PhoneModelDefined'));
  if (!model.state) throw notFound(PRODUCT_NOT_FOUND);
  return model.state.modelId;
}

/**
 * The order whose reviews stream holds a review. A review id is `<orderId>-<itemId>` and either id
 * may hold dashes, so each split is tried (a few stream reads, only on answering), or null.
 */
async function reviewStream(store: EventStore, reviewId: string): Promise<{ orderId: string; state: ReviewsState } | null> {
  if (!/^[A-Za-z0-9_-]{3,201}$/.test(reviewId)) return null;
  for (let i = reviewId.indexOf('-'); i > 0; i = reviewId.indexOf('-', i + 1)) {
    const orderId = reviewId.slice(0, i);
    if (orderId.length > 100) break;
    const loaded = await loadAggregate(store, streams.orderReviews(orderId), reviewsDecider);
    if (loaded.state.reviews.has(reviewId)) return { orderId, state: loaded.state };
  }
  return null;
}

/**
 * Reviews and Q&A (issue 12): `POST /api/products/{id}/reviews` (a buyer of a delivered or confirmed order line),
 * `POST /api/products/{id}/questions` (anyone signed in), `POST /api/questions/{id}/answer` and
 * `POST /api/reviews/{id}/answer` (a seller with an offer of the product, or an admin; once).
 */
export function reviewRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const sellersOf = modelSellers(deps.store);

  /** The signed-in buyer's own order, delivered (a review may be written): checked before the photo is read. */
  const reviewableOrder = async (req: Request) => {
    const orderId = req.params.id as string;
    const loaded = orderId.length <= 100 ? await loadAggregate(deps.store, streams.order(orderId), orderDecider) : null;
    const placed = loaded?.state.placed;
    // Someone else's order is as good as none.
    if (!placed || loaded.state.status === 'none' || placed.buyerId !== req.auth!.user.id) throw notFound(REVIEW_ORDER_NOT_FOUND);
    if (!REVIEWABLE_ORDER_STATUSES.includes(loaded.state.status)) throw new DomainError('forbidden', NOT_DELIVERED);
    return placed.orderId;
  };

  // Issue 39: review photos through the shared upload piece (who and which order before the body, issue 35).
  router.post('/api/orders/:id/review-photos', beforeBody(requireRole('user'), check(reviewableOrder)), imageBody(PHOTO_UPLOAD), async (req, res) => {
    const orderId = await reviewableOrder(req);
    const bytes = uploadedBytes(req);
    const webp = await reencodeImage(bytes, PHOTO_UPLOAD);
    await claimIdempotencyKey(deps, req, { orderId, sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const photoId = newRecordId(ctx, 'reviewPhoto');
    const result = await handleCommand(deps.store, streams.reviewPhoto(photoId), reviewPhotoDecider, {
      type: 'RecordReviewPhoto', photoId, orderId, authorId: req.auth!.user.id, contentType: 'image/webp', width: webp.width, height: webp.height, data: webp.data.toString('base64'),
    }, ctx);
    res.status(201).json(commandAnswer(photoId, result.position, { url: reviewPhotoUrl(photoId) }));
  });

  router.post('/api/products/:id/reviews', signedIn, async (req, res) => {
    const product = await productId(deps.store, req);
    const input = parseInput(reviewInputSchema, req.body, '리뷰 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    await assertOwnPhotos(deps.store, req.auth!.user.id, input.orderId, input.photos ?? []);
    const result = await writeReview(deps.store, product, req.auth!.user.id, input, commandContext(req, deps));
    // The line just reviewed is the last one the state remembers (also for a retried request).
    const reviewId = `${input.orderId}-${[...result.state.reviewedItemIds].at(-1) ?? ''}`;
    res.status(201).json(commandAnswer(reviewId, result.position));
  });

  router.post('/api/products/:id/questions', signedIn, async (req, res) => {
    const product = await productId(deps.store, req);
    const input = parseInput(questionInputSchema, req.body, '문의 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const authorId = req.auth!.user.id;
    // A retried request (same key, same body) is the same question.
    const questionId = newRecordId(ctx, 'question');
    const result = await handleCommand(deps.store, streams.question(questionId), questionDecider, {
      type: 'AskQuestion', questionId, productId: product, authorId, content: input.content, secret: input.secret ?? false,
    }, ctx);
    res.status(201).json(commandAnswer(questionId, result.position));
  });

  router.post('/api/questions/:id/answer', requireRole('seller', 'admin'), async (req, res) => {
    const user = req.auth!.user;
    const questionId = req.params.id as string;
    const question = questionId.length <= 100 ? await loadAggregate(deps.store, streams.question(questionId), questionDecider) : null;
    const asked = question?.state.asked;
    if (!asked) throw notFound(QUESTION_NOT_FOUND);
    if (user.role !== 'admin' && !(await sellersOf(asked.productId)).has(user.id)) throw new DomainError('forbidden', '이 상품의 판매자만 답변할 수 있습니다.');
    const input = parseInput(answerInputSchema, req.body, '답변 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.question(questionId), questionDecider, {
      type: 'AnswerQuestion', questionId, answererId: user.id, answererRole: user.role === 'admin' ? 'admin' : 'seller', content: input.content,
    }, commandContext(req, deps));
    res.json(commandAnswer(questionId, result.position));
  });

  router.post('/api/reviews/:id/answer', requireRole('seller', 'admin'), async (req, res) => {
    const user = req.auth!.user;
    const reviewId = req.params.id as string;
    const found = await reviewStream(deps.store, reviewId);
    const review = found?.state.reviews.get(reviewId);
    if (!found || !review) throw notFound(REVIEW_NOT_FOUND);
    if (user.role !== 'admin' && !(await sellersOf(review.productId)).has(user.id)) throw new DomainError('forbidden', '이 상품의 판매자만 답변할 수 있습니다.');
    const input = parseInput(answerInputSchema, req.body, '답변 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.orderReviews(found.orderId), reviewsDecider, {
      type: 'AnswerReview', reviewId, answererId: user.id, answererRole: user.role === 'admin' ? 'admin' : 'seller', content: input.content,
    }, commandContext(req, deps));
    res.json(commandAnswer(reviewId, result.position));
  });

  return router;
}
