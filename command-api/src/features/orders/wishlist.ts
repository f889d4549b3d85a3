import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** The wishlist aggregate (stream `wishlist-<userId>`): phone models the account marked 찜. Adding or removing twice is one change. */
export type WishlistState = { productIds: ReadonlySet<string> };
export type WishlistCommand = { type: 'AddToWishlist'; productId: string } | { type: 'RemoveFromWishlist'; productId: string };

function decide(command: WishlistCommand, state: WishlistState): DomainEvent[] {
  switch (command.type) {
    case 'AddToWishlist':
      return state.productIds.has(command.productId) ? [] : [{ type: 'WishlistItemAdded', data: { productId: command.productId } }];
    case 'RemoveFromWishlist':
      return state.productIds.has(command.productId) ? [{ type: 'WishlistItemRemoved', data: { productId: command.productId } }] : [];
    default:
      return unhandled(command);
  }
}

function evolve(state: WishlistState, event: StoredEvent): WishlistState {
  if (event.type === 'WishlistItemAdded') return { productIds: new Set([...state.productIds, event.data.productId]) };
  if (event.type === 'WishlistItemRemoved') return { productIds: new Set([...state.productIds].filter((id) => id !== event.data.productId)) };
  return state;
}

export const wishlistDecider: Decider<WishlistState, WishlistCommand> = { initialState: () => ({ productIds: new Set() }), evolve, decide };

/** What an account has read of its notifications (stream `notificationReads-<userId>`): reading one twice is one event. */
export type NotificationReadsState = { read: ReadonlySet<string> };
export type NotificationReadsCommand = { type: 'MarkNotificationRead'; notificationId: string } | { type: 'MarkAllNotificationsRead'; before: string };

export const notificationReadsDecider: Decider<NotificationReadsState, NotificationReadsCommand> = {
  initialState: () => ({ read: new Set() }),
  evolve: (state, event) => (event.type === 'NotificationRead' ? { read: new Set([...state.read, event.data.notificationId]) } : state),
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead':
        return state.read.has(command.notificationId) ? [] : [{ type: 'NotificationRead', data: { notificationId: command.notificationId } }];
      case 'MarkAllNotificationsRead':
        return [{ type: 'AllNotificationsRead', data: { before: command.before } }];
      default:
        return unhandled(command);
    }
  },
};
