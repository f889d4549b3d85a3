import type { DomainEvent, PriceAlertFilter, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The live alerts of one model (issue 42 §2), stream `priceAlertIndex-<modelId>`: a move of one of
 * its series reads this index only, so it evaluates the model's alerts and no others.
 */
export interface PriceAlertIndexState { alerts: Readonly<Record<string, { userId: string; filter: PriceAlertFilter }>> }
export type PriceAlertIndexCommand =
  | { type: 'IndexPriceAlert'; alertId: string; userId: string; filter: PriceAlertFilter }
  | { type: 'UnindexPriceAlert'; alertId: string };

export const priceAlertIndexDecider: Decider<PriceAlertIndexState, PriceAlertIndexCommand> = {
  initialState: () => ({ alerts: {} }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'PriceAlertIndexed':
        return { alerts: { ...state.alerts, [event.data.alertId]: { userId: event.data.userId, filter: event.data.filter } } };
      case 'PriceAlertUnindexed': {
        const { [event.data.alertId]: _gone, ...alerts } = state.alerts;
        return { alerts };
      }
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    const indexed = Object.hasOwn(state.alerts, command.alertId);
    switch (command.type) {
      // Idempotent by state: a process that resends changes nothing.
      case 'IndexPriceAlert':
        return indexed ? [] : [{ type: 'PriceAlertIndexed', data: { alertId: command.alertId, userId: command.userId, filter: command.filter } }];
      case 'UnindexPriceAlert':
        return indexed ? [{ type: 'PriceAlertUnindexed', data: { alertId: command.alertId } }] : [];
      default:
        return unhandled(command);
    }
  },
};
