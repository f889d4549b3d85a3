import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * 재입고 알림 (issue 42 §3), stream `restockAlerts-offer:<id>` or `restockAlerts-model:<id>`: the buyers
 * waiting, in the order they asked. When units come back each is told once, in that order, and the
 * subscriptions end (asking again waits for the next time).
 */
export interface RestockAlertsState { waiting: readonly string[] }
export type RestockAlertsCommand =
  | { type: 'RequestRestockAlert'; userId: string; modelId: string; offerId: string | null; soldOut: boolean }
  | { type: 'SendRestockAlerts'; modelId: string; offerId: string | null };

export const RESTOCK_IN_STOCK_MESSAGE = '재고가 있는 상품입니다. 지금 바로 구매할 수 있어요.';

export const restockAlertsDecider: Decider<RestockAlertsState, RestockAlertsCommand> = {
  initialState: () => ({ waiting: [] }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'RestockAlertRequested': return { waiting: [...state.waiting, event.data.userId] };
      case 'RestockAlertsSent': return { waiting: [] };
      default: return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RequestRestockAlert':
        if (state.waiting.includes(command.userId)) return [];
        if (!command.soldOut) throw new DomainError('conflict', RESTOCK_IN_STOCK_MESSAGE);
        return [{ type: 'RestockAlertRequested', data: { userId: command.userId, modelId: command.modelId, offerId: command.offerId } }];
      case 'SendRestockAlerts':
        return state.waiting.length === 0 ? [] : [{ type: 'RestockAlertsSent', data: { userIds: [...state.waiting], modelId: command.modelId, offerId: command.offerId } }];
      default:
        return unhandled(command);
    }
  },
};
