import type { DomainEvent, StoredEvent } from '@phonemarket/events';

/** Views of one product by one visitor (stream `productVisitor-<productId>.<visitorKey>`). */
export const VIEW_DEDUPE_MS = 10 * 60_000;

export type VisitorViewsState = { lastCountedAt: number | null };
export const initialVisitorViews = (): VisitorViewsState => ({ lastCountedAt: null });

export function evolveVisitorViews(state: VisitorViewsState, event: StoredEvent): VisitorViewsState {
  return event.type === 'ProductViewed' ? { lastCountedAt: Date.parse(event.metadata.at) } : state;
}

export type RecordProductView = { type: 'RecordProductView'; productId: string; visitorKey: string; now: number };

/** A view counts at most once per visitor per product per 10 minutes, so nobody can pump a phone up the ranking. */
export function decideProductView(command: RecordProductView, state: VisitorViewsState): DomainEvent[] {
  if (state.lastCountedAt !== null && command.now - state.lastCountedAt < VIEW_DEDUPE_MS) return [];
  return [{ type: 'ProductViewed', data: { productId: command.productId, visitorKey: command.visitorKey } }];
}
