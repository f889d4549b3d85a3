import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import { answerInputSchema, shopReviewHideInputSchema, shopReviewInputSchema } from '@phonemarket/contracts';
import { parseShopReviewId, streams, type EventStore, type ShopReviewKind } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { buybackOrderDecider } from '../buyback/public.ts';
import { orderDecider } from '../orders/public.ts';
import { SHOP_REVIEW_DEAL_NOT_FOUND, SHOP_REVIEW_NOT_FOUND, shopReviewsDecider, type ReviewedDeal, type ShopReviewCommand } from './shopReview.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The deal a shop review is about, read from its own stream (null: no such deal). */
export async function reviewedDeal(store: EventStore, kind: ShopReviewKind, orderId: string): Promise<ReviewedDeal | null> {
  if (!PLAIN_ID.test(orderId)) return null;
  if (kind === 'order') {
    const { state } = await loadAggregate(store, streams.order(orderId), orderDecider);
    if (!state.placed || state.status === 'none') return null;
    return {
      kind, orderId, reviewerId: state.placed.buyerId, shopIds: [...new Set(state.placed.items.map((i) => i.sellerId))], settled: state.status === 'confirmed',
    };
  }
  const { state } = await loadAggregate(store, streams.buybackOrder(orderId), buybackOrderDecider);
  if (!state.placed || state.status === 'none') return null;
  return { kind, orderId, reviewerId: state.placed.userId, shopIds: [state.placed.shopId], settled: state.status === 'paid' };
}

/**
 * Shop reviews (issue 41): `POST /api/orders/{id}/shop-reviews` (the buyer, after 구매확정; `sellerId`
 * names the shop of a many-shop order), `POST /api/buyback/orders/{id}/shop-review` (the phone's
 * seller, after payout), `POST /api/shop-reviews/{id}/answer` (the reviewed shop, once) and
 * `POST /api/admin/shop-reviews/{id}/hide` (an admin, with a reason).
 */
export function shopTrustRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');

  const write = (kind: ShopReviewKind) => async (req: Request, res: Response) => {
    const orderId = req.params.id as string;
    const input = parseInput(shopReviewInputSchema, req.body, '매장 리뷰 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const deal = await reviewedDeal(deps.store, kind, orderId);
    if (!deal || deal.reviewerId !== req.auth!.user.id) throw notFound(SHOP_REVIEW_DEAL_NOT_FOUND);
    // One shop: it needs no naming. Several: the buyer names the one reviewed.
    const sellerId = input.sellerId ?? (deal.shopIds.length === 1 ? deal.shopIds[0]! : null);
    if (!sellerId) throw new DomainError('invalid', '리뷰할 매장을 선택해주세요.', { sellerId: '리뷰할 매장을 선택해주세요.' });
    const result = await handleCommand(deps.store, streams.shopReviews(kind, orderId), shopReviewsDecider, {
      type: 'WriteShopReview', deal, sellerId, authorId: req.auth!.user.id,
      stars: { kindness: input.kindness, speed: input.speed, conditions: input.conditions }, content: input.content,
    }, commandContext(req, deps));
    res.status(201).json(commandAnswer(`${kind}~${orderId}~${sellerId}`, result.position));
  };
  router.post('/api/orders/:id/shop-reviews', signedIn, write('order'));
  router.post('/api/buyback/orders/:id/shop-review', signedIn, write('buyback'));

  /** A command on one existing review: its id names the deal's stream (no lookup); 404 for an id that cannot be one. */
  const onReview = <S extends z.core.$ZodType>(schema: S, message: string, command: (reviewId: string, input: z.output<S>, req: Request) => ShopReviewCommand) =>
    async (req: Request, res: Response) => {
      const reviewId = req.params.id as string;
      const parsed = parseShopReviewId(reviewId);
      if (!parsed) throw notFound(SHOP_REVIEW_NOT_FOUND);
      const input = parseInput(schema, req.body, message);
      await claimIdempotencyKey(deps, req, input);
      const result = await handleCommand(deps.store, streams.shopReviews(parsed.kind, parsed.orderId), shopReviewsDecider, command(reviewId, input, req), commandContext(req, deps));
      res.json(commandAnswer(reviewId, result.position));
    };
  router.post('/api/shop-reviews/:id/answer', requireRole('seller'), onReview(answerInputSchema, '답변 내용을 확인해주세요.',
    (reviewId, input, req) => ({ type: 'AnswerShopReview', reviewId, sellerId: req.auth!.user.id, content: input.content })));
  router.post('/api/admin/shop-reviews/:id/hide', requireRole('admin'), onReview(shopReviewHideInputSchema, '숨김 사유를 확인해주세요.',
    (reviewId, input) => ({ type: 'HideShopReview', reviewId, reason: input.reason })));

  return router;
}
