import type { DomainEvent, ShopReviewKind, ShopReviewStars, StoredEvent } from '@phonemarket/events';
import { shopReviewId } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The shop reviews of one deal (stream `shopReviews-<kind>-<orderId>`, issue 41): the buyer of an order
 * reviews each shop of it once after 구매확정; the seller of a phone to a buyback shop reviews that shop
 * once after payout. The deal comes in the command, read from its own stream by the route. The reviewed
 * shop answers once; an admin hides a review with a reason.
 */
export interface ReviewedDeal {
  kind: ShopReviewKind;
  orderId: string;
  /** Who may review: the order's buyer, the buyback's seller. */
  reviewerId: string;
  /** The shops of the deal (an order's sellers, the buyback's shop). */
  shopIds: readonly string[];
  /** 구매확정 (order) or paid (buyback). */
  settled: boolean;
}
export interface WrittenShopReview { sellerId: string; authorId: string; stars: ShopReviewStars; answered: boolean; hidden: boolean }
export interface ShopReviewsState { reviews: ReadonlyMap<string, WrittenShopReview> }

export type ShopReviewCommand =
  | { type: 'WriteShopReview'; deal: ReviewedDeal | null; sellerId: string; authorId: string; stars: ShopReviewStars; content: string }
  | { type: 'AnswerShopReview'; reviewId: string; sellerId: string; content: string }
  | { type: 'HideShopReview'; reviewId: string; reason: string };

export const SHOP_REVIEW_DEAL_NOT_FOUND = '주문을 찾을 수 없습니다.';
export const NOT_THE_DEALS_SHOP = '이 거래의 매장이 아닙니다.';
export const OWN_SHOP = '내 매장에는 리뷰를 남길 수 없습니다.';
export const ORDER_NOT_CONFIRMED = '구매확정된 주문만 매장 리뷰를 남길 수 있습니다.';
export const BUYBACK_NOT_PAID = '대금 지급이 끝난 매입 거래만 매장 리뷰를 남길 수 있습니다.';
export const SHOP_ALREADY_REVIEWED = '이 거래의 매장 리뷰를 이미 작성했습니다.';
export const SHOP_REVIEW_NOT_FOUND = '매장 리뷰를 찾을 수 없습니다.';
export const NOT_THE_REVIEWED_SHOP = '리뷰를 받은 매장만 답변할 수 있습니다.';
export const SHOP_REVIEW_ALREADY_ANSWERED = '이미 답변이 등록된 리뷰입니다.';
export const SHOP_REVIEW_HIDDEN = '숨김 처리된 리뷰입니다.';

function decide(command: ShopReviewCommand, state: ShopReviewsState): DomainEvent[] {
  switch (command.type) {
    case 'WriteShopReview': {
      const { deal } = command;
      // Someone else's deal is as good as none.
      if (!deal || deal.reviewerId !== command.authorId) throw new DomainError('not_found', SHOP_REVIEW_DEAL_NOT_FOUND);
      if (command.sellerId === command.authorId) throw new DomainError('forbidden', OWN_SHOP);
      if (!deal.shopIds.includes(command.sellerId)) throw new DomainError('forbidden', NOT_THE_DEALS_SHOP);
      if (!deal.settled) throw new DomainError('forbidden', deal.kind === 'order' ? ORDER_NOT_CONFIRMED : BUYBACK_NOT_PAID);
      const reviewId = shopReviewId(deal.kind, deal.orderId, command.sellerId);
      if (state.reviews.has(reviewId)) throw new DomainError('conflict', SHOP_ALREADY_REVIEWED);
      return [{
        type: 'ShopReviewWritten',
        data: { reviewId, kind: deal.kind, orderId: deal.orderId, sellerId: command.sellerId, authorId: command.authorId, stars: command.stars, content: command.content },
      }];
    }
    case 'AnswerShopReview': {
      const review = state.reviews.get(command.reviewId);
      if (!review) throw new DomainError('not_found', SHOP_REVIEW_NOT_FOUND);
      if (review.sellerId !== command.sellerId) throw new DomainError('forbidden', NOT_THE_REVIEWED_SHOP);
      if (review.hidden) throw new DomainError('conflict', SHOP_REVIEW_HIDDEN);
      if (review.answered) throw new DomainError('conflict', SHOP_REVIEW_ALREADY_ANSWERED);
      return [{ type: 'ShopReviewAnswered', data: { reviewId: command.reviewId, sellerId: command.sellerId, content: command.content } }];
    }
    case 'HideShopReview': {
      const review = state.reviews.get(command.reviewId);
      if (!review) throw new DomainError('not_found', SHOP_REVIEW_NOT_FOUND);
      // Hidden once: a retried hide changes nothing (its figures leave the shop once).
      if (review.hidden) return [];
      return [{ type: 'ShopReviewHidden', data: { reviewId: command.reviewId, sellerId: review.sellerId, authorId: review.authorId, stars: review.stars, reason: command.reason } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: ShopReviewsState, event: StoredEvent): ShopReviewsState {
  const update = (reviewId: string, change: Partial<WrittenShopReview>) => {
    const review = state.reviews.get(reviewId);
    return review ? { reviews: new Map([...state.reviews, [reviewId, { ...review, ...change }]]) } : state;
  };
  switch (event.type) {
    case 'ShopReviewWritten': {
      const d = event.data;
      return { reviews: new Map([...state.reviews, [d.reviewId, { sellerId: d.sellerId, authorId: d.authorId, stars: d.stars, answered: false, hidden: false }]]) };
    }
    case 'ShopReviewAnswered': return update(event.data.reviewId, { answered: true });
    case 'ShopReviewHidden': return update(event.data.reviewId, { hidden: true });
    default: return state;
  }
}

export const shopReviewsDecider: Decider<ShopReviewsState, ShopReviewCommand> = {
  initialState: () => ({ reviews: new Map() }),
  evolve,
  decide,
};
