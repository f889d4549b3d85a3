import type { OrderStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The reviews of one order (stream `orderReviews-<orderId>`): a buyer reviews a product (phone model)
 * of their own delivered order, once per order line. The order itself comes in the command, read
 * from its own stream by the route.
 */
export interface ReviewedOrder {
  orderId: string;
  buyerId: string;
  status: OrderStatus;
  items: readonly { itemId: string; modelId: string }[];
}
export type ReviewsState = { reviewedItemIds: ReadonlySet<string> };
export type ReviewCommand = {
  type: 'WriteReview';
  /** null: no such order. */
  order: ReviewedOrder | null;
  productId: string;
  authorId: string;
  rating: number;
  content: string;
  photos: string[];
};

export const REVIEW_ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';
export const NOT_DELIVERED = '배송이 완료된 주문만 리뷰를 작성할 수 있습니다.';
export const NOT_BOUGHT = '이 주문에서 구매한 상품이 아닙니다.';
export const ALREADY_REVIEWED = '이미 리뷰를 작성한 주문 상품입니다.';

function decide(command: ReviewCommand, state: ReviewsState): DomainEvent[] {
  switch (command.type) {
    case 'WriteReview': {
      const { order } = command;
      // Someone else's order is as good as none.
      if (!order || order.buyerId !== command.authorId) throw new DomainError('not_found', REVIEW_ORDER_NOT_FOUND);
      const lines = order.items.map((item, line) => ({ ...item, line })).filter((i) => i.modelId === command.productId);
      if (lines.length === 0) throw new DomainError('forbidden', NOT_BOUGHT);
      if (order.status !== 'delivered') throw new DomainError('forbidden', NOT_DELIVERED);
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
    default:
      return unhandled(command.type);
  }
}

function evolve(state: ReviewsState, event: StoredEvent): ReviewsState {
  return event.type === 'ReviewWritten' ? { reviewedItemIds: new Set([...state.reviewedItemIds, event.data.itemId]) } : state;
}

export const reviewsDecider: Decider<ReviewsState, ReviewCommand> = { initialState: () => ({ reviewedItemIds: new Set() }), evolve, decide };
