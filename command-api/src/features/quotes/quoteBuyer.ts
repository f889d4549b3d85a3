import { MAX_OPEN_QUOTE_REQUESTS, QUOTE_MESSAGES } from '@phonemarket/contracts/quotes.ts';
import type { DomainEvent, QuoteRequestData, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * A buyer's requests in progress (stream `quoteBuyer-<userId>`): at most `MAX_OPEN_QUOTE_REQUESTS`.
 * `QuoteRequestFiled` is a new request's commit point (it carries the whole request; the quote
 * process opens the request's own stream from it); a request that ends frees its place.
 */
export interface QuoteBuyerState { filed: ReadonlySet<string>; live: ReadonlySet<string> }
export type QuoteBuyerCommand =
  | { type: 'FileQuoteRequest'; request: QuoteRequestData }
  | { type: 'FreeQuoteRequestSlot'; requestId: string };

export const quoteBuyerDecider: Decider<QuoteBuyerState, QuoteBuyerCommand> = {
  initialState: () => ({ filed: new Set(), live: new Set() }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'QuoteRequestFiled':
        return { filed: new Set(state.filed).add(event.data.request.requestId), live: new Set(state.live).add(event.data.request.requestId) };
      case 'QuoteRequestSlotFreed': {
        const live = new Set(state.live);
        live.delete(event.data.requestId);
        return { ...state, live };
      }
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'FileQuoteRequest':
        if (state.filed.has(command.request.requestId)) return [];
        if (state.live.size >= MAX_OPEN_QUOTE_REQUESTS) throw new DomainError('conflict', QUOTE_MESSAGES.tooManyOpen);
        return [{ type: 'QuoteRequestFiled', data: { request: command.request } }];
      case 'FreeQuoteRequestSlot':
        return state.live.has(command.requestId) ? [{ type: 'QuoteRequestSlotFreed', data: { requestId: command.requestId } }] : [];
      default:
        return unhandled(command);
    }
  },
};
