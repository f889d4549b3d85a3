import { REVIEWABLE_ORDER_STATUSES, type OrderStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The reviews of one order (stream `orderReviews-<orderId>`): a buyer reviews a product (phone model)
 * of their own order once delivered (배송완료, and still after 구매확정), once per order line. The order itself comes in the command, read
 * from its own stream by the route. A review is answered once, by the model's seller or an admin
 * (the route checks who is the seller, as for a product question).
 */
export interface ReviewedOrder {
  orderId: string;
  buyerId: string;
  status: OrderStatus;
  items: readonly { itemId: string; modelId: string }[];
}
export interface WrittenReview { productId: string; authorId: string; answered: boolean }
export type ReviewsState = {
  reviewedItemIds: ReadonlySet<string>;
  /** The order's reviews by id. */
  reviews: ReadonlyMap<string, WrittenReview>;
};
export type ReviewCommand =
  | {
    type: 'WriteReview';
    /** null: no such order. */
    order: ReviewedOrder | null;
    productId: string;
    authorId: string;
    rating: number;
    content: string;
    photos: string[];
  }
  | { type: 'AnswerReview'; reviewId: string; answererId: string; answererRole: 'seller' | 'admin'; content: string };

export const REVIEW_ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';
export const NOT_DELIVERED = '배송이 완료된 주문만 리뷰를 작성할 수 있습니다.';
export const NOT_BOUGHT = '이 주문에서 구매한 상품이 아닙니다.';
export const ALREADY_REVIEWED = '이미 리뷰를 작성한 주문 상품입니다.';
export const REVIEW_NOT_FOUND = '리뷰를 찾을 수 없습니다.';
export const REVIEW_ALREADY_ANSWERED = '이미 답변이 등록된 리뷰입니다.';

function decide(command: ReviewCommand, state: ReviewsState): DomainEvent[] {
  switch (command.type) {
    case 'WriteReview': {
      const { order } = command;
      // Someone else's order is as good as none.
      if (!order || order.buyerId !== command.authorId) throw new DomainError('not_found', REVIEW_ORDER_NOT_FOUND);
      const lines = order.items.map((item, line) => ({ ...item, line })).filter((i) => i.modelId === command.productId);
      if (lines.length === 0) throw new DomainError('forbidden', NOT_BOUGHT);
      if (!REVIEWABLE_ORDER_STATUSES.includes(order.status)) throw new DomainError('forbidden', NOT_DELIVERED);
      const open = lines.find((i) => !state.reviewedItemIds.has(i.itemId));
      if (!open) throw new DomainError('conflict', ALREADY_REVIEWED);
      return [{
        type: 'ReviewWritten',
        data: {
          reviewId: `${order.orderId}-${open.itemId}`, orderId: order.orderId, itemId: open.itemId, line: open.line, productId: command.productId,
          authorId: command.authorId, rating: command.rating, content: command.content, photos: command.photos,
        },
      }];
    }
    case 'AnswerReview': {
      const review = state.reviews.get(command.reviewId);
      if (!review) throw new DomainError('not_found', REVIEW_NOT_FOUND);
      if (review.answered) throw new DomainError('conflict', REVIEW_ALREADY_ANSWERED);
      const { type: _t, ...data } = command;
      return [{ type: 'ReviewAnswered', data }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: ReviewsState, event: StoredEvent): ReviewsState {
  switch (event.type) {
    case 'ReviewWritten': {
      const d = event.data;
      return {
        reviewedItemIds: new Set([...state.reviewedItemIds, d.itemId]),
        reviews: new Map([...state.reviews, [d.reviewId, { productId: d.productId, authorId: d.authorId, answered: false }]]),
      };
    }
    case 'ReviewAnswered': {
      const review = state.reviews.get(event.data.reviewId);
      return review ? { ...state, reviews: new Map([...state.reviews, [event.data.reviewId, { ...review, answered: true }]]) } : state;
    }
    default:
      return state;
  }
}

export const reviewsDecider: Decider<ReviewsState, ReviewCommand> = {
  initialState: () => ({ reviewedItemIds: new Set(), reviews: new Map() }),
  evolve,
  decide,
};
