import type { DomainEvent, PriceAlertFilter, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { emptyChunks, getIn, withEntry, type ChunkedMap } from './chunkedMap.ts';

/**
 * The live alerts of one model (issue 42 §2), stream `priceAlertIndex-<modelId>`: a move of one of
 * its series reads this index only, so it evaluates the model's alerts and no others.
 */
export interface IndexedAlert { userId: string; filter: PriceAlertFilter }
/** A model may have thousands of alerts: kept chunked, so indexing one does not copy them all. */
export interface PriceAlertIndexState { alerts: ChunkedMap<IndexedAlert> }
export type PriceAlertIndexCommand =
  | { type: 'IndexPriceAlert'; alertId: string; userId: string; filter: PriceAlertFilter }
  | { type: 'UnindexPriceAlert'; alertId: string };

export const priceAlertIndexDecider: Decider<PriceAlertIndexState, PriceAlertIndexCommand> = {
  initialState: () => ({ alerts: emptyChunks() }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'PriceAlertIndexed':
        return { alerts: withEntry(state.alerts, event.data.alertId, { userId: event.data.userId, filter: event.data.filter }) };
      case 'PriceAlertUnindexed':
        return { alerts: withEntry<IndexedAlert>(state.alerts, event.data.alertId, undefined) };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    const indexed = getIn(state.alerts, command.alertId) !== undefined;
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
