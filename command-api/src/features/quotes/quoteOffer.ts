import { MAX_QUOTE_OFFER_REVISIONS, MAX_QUOTE_OFFERS, QUOTE_MESSAGES } from '@phonemarket/contracts/quotes.ts';
import type { DomainEvent, QuoteOfferTerms } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';
import { evolveQuoteRequest, initialQuoteRequestState, requireRequest, type QuoteOfferState, type QuoteRequestState } from './quoteRequest.ts';

/**
 * Sellers' sealed offers on a quote request (same stream and state as `quoteRequestDecider`): one
 * per seller, at most `MAX_QUOTE_OFFERS`, revised at most twice, only while the request is open and
 * before `closesAt`. `validUntil` = sent + `validHours`, never before the request's `decideBy`.
 */
export type QuoteOfferCommand =
  | { type: 'SubmitQuoteOffer'; offerId: string; seller: QuoteOfferState['seller']; terms: QuoteOfferTerms; validHours?: number }
  | { type: 'ReviseQuoteOffer'; offerId: string; sellerId: string; terms: QuoteOfferTerms; validHours?: number }
  /** A process timer's on the runner, at the offer's `validUntil`: nothing once it was accepted, declined or lapsed with the request. */
  | { type: 'ExpireQuoteOffer'; offerId: string };

const HOUR_MS = 3_600_000;

function validUntil(now: Date, decideBy: string, validHours: number | undefined): string {
  const own = validHours === undefined ? 0 : now.getTime() + validHours * HOUR_MS;
  return new Date(Math.max(own, Date.parse(decideBy))).toISOString();
}

/** Whether the request still takes offers now (open, before `closesAt`). */
function assertTakingOffers(state: QuoteRequestState, now: Date): void {
  const request = requireRequest(state);
  if (state.status !== 'open' || Date.parse(request.closesAt) <= now.getTime()) throw new DomainError('conflict', QUOTE_MESSAGES.closed);
}

/** What the buyer's notification and push need: the count, the lowest figure, whether this one is the first or a new best. */
function notice(state: QuoteRequestState, offerId: string, totalCost: number, isNew: boolean) {
  const others = [...state.offers.values()].filter((o) => o.offerId !== offerId);
  const bestBefore = Math.min(...[...state.offers.values()].map((o) => o.terms.totalCost));
  const bestOthers = Math.min(...others.map((o) => o.terms.totalCost));
  return {
    buyerId: state.request!.buyerId, modelName: state.request!.modelName,
    first: isNew && state.offers.size === 0,
    // A new lowest figure (a revision that only keeps its own lead is no news).
    best: state.offers.size > 0 && totalCost < bestBefore,
    offerCount: state.offers.size + (isNew ? 1 : 0),
    bestTotalCost: Math.min(totalCost, bestOthers),
  };
}

function decide(command: QuoteOfferCommand, state: QuoteRequestState, ctx: DecisionContext): DomainEvent[] {
  switch (command.type) {
    case 'SubmitQuoteOffer': {
      const request = requireRequest(state);
      if (state.offers.has(command.offerId)) return [];
      assertTakingOffers(state, ctx.now);
      if ([...state.offers.values()].some((o) => o.seller.id === command.seller.id)) throw new DomainError('conflict', QUOTE_MESSAGES.alreadyOffered);
      if (state.offers.size >= MAX_QUOTE_OFFERS) throw new DomainError('conflict', QUOTE_MESSAGES.full);
      return [{
        type: 'QuoteOfferSubmitted',
        data: {
          requestId: request.requestId, offerId: command.offerId, seller: command.seller, terms: command.terms,
          validUntil: validUntil(ctx.now, request.decideBy, command.validHours), ...notice(state, command.offerId, command.terms.totalCost, true),
        },
      }];
    }
    case 'ReviseQuoteOffer': {
      const request = requireRequest(state);
      const offer = state.offers.get(command.offerId);
      if (!offer || offer.seller.id !== command.sellerId) throw new DomainError('not_found', QUOTE_MESSAGES.offerNotFound);
      assertTakingOffers(state, ctx.now);
      if (offer.revisions >= MAX_QUOTE_OFFER_REVISIONS) throw new DomainError('conflict', QUOTE_MESSAGES.tooManyRevisions);
      return [{
        type: 'QuoteOfferRevised',
        data: {
          requestId: request.requestId, offerId: offer.offerId, sellerId: offer.seller.id, terms: command.terms,
          validUntil: validUntil(ctx.now, request.decideBy, command.validHours), revision: offer.revisions + 1,
          ...notice(state, offer.offerId, command.terms.totalCost, false),
        },
      }];
    }
    case 'ExpireQuoteOffer': {
      const offer = state.offers.get(command.offerId);
      if (!offer || offer.status !== 'submitted' || !state.request || Date.parse(offer.validUntil) > ctx.now.getTime()) return [];
      return [{ type: 'QuoteOfferExpired', data: { requestId: state.request.requestId, offerId: offer.offerId } }];
    }
    default:
      return unhandled(command);
  }
}

export const quoteOfferDecider: Decider<QuoteRequestState, QuoteOfferCommand> = {
  initialState: initialQuoteRequestState,
  evolve: evolveQuoteRequest,
  decide,
};
