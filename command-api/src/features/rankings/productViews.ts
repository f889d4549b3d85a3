import type { DomainEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** Views of one product by one visitor (stream `productVisitor-<productId>.<visitorKey>`). */
export const VIEW_DEDUPE_MS = 10 * 60_000;

export type VisitorViewsState = { lastCountedAt: number | null };
export type ProductViewCommand = { type: 'RecordProductView'; productId: string; visitorKey: string };

/** A view counts at most once per visitor per product per 10 minutes, so nobody can pump a phone up the ranking. */
export const productViewsDecider: Decider<VisitorViewsState, ProductViewCommand> = {
  initialState: () => ({ lastCountedAt: null }),
  evolve: (state, event) => (event.type === 'ProductViewed' ? { lastCountedAt: Date.parse(event.metadata.at) } : state),
  decide(command, state, { now }): DomainEvent[] {
    switch (command.type) {
      case 'RecordProductView':
        if (state.lastCountedAt !== null && now.getTime() - state.lastCountedAt < VIEW_DEDUPE_MS) return [];
        return [{ type: 'ProductViewed', data: { productId: command.productId, visitorKey: command.visitorKey } }];
      default:
        return unhandled(command.type);
    }
  },
};
