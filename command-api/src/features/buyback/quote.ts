import { BUYBACK_MESSAGES, type BuybackHandover, type BuybackPayout } from '@phonemarket/contracts/buyback.ts';
import type { BuybackBank, DomainEvent, EventDataOf, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One instant quote (stream `buybackQuote-<quoteId>`): what the server computed (grade, best and
 * runner-up shops, the best shop's terms), then its acceptance (which opens the buyback order, by
 * a process) or its expiry 7 days on (a process timer on the runner).
 */
export type BuybackQuotedData = EventDataOf<'BuybackQuoted'>;
export interface BuybackQuoteState {
  quote: BuybackQuotedData | null;
  acceptedOrderId: string | null;
  accepted: EventDataOf<'BuybackQuoteAccepted'> | null;
  expired: boolean;
}

export type BuybackQuoteCommand =
  | { type: 'RecordBuybackQuote'; quote: BuybackQuotedData }
  | { type: 'AcceptBuybackQuote'; userId: string; orderId: string; handover: BuybackHandover; payout: BuybackPayout; bank: BuybackBank | null }
  | { type: 'ExpireBuybackQuote' };

function decide(command: BuybackQuoteCommand, state: BuybackQuoteState, now: Date): DomainEvent[] {
  switch (command.type) {
    case 'RecordBuybackQuote':
      // A retried quote (its Idempotency-Key names the same quote) records nothing new.
      return state.quote ? [] : [{ type: 'BuybackQuoted', data: command.quote }];
    case 'AcceptBuybackQuote': {
      const quote = state.quote;
      if (!quote || quote.userId !== command.userId) throw new DomainError('not_found', BUYBACK_MESSAGES.quoteNotFound);
      if (state.acceptedOrderId !== null) {
        // The same acceptance again (a retry) is no change; another is a conflict.
        if (state.acceptedOrderId === command.orderId) return [];
        throw new DomainError('conflict', BUYBACK_MESSAGES.quoteAccepted);
      }
      if (state.expired || now.getTime() > Date.parse(quote.validUntil)) throw new DomainError('conflict', BUYBACK_MESSAGES.quoteExpired);
      if (!quote.best || !quote.terms) throw new DomainError('conflict', BUYBACK_MESSAGES.noBest);
      return [{
        type: 'BuybackQuoteAccepted',
        data: { quoteId: quote.quoteId, orderId: command.orderId, handover: command.handover, payout: command.payout, bank: command.bank },
      }];
    }
    case 'ExpireBuybackQuote':
      if (!state.quote || state.acceptedOrderId !== null || state.expired) return [];
      return [{ type: 'BuybackQuoteExpired', data: { quoteId: state.quote.quoteId } }];
    default:
      return unhandled(command);
  }
}

function evolve(state: BuybackQuoteState, event: StoredEvent): BuybackQuoteState {
  switch (event.type) {
    case 'BuybackQuoted': return { ...state, quote: event.data };
    case 'BuybackQuoteAccepted': return { ...state, acceptedOrderId: event.data.orderId, accepted: event.data };
    case 'BuybackQuoteExpired': return { ...state, expired: true };
    default: return state;
  }
}

export const buybackQuoteDecider: Decider<BuybackQuoteState, BuybackQuoteCommand> = {
  initialState: () => ({ quote: null, acceptedOrderId: null, accepted: null, expired: false }),
  evolve,
  decide: (command, state, ctx) => decide(command, state, ctx.now),
};
